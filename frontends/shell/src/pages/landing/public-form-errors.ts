import { ADMISSIONS_MESSAGES } from '@academy/contracts';
import { toast } from '@academy/ui';
import { ApiRequestError } from '@academy/web-session';

/**
 * A public form's failure: the spec's toast (spec §8 'Error' + its description), or the per-IP limit's
 * own message when that is why (the returned text is also shown under the button).
 */
export function reportPublicFormFailure(error: unknown, failedDescription: string): string | null {
  const limited = error instanceof ApiRequestError && error.status === 429;
  toast.error('Error', { description: limited ? ADMISSIONS_MESSAGES.rateLimited : failedDescription });
  return limited ? ADMISSIONS_MESSAGES.rateLimited : null;
}
