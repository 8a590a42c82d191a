// The week editor's read: one week with its tasks and capstone (see ../weeks.read.ts).
import { QueryHandler } from '@nestjs/cqrs';
import { isUuid, ReadModelQueryHandler } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { LEARNING_MESSAGES, type WeekResponse } from '@academy/contracts';
import { readIsAssigned, weeksWhere } from '../weeks.read.js';
import { GetWeek } from './get-week.query.js';

/** 404 unknown (or a malformed id: ids are uuids); 403 for a teacher not assigned to the week's subject. */
@QueryHandler(GetWeek)
export class GetWeekHandler extends ReadModelQueryHandler<GetWeek> {
  async execute({ principal, id: weekId }: GetWeek): Promise<WeekResponse> {
    const [week] = isUuid(weekId) ? await weeksWhere(this.em, { id: weekId }) : [];
    if (!week) throw new DomainError('not_found', LEARNING_MESSAGES.weekNotFound);
    if (principal.role !== 'admin' && !(await readIsAssigned(this.em, principal.userId, week.subjectId))) throw new DomainError('forbidden', LEARNING_MESSAGES.notYourSubject);
    return { week };
  }
}
