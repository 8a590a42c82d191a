import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@academy/event-store';
import { LEARNING_MESSAGES } from '@academy/contracts';
import { weekIdOf } from '../../domain/week.js';
import { WeekGate } from '../week-gate.js';
import type { WeekWritten } from '../week-written.js';
import { CreateWeek } from './create-week.command.js';

/** Once per (subject, N): the week id is derived from both, so the stream itself is the uniqueness claim. */
@CommandHandler(CreateWeek)
export class CreateWeekHandler implements ICommandHandler<CreateWeek> {
  constructor(private readonly weeks: WeekGate) {}

  execute({ caller, input }: CreateWeek): Promise<WeekWritten> {
    const weekId = weekIdOf(input.subjectId, input.weekNumber);
    const exists = LEARNING_MESSAGES.weekExists(input.weekNumber);
    return this.weeks.create(caller, input.subjectId, weekId, { type: 'CreateWeek', weekId, ...input }, {
      // Two creates of the same week at once: the second finds the stream taken (the decider says the same when it is not a race).
      conflict: () => new DomainError('conflict', exists, { weekNumber: [exists] }),
    });
  }
}
