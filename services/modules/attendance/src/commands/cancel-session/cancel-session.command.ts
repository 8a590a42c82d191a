import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { CancelSessionRequest } from '@academy/contracts';
import type { AttendanceWritten } from '../attendance-written.js';

/** Sessions list, 'Cancel': one session does not take place, with a reason the cohort is told. */
export class CancelSession extends Command<AttendanceWritten> {
  constructor(
    readonly caller: CommandContext,
    readonly sessionId: string,
    readonly input: CancelSessionRequest,
  ) {
    super();
  }
}
