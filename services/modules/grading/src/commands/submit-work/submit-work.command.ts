import { CallerCommand } from '@academy/backend';
import type { Submission, SubmitWorkRequest } from '@academy/contracts';

/** Student Weekly Lessons, 'Submit Task' / 'Submit Capstone': an attempt of the caller, on their own stream. */
export class SubmitWork extends CallerCommand<SubmitWorkRequest, { submission: Submission; position: number }> {}
