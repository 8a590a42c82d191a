import { Inject } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock, EVENT_STORE, GatedCommandHandler, principalOf, ReadModelGate } from '@academy/backend';
import { DomainError, type EventStore, runCommand } from '@academy/event-store';
import { ATTENDANCE_MESSAGES, type Role } from '@academy/contracts';
import { readRoster, readSessionRow, readTeacherSubjectIds } from '../../access.read.js';
import { attendanceDecider, attendanceStream } from '../../domain/attendance.js';
import { mayManageSessions } from '../../domain/schedule.js';
import { ATTENDANCE_READ_MODEL } from '../../projections/attendance/attendance.projection.js';
import type { AttendanceWritten } from '../attendance-written.js';
import { RecordAttendanceMarks } from './record-attendance.command.js';

/**
 * Reads the session, the caller's subjects and the roster through ReadModelGate, then appends one
 * AttendanceMarked per changed mark in one atomic append on `attendance-<sessionId>`. Retry.never: a
 * teacher who saved over someone else's corrections is told (409), not silently overwritten.
 */
@CommandHandler(RecordAttendanceMarks)
export class RecordAttendanceHandler extends GatedCommandHandler<RecordAttendanceMarks> {
  constructor(@Inject(EVENT_STORE) store: EventStore, gate: ReadModelGate, @Inject(CLOCK) private readonly clock: Clock) {
    super(store, gate);
  }

  async execute({ caller, sessionId, input }: RecordAttendanceMarks): Promise<AttendanceWritten> {
    const p = principalOf(caller);
    const actor = { userId: p.userId, role: p.role as Role };
    const row = await this.gate.check(ATTENDANCE_READ_MODEL, ({ em }) => readSessionRow(em, sessionId), (r) => r !== null, caller.seen);
    if (!row) throw new DomainError('not_found', ATTENDANCE_MESSAGES.sessionNotFound);
    const teacherSubjectIds = actor.role === 'teacher' ? await this.gate.check(ATTENDANCE_READ_MODEL, ({ em }) => readTeacherSubjectIds(em, actor.userId), (ids) => ids.includes(row.subjectId), caller.seen) : [];
    mayManageSessions(actor, row.subjectId, teacherSubjectIds);
    const wanted = input.marks.map((m) => m.studentId);
    const roster = await this.gate.check(ATTENDANCE_READ_MODEL, ({ em }) => readRoster(em, row), (ids) => wanted.every((id) => ids.includes(id)), caller.seen);
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => {
        unit.decide(await unit.load(attendanceStream(sessionId), attendanceDecider), attendanceDecider, {
          type: 'RecordAttendance',
          actor,
          teacherSubjectIds,
          session: { sessionId, subjectId: row.subjectId, startsAt: new Date(row.startsAt), cancelled: row.status === 'cancelled' },
          roster: new Set(roster),
          marks: input.marks,
          now: this.clock(),
        });
      },
    });
    return { id: sessionId, position };
  }
}
