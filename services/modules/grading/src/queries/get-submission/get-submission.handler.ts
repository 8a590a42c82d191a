// One submission: every attempt of its (student, item) stream, as the screens show them.
import { QueryHandler } from '@nestjs/cqrs';
import { orNone, readModelEm, ReadModelQueryHandler } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { GRADING_MESSAGES, type SubmissionDetailResponse } from '@academy/contracts';
import { assertCanRead, readStreamOf } from '../submission-access.read.js';
import { submissionsOf, submissionView } from '../submission-view.read.js';
import { GetSubmission } from './get-submission.query.js';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';

@QueryHandler(GetSubmission)
export class GetSubmissionHandler extends ReadModelQueryHandler<GetSubmission> {
  async execute({ principal, id: submissionId }: GetSubmission): Promise<SubmissionDetailResponse> {
    const found = await readStreamOf(this.em, submissionId);
    if (!found) throw new DomainError('not_found', GRADING_MESSAGES.submissionNotFound);
    await assertCanRead(this.em, principal, found.subjectId, found.studentId);
    // Every attempt at the same (student, item), oldest first.
    const attempts = await orNone(submissionsOf(submissionView(readModelEm(this.em, GRADING_PROJECTION)).where({ streamId: found.streamId }).orderBy({ attempt: 'asc' })), []);
    return { submission: attempts.find((a) => a.id === submissionId)!, attempts };
  }
}
