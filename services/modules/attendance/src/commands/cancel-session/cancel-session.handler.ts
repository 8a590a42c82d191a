import { CommandHandler } from '@nestjs/cqrs';
import { GatedCommandHandler } from '@academy/backend';
import { runCommand } from '@academy/event-store';
import { scheduleDecider, scheduleStream } from '../../domain/schedule.js';
import type { AttendanceWritten } from '../attendance-written.js';
import { readSessionChange } from '../session-change.js';
import { CancelSession } from './cancel-session.command.js';

/** One SessionCancelled naming the cohort it tells (bell and mail: notifications/attendance.templates.ts). */
@CommandHandler(CancelSession)
export class CancelSessionHandler extends GatedCommandHandler<CancelSession> {
  async execute({ caller, sessionId, input }: CancelSession): Promise<AttendanceWritten> {
    const facts = await readSessionChange(this.gate, caller, sessionId);
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => {
        unit.decide(await unit.load(scheduleStream(facts.subjectId), scheduleDecider), scheduleDecider, { type: 'CancelSession', ...facts, reason: input.reason });
      },
    });
    return { id: sessionId, position };
  }
}
