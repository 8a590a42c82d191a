import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from '@academy/web-session';

/** Puts the API's per-field messages (a 400's `fields`) under the fields of the form that has them. */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): void {
  if (!(error instanceof ApiRequestError)) return;
  for (const [field, messages] of Object.entries(error.fields)) {
    if ((fields as readonly string[]).includes(field) && messages[0]) setError(field as Path<T>, { type: 'server', message: messages.join(' ') });
  }
}
