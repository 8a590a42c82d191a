import { useId, type ComponentProps } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Input, Label } from '@academy/ui';

/** A labelled input with its validation message, tied together for screen readers. */
export function FormField({
  label,
  registration,
  error,
  ...inputProps
}: { label: string; registration: UseFormRegisterReturn; error?: FieldError } & Omit<ComponentProps<'input'>, 'name'>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...inputProps} {...registration} />
      {error?.message && (
        <p id={errorId} className="text-sm text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}
