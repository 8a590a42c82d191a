import { ADMISSIONS_MESSAGES } from '@academy/contracts';
import { ApiRequestError, type ToastText } from '@academy/web-session';

/** The per-IP limit's own message when that is why a public form was refused (shown under the button too), else null. */
export const rateLimitMessage = (error: unknown): string | null => (error instanceof ApiRequestError && error.status === 429 ? ADMISSIONS_MESSAGES.rateLimited : null);

/** A public form's failure toast: the spec's 'Error' with `failedDescription` (spec §8), or with the rate limit's message when that is why. */
export const publicFormFailure =
  (failedDescription: string) =>
  (error: unknown): ToastText => ({ title: 'Error', description: rateLimitMessage(error) ?? failedDescription });
