import { CommandHandler } from '@nestjs/cqrs';
import { PipelineCommandHandler, principalOf } from '@academy/backend';
import { Retry, runCommand } from '@academy/event-store';
import type { Role } from '@academy/contracts';
import { nonTeachingDaysDecider, nonTeachingDaysStream } from '../../domain/non-teaching-days.js';
import { publicHolidays } from '../../domain/public-holidays.js';
import type { AttendanceWritten } from '../attendance-written.js';
import { FillNonTeachingDays } from './fill-non-teaching-days.command.js';

/** The holidays as date-holidays knows them now go into the event: a replay does not depend on the library's version. */
@CommandHandler(FillNonTeachingDays)
export class FillNonTeachingDaysHandler extends PipelineCommandHandler<FillNonTeachingDays> {
  async execute({ caller, input }: FillNonTeachingDays): Promise<AttendanceWritten> {
    const { position } = await runCommand(this.store, caller.metadata, {
      retry: Retry.onConflict(3),
      execute: async (unit) => {
        unit.decide(await unit.load(nonTeachingDaysStream(input.year), nonTeachingDaysDecider), nonTeachingDaysDecider, {
          type: 'FillPublicHolidays',
          role: principalOf(caller).role as Role,
          year: input.year,
          holidays: publicHolidays(input.year),
        });
      },
    });
    return { id: String(input.year), position };
  }
}
