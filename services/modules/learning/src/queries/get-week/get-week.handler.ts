import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@academy/event-store';
import { LEARNING_MESSAGES, type WeekResponse } from '@academy/contracts';
import { readIsAssigned } from '../weeks.read.js';
import { GetWeek } from './get-week.query.js';
import { readWeek } from './get-week.read.js';

/** 404 unknown; 403 for a teacher not assigned to the week's subject. */
@QueryHandler(GetWeek)
export class GetWeekHandler implements IQueryHandler<GetWeek> {
  constructor(private readonly em: EntityManager) {}

  async execute({ principal, weekId }: GetWeek): Promise<WeekResponse> {
    const week = await readWeek(this.em, weekId);
    if (!week) throw new DomainError('not_found', LEARNING_MESSAGES.weekNotFound);
    if (principal.role !== 'admin' && !(await readIsAssigned(this.em, principal.userId, week.subjectId))) throw new DomainError('forbidden', LEARNING_MESSAGES.notYourSubject);
    return { week };
  }
}
