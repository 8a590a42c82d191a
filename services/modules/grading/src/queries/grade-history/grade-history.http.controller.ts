import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, EVENT_STORE, type Principal, ReadsProjections, Roles } from '@academy/backend';
import { DomainError, type EventStore } from '@academy/event-store';
import { GRADING_EVENTS, GRADING_MESSAGES, type GradeChange, type GradeHistoryResponse, type SubmissionGradedData, type SubmissionGradedPersonal } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { GradingReader } from '../../projections/grading/grading.reader.js';
import { assertCanRead } from '../staff-access.js';

@ApiTags('grading')
@Controller('submissions')
export class GradeHistoryController {
  constructor(
    private readonly reader: GradingReader,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** Staff only: every grade change of the item's attempts (who, when, old → new), read from the events themselves. */
  @Get(':id/history')
  @Roles('teacher', 'admin')
  @ReadsProjections(GRADING_PROJECTION)
  async history(@Param('id') id: string, @CurrentUser() principal: Principal): Promise<GradeHistoryResponse> {
    const found = await this.reader.streamOf(id);
    if (!found) throw new DomainError('not_found', GRADING_MESSAGES.submissionNotFound);
    await assertCanRead(this.reader, principal, found.subjectId, found.studentId);
    const graded = (await this.store.readStream(found.streamId)).filter((e) => e.type === GRADING_EVENTS.SubmissionGraded);
    const names = await this.reader.names([...new Set(graded.map((e) => (e.data as SubmissionGradedData).teacherId))]);
    const changes: GradeChange[] = graded.map((e) => {
      const d = e.data as SubmissionGradedData;
      const p = (e.personal?.data ?? {}) as Partial<SubmissionGradedPersonal>;
      return {
        submissionId: d.submissionId,
        attempt: d.attempt,
        teacherId: d.teacherId,
        teacherName: names.get(d.teacherId) ?? '',
        gradedAt: e.metadata.occurredAt,
        from: d.previous ? { score: d.previous.score, status: d.previous.status, feedback: p.previousFeedback ?? '' } : null,
        to: { score: d.score, status: d.status, feedback: p.feedback ?? '' },
      };
    });
    return { changes };
  }
}
