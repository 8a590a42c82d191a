import { Query } from '@nestjs/cqrs';
import type { VerificationStatus } from '@academy/contracts';

/** Where a verification is: queued, running (with the job's progress) or done (with its outcome). */
export class VerificationStatusQuery extends Query<VerificationStatus> {
  constructor(readonly id: string) {
    super();
  }
}
