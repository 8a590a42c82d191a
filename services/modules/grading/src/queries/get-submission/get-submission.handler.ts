import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@academy/event-store';
import { GRADING_MESSAGES, type SubmissionDetailResponse } from '@academy/contracts';
import { GradingReader } from '../../projections/grading/grading.reader.js';
import { assertCanRead } from '../staff-access.js';
import { GetSubmission } from './get-submission.query.js';

@QueryHandler(GetSubmission)
export class GetSubmissionHandler implements IQueryHandler<GetSubmission> {
  constructor(private readonly reader: GradingReader) {}

  async execute({ principal, submissionId }: GetSubmission): Promise<SubmissionDetailResponse> {
    const found = await this.reader.streamOf(submissionId);
    if (!found) throw new DomainError('not_found', GRADING_MESSAGES.submissionNotFound);
    await assertCanRead(this.reader, principal, found.subjectId, found.studentId);
    const attempts = await this.reader.attempts(found.streamId);
    return { submission: attempts.find((a) => a.id === submissionId)!, attempts };
  }
}
