import { CommandHandler } from '@nestjs/cqrs';
import { GatedCommandHandler } from '@academy/backend';
import { runCommand } from '@academy/event-store';
import { scheduleDecider, scheduleStream } from '../../domain/schedule.js';
import type { AttendanceWritten } from '../attendance-written.js';
import { readSessionChange } from '../session-change.js';
import { MoveSession } from './move-session.command.js';

/** One SessionMoved (same length, new start) naming the cohort it tells. */
@CommandHandler(MoveSession)
export class MoveSessionHandler extends GatedCommandHandler<MoveSession> {
  async execute({ caller, sessionId, input }: MoveSession): Promise<AttendanceWritten> {
    const facts = await readSessionChange(this.gate, caller, sessionId);
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => {
        unit.decide(await unit.load(scheduleStream(facts.subjectId), scheduleDecider), scheduleDecider, { type: 'MoveSession', ...facts, startsAt: input.startsAt, reason: input.reason });
      },
    });
    return { id: sessionId, position };
  }
}
