import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { SetScheduleRequest } from '@academy/contracts';
import type { AttendanceWritten } from '../attendance-written.js';

/** Schedules page, 'Set schedule': a subject's timetable (admin). */
export class SetSchedule extends Command<AttendanceWritten> {
  constructor(
    readonly caller: CommandContext,
    readonly subjectId: string,
    readonly input: SetScheduleRequest,
  ) {
    super();
  }
}
