import { Injectable } from '@nestjs/common';
import type { Principal } from '@academy/backend';
import { ConcurrencyError, DomainError, type EventMetadata } from '@academy/event-store';
import { type CreateWeekRequest, LEARNING_MESSAGES, type Week } from '@academy/contracts';
import { weekIdOf } from '../../domain/week.js';
import { WeekWrites } from '../week-writes.js';

/** Teacher Weekly Content, 'Create Week': a draft week N of an assigned subject, once per (subject, N). */
@Injectable()
export class CreateWeekHandler {
  constructor(private readonly writes: WeekWrites) {}

  async execute(principal: Principal, input: CreateWeekRequest, metadata: EventMetadata): Promise<{ week: Week; position: number }> {
    await this.writes.authorize(principal, input.subjectId);
    const weekId = weekIdOf(input.subjectId, input.weekNumber);
    try {
      return await this.writes.execute(weekId, { type: 'CreateWeek', weekId, ...input }, metadata, 0);
    } catch (e) {
      // Two creates of the same week at once: the second finds the stream taken.
      if (e instanceof ConcurrencyError) throw new DomainError('conflict', LEARNING_MESSAGES.weekExists(input.weekNumber), { weekNumber: [LEARNING_MESSAGES.weekExists(input.weekNumber)] });
      throw e;
    }
  }
}
