import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE } from '@academy/backend';
import { DomainError, type EventStore, runCommand } from '@academy/event-store';
import { LEARNING_MESSAGES } from '@academy/contracts';
import { weekDecider, weekStream } from '../../domain/week.js';
import { WeekGate } from '../week-gate.js';
import type { WeekWritten } from '../week-written.js';
import { PublishWeek } from './publish-week.command.js';

@CommandHandler(PublishWeek)
export class PublishWeekHandler implements ICommandHandler<PublishWeek> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly weeks: WeekGate,
  ) {}

  async execute({ caller, weekId, input }: PublishWeek): Promise<WeekWritten> {
    await this.weeks.teacherOfWeek(caller, weekId);
    const { position } = await runCommand(this.store, caller.metadata, {
      // Retry.never: the teacher toggled what they saw; another change in between is theirs to see.
      conflict: () => new DomainError('conflict', LEARNING_MESSAGES.changedMeanwhile),
      execute: async (unit) => {
        unit.decide(await unit.load(weekStream(weekId), weekDecider), weekDecider, { type: 'SetPublished', published: input.published });
      },
    });
    return { weekId, position };
  }
}
