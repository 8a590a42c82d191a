import { CommandHandler } from '@nestjs/cqrs';
import { PipelineCommandHandler, principalOf } from '@academy/backend';
import { DomainError, Retry, runCommand } from '@academy/event-store';
import { ATTENDANCE_MESSAGES, type Role } from '@academy/contracts';
import { nonTeachingDaysDecider, nonTeachingDaysStream } from '../../domain/non-teaching-days.js';
import type { AttendanceWritten } from '../attendance-written.js';
import { RemoveNonTeachingDay } from './remove-non-teaching-day.command.js';

@CommandHandler(RemoveNonTeachingDay)
export class RemoveNonTeachingDayHandler extends PipelineCommandHandler<RemoveNonTeachingDay> {
  async execute({ caller, date }: RemoveNonTeachingDay): Promise<AttendanceWritten> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new DomainError('not_found', ATTENDANCE_MESSAGES.holidayNotFound);
    const year = Number(date.slice(0, 4));
    const { position } = await runCommand(this.store, caller.metadata, {
      retry: Retry.onConflict(3),
      execute: async (unit) => {
        unit.decide(await unit.load(nonTeachingDaysStream(year), nonTeachingDaysDecider), nonTeachingDaysDecider, { type: 'RemoveNonTeachingDay', role: principalOf(caller).role as Role, date });
      },
    });
    return { id: String(year), position };
  }
}
