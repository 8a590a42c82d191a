import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE } from '@academy/backend';
import { DomainError, type EventStore, runCommand } from '@academy/event-store';
import { LEARNING_MESSAGES } from '@academy/contracts';
import { weekDecider, weekIdOf, weekStream } from '../../domain/week.js';
import { WeekGate } from '../week-gate.js';
import type { WeekWritten } from '../week-written.js';
import { CreateWeek } from './create-week.command.js';

/** Once per (subject, N): the week id is derived from both, so the stream itself is the uniqueness claim. */
@CommandHandler(CreateWeek)
export class CreateWeekHandler implements ICommandHandler<CreateWeek> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly weeks: WeekGate,
  ) {}

  async execute({ caller, input }: CreateWeek): Promise<WeekWritten> {
    await this.weeks.teacherOfSubject(caller, input.subjectId);
    const weekId = weekIdOf(input.subjectId, input.weekNumber);
    const exists = LEARNING_MESSAGES.weekExists(input.weekNumber);
    const { position } = await runCommand(this.store, caller.metadata, {
      // Two creates of the same week at once: the second finds the stream taken (the decider says the same when it is not a race).
      conflict: () => new DomainError('conflict', exists, { weekNumber: [exists] }),
      execute: async (unit) => {
        unit.decide(await unit.load(weekStream(weekId), weekDecider), weekDecider, { type: 'CreateWeek', weekId, ...input });
      },
    });
    return { weekId, position };
  }
}
