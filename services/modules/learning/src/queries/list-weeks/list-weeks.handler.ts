import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@academy/event-store';
import { LEARNING_MESSAGES, type WeeksResponse } from '@academy/contracts';
import { LearningReader } from '../../projections/learning/learning.reader.js';
import { ListWeeks } from './list-weeks.query.js';

/** 403 when a teacher asks for a subject not theirs. */
@QueryHandler(ListWeeks)
export class ListWeeksHandler implements IQueryHandler<ListWeeks> {
  constructor(private readonly learning: LearningReader) {}

  async execute({ principal, filter }: ListWeeks): Promise<WeeksResponse> {
    if (principal.role === 'admin') return { weeks: await this.learning.weeks({ subjectId: filter.subjectId }) };
    if (filter.subjectId && !(await this.learning.isAssigned(principal.userId, filter.subjectId))) throw new DomainError('forbidden', LEARNING_MESSAGES.notYourSubject);
    return { weeks: await this.learning.weeks({ subjectId: filter.subjectId, teacherId: principal.userId }) };
  }
}
