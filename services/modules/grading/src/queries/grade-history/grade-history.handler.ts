import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import { EVENT_STORE, orNone, readModelEm } from '@academy/backend';
import { DomainError, type EventStore } from '@academy/event-store';
import { GRADING_EVENTS, GRADING_MESSAGES, type GradeChange, type GradeHistoryResponse, type SubmissionGradedData, type SubmissionGradedPersonal } from '@academy/contracts';
import { GradingPerson } from '../../projections/grading/person.entity.js';
import { assertCanRead, readStreamOf } from '../submission-access.read.js';
import { GradeHistory } from './grade-history.query.js';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';

/** Read from the events themselves: the read model keeps only the latest grade. */
@QueryHandler(GradeHistory)
export class GradeHistoryHandler implements IQueryHandler<GradeHistory> {
  constructor(
    private readonly em: EntityManager,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ principal, id: submissionId }: GradeHistory): Promise<GradeHistoryResponse> {
    const found = await readStreamOf(this.em, submissionId);
    if (!found) throw new DomainError('not_found', GRADING_MESSAGES.submissionNotFound);
    await assertCanRead(this.em, principal, found.subjectId, found.studentId);
    const graded = (await this.store.readStream(found.streamId)).filter((e) => e.type === GRADING_EVENTS.SubmissionGraded);
    const names = await this.namesOf([...new Set(graded.map((e) => (e.data as SubmissionGradedData).teacherId))]);
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

  /** The graders' names (their email when they have none; '' when they are gone). */
  private async namesOf(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await orNone(readModelEm(this.em, GRADING_PROJECTION).find(GradingPerson, { id: { $in: ids } }, { fields: ['id', 'fullName', 'email'], disableIdentityMap: true }), []);
    return new Map(rows.map((r) => [r.id, r.fullName ?? r.email ?? '']));
  }
}
