import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@academy/event-store';
import { LEARNING_MESSAGES } from '@academy/contracts';
import { WeekGate } from '../week-gate.js';
import type { WeekWritten } from '../week-written.js';
import { PublishWeek } from './publish-week.command.js';

@CommandHandler(PublishWeek)
export class PublishWeekHandler implements ICommandHandler<PublishWeek> {
  constructor(private readonly weeks: WeekGate) {}

  execute({ caller, weekId, input }: PublishWeek): Promise<WeekWritten> {
    // The teacher toggled what they saw; another change in between is theirs to see.
    return this.weeks.change(caller, weekId, { type: 'SetPublished', published: input.published }, { conflict: () => new DomainError('conflict', LEARNING_MESSAGES.changedMeanwhile) });
  }
}
