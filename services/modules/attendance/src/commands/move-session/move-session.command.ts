import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { MoveSessionRequest } from '@academy/contracts';
import type { AttendanceWritten } from '../attendance-written.js';

/** Sessions list, 'Move': one session to another time (same length), with a reason the cohort is told. */
export class MoveSession extends Command<AttendanceWritten> {
  constructor(
    readonly caller: CommandContext,
    readonly sessionId: string,
    readonly input: MoveSessionRequest,
  ) {
    super();
  }
}
