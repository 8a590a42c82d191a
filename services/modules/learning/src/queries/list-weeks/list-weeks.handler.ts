import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@academy/event-store';
import { LEARNING_MESSAGES, type WeeksResponse } from '@academy/contracts';
import { readIsAssigned } from '../weeks.read.js';
import { ListWeeks } from './list-weeks.query.js';
import { readWeeks } from './list-weeks.read.js';

/** 403 when a teacher asks for a subject not theirs. */
@QueryHandler(ListWeeks)
export class ListWeeksHandler implements IQueryHandler<ListWeeks> {
  constructor(private readonly em: EntityManager) {}

  async execute({ principal, filter }: ListWeeks): Promise<WeeksResponse> {
    if (principal.role === 'admin') return { weeks: await readWeeks(this.em, { subjectId: filter.subjectId }) };
    if (filter.subjectId && !(await readIsAssigned(this.em, principal.userId, filter.subjectId))) throw new DomainError('forbidden', LEARNING_MESSAGES.notYourSubject);
    return { weeks: await readWeeks(this.em, { subjectId: filter.subjectId, teacherId: principal.userId }) };
  }
}
