// The attendance of one session (stream `attendance-<sessionId>`): each student's latest mark. Plain
// TS. A save is one command: one AttendanceMarked per changed mark, appended together. A mark that
// replaces an earlier one is a correction; the history keeps both and who made each. The note is
// about the student: it goes in the event's encrypted part under the student's key (ADR 0003).
import { DomainError, type Decider, type LoadedEventOf, type PersonalData } from '@academy/event-store';
import { ATTENDANCE_EVENTS, ATTENDANCE_MESSAGES, AttendanceMarkedV1, type AttendanceMarkedData, type AttendanceStatus, type Role } from '@academy/contracts';
import { mayManageSessions } from './schedule.js';

export const attendanceStream = (sessionId: string) => `attendance-${sessionId}`;

export type AttendanceEvent = { type: typeof ATTENDANCE_EVENTS.AttendanceMarked; data: AttendanceMarkedData; personal?: PersonalData };

export interface AttendanceState {
  marks: ReadonlyMap<string, { status: AttendanceStatus; note: string }>;
}

export const initialAttendanceState = (): AttendanceState => ({ marks: new Map() });

export function evolveAttendance(state: AttendanceState, event: LoadedEventOf<AttendanceEvent>): AttendanceState {
  const marks = new Map(state.marks);
  // An erased student's note reads as empty (their key is gone).
  marks.set(event.data.studentId, { status: event.data.status, note: AttendanceMarkedV1.personal(event)?.note ?? '' });
  return { marks };
}

export interface SessionOnTheTimetable {
  sessionId: string;
  subjectId: string;
  startsAt: Date;
  cancelled: boolean;
}

export interface RecordAttendance {
  type: 'RecordAttendance';
  actor: { userId: string; role: Role };
  teacherSubjectIds: readonly string[];
  session: SessionOnTheTimetable;
  /** The cohort: the students with an active enrollment, and whoever was marked before. */
  roster: ReadonlySet<string>;
  marks: readonly { studentId: string; status: AttendanceStatus; note: string }[];
  now: Date;
}

export function decideAttendance(command: RecordAttendance, state: AttendanceState): AttendanceEvent[] {
  const { session } = command;
  mayManageSessions(command.actor, session.subjectId, command.teacherSubjectIds);
  if (session.cancelled) throw new DomainError('conflict', ATTENDANCE_MESSAGES.cancelledSession);
  if (session.startsAt.getTime() > command.now.getTime()) throw new DomainError('conflict', ATTENDANCE_MESSAGES.notStarted);
  const strangers = command.marks.map((m, i) => [m, i] as const).filter(([m]) => !command.roster.has(m.studentId));
  if (strangers.length) throw new DomainError('invalid', ATTENDANCE_MESSAGES.notInCohort, Object.fromEntries(strangers.map(([, i]) => [`marks.${i}.studentId`, [ATTENDANCE_MESSAGES.notInCohort]])));
  const events: AttendanceEvent[] = [];
  for (const m of command.marks) {
    const note = m.status === 'present' ? '' : m.note;
    const before = state.marks.get(m.studentId);
    if (before && before.status === m.status && before.note === note) continue;
    events.push({
      type: ATTENDANCE_EVENTS.AttendanceMarked,
      data: { sessionId: session.sessionId, subjectId: session.subjectId, studentId: m.studentId, status: m.status, previousStatus: before?.status ?? null },
      personal: { subjectId: m.studentId, data: { note } },
    });
  }
  return events;
}

export const attendanceDecider: Decider<RecordAttendance, AttendanceEvent, AttendanceState> = {
  initialState: initialAttendanceState,
  evolve: evolveAttendance,
  decide: decideAttendance,
};
