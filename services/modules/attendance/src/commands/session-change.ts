// What cancelling and moving a session both read before they decide: the session on the timetable,
// the caller's subjects, and the cohort to tell (fixed in the event, as announcements fix theirs).
import { DomainError } from '@academy/event-store';
import { ATTENDANCE_MESSAGES, type Role } from '@academy/contracts';
import type { CommandContext, ReadModelGate } from '@academy/backend';
import { principalOf } from '@academy/backend';
import { readCohort, readSessionRow, readSubjects, readTeacherSubjectIds } from '../access.read.js';
import { mayManageSessions, type Actor, type SessionFacts } from '../domain/schedule.js';
import { ATTENDANCE_READ_MODEL } from '../projections/attendance/attendance.projection.js';

export interface SessionChangeFacts {
  actor: Actor;
  subjectId: string;
  subjectName: string;
  teacherSubjectIds: string[];
  session: SessionFacts;
  recipientIds: string[];
}

export async function readSessionChange(gate: ReadModelGate, caller: CommandContext, sessionId: string): Promise<SessionChangeFacts> {
  const p = principalOf(caller);
  const actor = { userId: p.userId, role: p.role as Role };
  const row = await gate.check(ATTENDANCE_READ_MODEL, ({ em }) => readSessionRow(em, sessionId), (r) => r !== null, caller.seen);
  if (!row) throw new DomainError('not_found', ATTENDANCE_MESSAGES.sessionNotFound);
  const teacherSubjectIds = actor.role === 'teacher' ? await gate.check(ATTENDANCE_READ_MODEL, ({ em }) => readTeacherSubjectIds(em, actor.userId), (ids) => ids.includes(row.subjectId), caller.seen) : [];
  // Authorization before the cohort is read (the decider checks it again on the same facts).
  mayManageSessions(actor, row.subjectId, teacherSubjectIds);
  const recipientIds = await gate.check(ATTENDANCE_READ_MODEL, ({ em }) => readCohort(em, row.subjectId), () => true, caller.seen);
  const [subject] = await gate.check(ATTENDANCE_READ_MODEL, ({ em }) => readSubjects(em, [row.subjectId]), () => true, caller.seen);
  const startsAt = new Date(row.startsAt);
  return {
    actor,
    subjectId: row.subjectId,
    subjectName: subject?.name ?? '',
    teacherSubjectIds,
    session: { sessionId: row.id, startsAt: startsAt.toISOString(), durationMs: new Date(row.endsAt).getTime() - startsAt.getTime() },
    recipientIds,
  };
}
