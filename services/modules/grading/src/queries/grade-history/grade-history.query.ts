import { Query } from '@nestjs/cqrs';
import type { Principal } from '@academy/backend';
import type { GradeHistoryResponse } from '@academy/contracts';

/** Staff only: every grade change of a submission's item (who, when, old → new). */
export class GradeHistory extends Query<GradeHistoryResponse> {
  constructor(
    readonly principal: Principal,
    readonly submissionId: string,
  ) {
    super();
  }
}
