import { CallerCommand } from '@academy/backend';
import type { VerificationRequest } from '@academy/contracts';

/** Verify the whole chain (optionally through a signed checkpoint) as a job; answers the request's id. */
export class RequestVerification extends CallerCommand<VerificationRequest, { id: string; position: number }> {}
