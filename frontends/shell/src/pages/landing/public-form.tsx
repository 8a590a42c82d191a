import { useState } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { ADMISSIONS_MESSAGES } from '@academy/contracts';
import { ApiRequestError, apiFetch, useCommandForm } from '@academy/web-session';

/** The per-IP limit's own message when that is why a public form was refused, else null. */
const rateLimitMessage = (error: unknown): string | null => (error instanceof ApiRequestError && error.status === 429 ? ADMISSIONS_MESSAGES.rateLimited : null);

interface PublicFormOptions<F extends FieldValues> {
  /** Where the values are POSTed (no session: the visitor is not signed in). */
  path: string;
  /** The fields shown (not the honeypot): the server's field messages go under them. */
  fields: readonly Path<F>[];
  /** The spec's success toast (§8). */
  sent: { title: string; description: string };
  /** The description of the spec's 'Error' toast. */
  failedDescription: string;
  onSent: () => void;
}

/**
 * How a landing-page form is sent (spec §2, §5, §8): the spec's success toast; on failure what was
 * typed stays, the server's field messages go under their fields, and the 'Error' toast is raised,
 * saying the rate limit's message when that is why (`limited`, also shown under the button).
 */
export function usePublicForm<F extends FieldValues, P>(schema: z.ZodType<P, F>, defaultValues: DefaultValues<F>, { path, fields, sent, failedDescription, onSent }: PublicFormOptions<F>) {
  const [limited, setLimited] = useState<string | null>(null);
  const post = (values: P) => {
    setLimited(null);
    return apiFetch(path, { body: values });
  };
  const send = useCommandForm(schema, defaultValues, post, {
    success: () => sent,
    failure: (error) => ({ title: 'Error', description: rateLimitMessage(error) ?? failedDescription }),
    fields,
    toastFieldErrors: true,
    onSuccess: onSent,
    onError: (error) => setLimited(rateLimitMessage(error)),
  });
  return { ...send, limited };
}

/** Why the form was refused, under its button: the rate limit's message (nothing otherwise). */
export function LimitedNotice({ limited }: { limited: string | null }) {
  return limited ? (
    <p role="alert" className="text-sm text-destructive">
      {limited}
    </p>
  ) : null;
}
