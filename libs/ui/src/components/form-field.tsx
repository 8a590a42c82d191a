import { useId, type ComponentProps, type ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../lib/cn';
import { Input } from './input';
import { Label } from './label';
import { NativeSelect, type SelectOption } from './native-select';

interface FieldShellProps {
  id: string;
  label: string;
  error?: Pick<FieldError, 'message'>;
  /** A short help text under the control (e.g. "Optional"). */
  hint?: ReactNode;
  className?: string;
  children: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** Label, control and validation message, tied together for screen readers. */
function FieldShell({ id, label, error, hint, className, children }: FieldShellProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error?.message ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error?.message ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={errorId} className="text-sm text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}

type FieldProps = { label: string; registration: UseFormRegisterReturn; error?: Pick<FieldError, 'message'>; hint?: ReactNode; fieldClassName?: string };

/** A labelled input with its validation message, tied together for screen readers. */
export function FormField({ label, registration, error, hint, fieldClassName, ...inputProps }: FieldProps & Omit<ComponentProps<'input'>, 'name'>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      {(aria) => <Input {...aria} {...inputProps} {...registration} />}
    </FieldShell>
  );
}

/** A labelled native <select> with its validation message. */
export function FormSelectField({
  label,
  registration,
  error,
  hint,
  fieldClassName,
  options,
  ...selectProps
}: FieldProps & { options: readonly SelectOption[] } & Omit<ComponentProps<'select'>, 'name' | 'children'>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      {(aria) => <NativeSelect {...aria} {...selectProps} options={options} {...registration} />}
    </FieldShell>
  );
}

/** A labelled native <select> whose value the page holds (a filter, a question to ask), with its message. */
export function SelectField({
  label,
  error,
  hint,
  fieldClassName,
  onValueChange,
  ...selectProps
}: { label: string; error?: string; hint?: ReactNode; fieldClassName?: string; onValueChange: (value: string) => void } & Omit<ComponentProps<typeof NativeSelect>, 'onChange'>) {
  const generated = useId();
  const id = selectProps.id ?? generated;
  return (
    <FieldShell id={id} label={label} error={error === undefined ? undefined : { message: error }} hint={hint} className={fieldClassName}>
      {(aria) => <NativeSelect {...selectProps} {...aria} onChange={(e) => onValueChange(e.target.value)} />}
    </FieldShell>
  );
}

/** A labelled multi-line text field with its validation message. */
export function FormTextareaField({ label, registration, error, hint, fieldClassName, className, ...textareaProps }: FieldProps & Omit<ComponentProps<'textarea'>, 'name'>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      {(aria) => (
        <textarea
          data-slot="textarea"
          rows={3}
          className={cn(
            'flex min-h-16 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
            'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
            'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
            className,
          )}
          {...aria}
          {...textareaProps}
          {...registration}
        />
      )}
    </FieldShell>
  );
}
