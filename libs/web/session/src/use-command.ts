import { useRef, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toast } from '@academy/ui';
import { errorMessage } from './api-fetch';
import { applyServerFieldErrors } from './server-errors';

/** A toast's text: one line, or a title with a line under it (the public forms' texts, spec §8). */
export type ToastText = string | { title: string; description: string };

/** The form a command's refusal writes its per-field messages into (react-hook-form's, or one shaped like it). */
export interface CommandForm<F extends FieldValues> {
  setError: UseFormSetError<F>;
  getValues: () => F;
}

export interface CommandOptions<V, A, F extends FieldValues> {
  /**
   * The success toast. A text is the fallback for an answer without a `message` of its own; a
   * function decides from the answer (null: no toast). Absent: the answer's message, if any.
   */
  success?: string | ((answer: A, vars: V) => ToastText | null);
  /** The error toast: the server's message, else this text; or a function that decides from the error (null: no toast). */
  failure: string | ((error: unknown, vars: V) => ToastText | null);
  /** The form whose fields show a refusal's per-field messages (a 400's or 409's `fields`); then there is no error toast. */
  form?: CommandForm<F>;
  /** The fields that may take those messages; by default every value of `form` (narrow it when some are not shown). */
  fields?: readonly Path<F>[];
  /** Toast the failure even when its messages went under fields (the sign-in screens always say it). */
  toastFieldErrors?: boolean;
  /** After the success toast; a throw here is a failure like the command's own. */
  onSuccess?: (answer: A, vars: V) => unknown;
  /** After a failure has been shown (field messages placed, toast raised): what else it changes on screen. */
  onError?: (error: unknown, vars: V) => unknown;
}

export interface Command<V> {
  /** Runs the command once (a call while it runs is ignored); resolves to whether it succeeded, never rejects. */
  run: (vars: V) => Promise<boolean>;
  /** True from the call until the answer has been shown. */
  busy: boolean;
}

const messageOf = (answer: unknown): string => (typeof answer === 'object' && answer !== null && 'message' in answer && typeof answer.message === 'string' ? answer.message : '');

function show(kind: 'success' | 'error', text: ToastText) {
  if (typeof text === 'string') toast[kind](text);
  else toast[kind](text.title, { description: text.description });
}

function successText<V, A>(success: string | ((answer: A, vars: V) => ToastText | null) | undefined, answer: A, vars: V): ToastText | null {
  if (typeof success === 'function') return success(answer, vars);
  return messageOf(answer) || success || null;
}

/** The fields of `form` a refusal may name: `fields`, or every value the form holds. */
const fieldsOf = <F extends FieldValues>(form: CommandForm<F>, fields: readonly Path<F>[] | undefined): readonly Path<F>[] => fields ?? (Object.keys(form.getValues()) as Path<F>[]);

/**
 * What every mutation of the apps says to the user, in one place: the success toast (the answer's
 * message), a refusal's field messages under the form's fields, otherwise the server's message or
 * `failure` as an error toast, and `busy` while it runs (a second click or submit meanwhile is ignored).
 */
export function useCommand<V = void, A = unknown, F extends FieldValues = FieldValues>(command: (vars: V) => Promise<A>, options: CommandOptions<V, A, F>): Command<V> {
  const [busy, setBusy] = useState(false);
  // The state is for rendering; the ref stops a second call made before the re-render.
  const running = useRef(false);
  async function run(vars: V): Promise<boolean> {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    try {
      const answer = await command(vars);
      const text = successText(options.success, answer, vars);
      if (text) show('success', text);
      await options.onSuccess?.(answer, vars);
      return true;
    } catch (error) {
      const { form, fields, toastFieldErrors = false, onError, failure } = options;
      const placed = form ? applyServerFieldErrors(error, fieldsOf(form, fields), form.setError) : false;
      const text = typeof failure === 'function' ? failure(error, vars) : errorMessage(error, failure);
      if (text && (!placed || toastFieldErrors)) show('error', text);
      await onError?.(error, vars);
      return false;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }
  return { run, busy };
}

/**
 * A form checked by `schema` (the API's own, from @academy/contracts) whose submit runs `command`
 * through useCommand: a refusal's per-field messages go under its fields, and what was typed stays.
 */
export function useCommandForm<I extends FieldValues, O, A>(
  schema: z.ZodType<O, I>,
  defaultValues: DefaultValues<I>,
  command: (values: O) => Promise<A>,
  options: Omit<CommandOptions<O, A, I>, 'form'>,
) {
  const form = useForm<I, unknown, O>({ resolver: zodResolver(schema), defaultValues });
  const { run, busy } = useCommand(command, { ...options, form });
  return { form, errors: form.formState.errors, busy, onSubmit: form.handleSubmit(run) };
}
