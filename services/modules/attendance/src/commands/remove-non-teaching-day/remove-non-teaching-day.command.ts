import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { AttendanceWritten } from '../attendance-written.js';

/** Holidays page, 'Remove': the academy teaches on this day after all (admin). */
export class RemoveNonTeachingDay extends Command<AttendanceWritten> {
  constructor(
    readonly caller: CommandContext,
    readonly date: string,
  ) {
    super();
  }
}
