import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-fetch';

/**
 * Puts the API's per-field messages (a 400's or 409's `fields`) under the fields of the form that
 * has them. Returns whether any message found its field.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  let applied = false;
  for (const [field, messages] of Object.entries(error.fields)) {
    if ((fields as readonly string[]).includes(field) && messages[0]) {
      setError(field as Path<T>, { type: 'server', message: messages.join(' ') });
      applied = true;
    }
  }
  return applied;
}
