import { CommandHandler } from '@nestjs/cqrs';
import { PipelineCommandHandler, principalOf } from '@academy/backend';
import { Retry, runCommand } from '@academy/event-store';
import type { Role } from '@academy/contracts';
import { nonTeachingDaysDecider, nonTeachingDaysStream } from '../../domain/non-teaching-days.js';
import type { AttendanceWritten } from '../attendance-written.js';
import { AddNonTeachingDay } from './add-non-teaching-day.command.js';

/** The decider checks the role and the year's days on the stream itself. */
@CommandHandler(AddNonTeachingDay)
export class AddNonTeachingDayHandler extends PipelineCommandHandler<AddNonTeachingDay> {
  async execute({ caller, input }: AddNonTeachingDay): Promise<AttendanceWritten> {
    const year = Number(input.date.slice(0, 4));
    const { position } = await runCommand(this.store, caller.metadata, {
      retry: Retry.onConflict(3),
      execute: async (unit) => {
        unit.decide(await unit.load(nonTeachingDaysStream(year), nonTeachingDaysDecider), nonTeachingDaysDecider, { type: 'AddNonTeachingDay', role: principalOf(caller).role as Role, date: input.date, name: input.name });
      },
    });
    return { id: String(year), position };
  }
}
