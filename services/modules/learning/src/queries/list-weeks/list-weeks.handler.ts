// Teacher Weekly Content's read: the weeks of one subject and/or of the subjects assigned to the
// caller (see ../weeks.read.ts).
import { QueryHandler } from '@nestjs/cqrs';
import { ReadModelQueryHandler } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { LEARNING_MESSAGES, type WeeksResponse } from '@academy/contracts';
import { readIsAssigned, subjectsOf, weeksWhere } from '../weeks.read.js';
import { ListWeeks } from './list-weeks.query.js';

/** An admin's: any subject's. A teacher's: only their assigned subjects' (403 when they ask for another). */
@QueryHandler(ListWeeks)
export class ListWeeksHandler extends ReadModelQueryHandler<ListWeeks> {
  async execute({ principal, filter: { subjectId } }: ListWeeks): Promise<WeeksResponse> {
    const teacherId = principal.role === 'admin' ? undefined : principal.userId;
    if (teacherId && subjectId && !(await readIsAssigned(this.em, teacherId, subjectId))) throw new DomainError('forbidden', LEARNING_MESSAGES.notYourSubject);
    const conditions = [...(subjectId ? [{ subjectId }] : []), ...(teacherId ? [{ subjectId: { $in: subjectsOf(this.em, teacherId) } }] : [])];
    return { weeks: await weeksWhere(this.em, conditions.length ? { $and: conditions } : {}) };
  }
}
