import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { RecordAttendanceRequest } from '@academy/contracts';
import type { AttendanceWritten } from '../attendance-written.js';

/** Attendance page, 'Save': every mark of one session in one command (later saves are corrections). */
export class RecordAttendanceMarks extends Command<AttendanceWritten> {
  constructor(
    readonly caller: CommandContext,
    readonly sessionId: string,
    readonly input: RecordAttendanceRequest,
  ) {
    super();
  }
}
