// The schedule aggregate (stream `schedule-<subjectId>`): a cohort's timetable, and the single
// sessions cancelled or moved. Plain TS. Who may do what is decided from facts the handler reads:
// the schedule is set by an admin (subjects are the admin's catalogue); a session is cancelled or
// moved by an admin or a teacher assigned to the subject. The session itself (its start, whether it
// exists on the timetable) comes from the read model, which computes the timetable.
import { DomainError, type Decider, type LoadedEventOf } from '@academy/event-store';
import {
  ATTENDANCE_EVENTS,
  ATTENDANCE_MESSAGES,
  type Role,
  type SessionCancelledData,
  type SessionMovedData,
  type SessionScheduleSetData,
} from '@academy/contracts';

export const scheduleStream = (subjectId: string) => `schedule-${subjectId}`;

export type ScheduleEvent =
  | { type: typeof ATTENDANCE_EVENTS.SessionScheduleSet; data: SessionScheduleSetData }
  | { type: typeof ATTENDANCE_EVENTS.SessionCancelled; data: SessionCancelledData }
  | { type: typeof ATTENDANCE_EVENTS.SessionMoved; data: SessionMovedData };

export interface ScheduleState {
  schedule: SessionScheduleSetData | null;
  cancelled: ReadonlySet<string>;
}

export const initialScheduleState = (): ScheduleState => ({ schedule: null, cancelled: new Set() });

export function evolveSchedule(state: ScheduleState, event: LoadedEventOf<ScheduleEvent>): ScheduleState {
  switch (event.type) {
    case ATTENDANCE_EVENTS.SessionScheduleSet:
      return { ...state, schedule: event.data };
    case ATTENDANCE_EVENTS.SessionCancelled:
      return { ...state, cancelled: new Set([...state.cancelled, event.data.sessionId]) };
    default:
      return state;
  }
}

export interface Actor {
  userId: string;
  role: Role;
}

/** A session as the read model knows it when the command is made. */
export interface SessionFacts {
  sessionId: string;
  startsAt: string;
  durationMs: number;
}

export type ScheduleCommand =
  | { type: 'SetSchedule'; actor: Actor; schedule: SessionScheduleSetData }
  | { type: 'CancelSession'; actor: Actor; teacherSubjectIds: readonly string[]; subjectName: string; session: SessionFacts; reason: string; recipientIds: readonly string[] }
  | { type: 'MoveSession'; actor: Actor; teacherSubjectIds: readonly string[]; subjectName: string; session: SessionFacts; startsAt: string; reason: string; recipientIds: readonly string[] };

const forbidden = (message: string) => new DomainError('forbidden', message);

/** Whether `actor` may change the sessions of `subjectId`: an admin, or a teacher assigned to it. */
export function mayManageSessions(actor: Actor, subjectId: string, teacherSubjectIds: readonly string[]): void {
  if (actor.role === 'admin') return;
  if (actor.role === 'teacher' && teacherSubjectIds.includes(subjectId)) return;
  throw forbidden(ATTENDANCE_MESSAGES.notYourSubject);
}

export function decideSchedule(command: ScheduleCommand, state: ScheduleState): ScheduleEvent[] {
  if (command.type === 'SetSchedule') {
    if (command.actor.role !== 'admin') throw forbidden(ATTENDANCE_MESSAGES.notYourSubject);
    const s = command.schedule;
    const weekdays = [...new Set(s.weekdays)].sort();
    const next = { ...s, weekdays };
    if (state.schedule && JSON.stringify(state.schedule) === JSON.stringify(next)) return [];
    return [{ type: ATTENDANCE_EVENTS.SessionScheduleSet, data: next }];
  }
  const subjectId = state.schedule?.subjectId;
  const timeZone = state.schedule?.timeZone ?? '';
  if (!subjectId) throw new DomainError('not_found', ATTENDANCE_MESSAGES.sessionNotFound);
  mayManageSessions(command.actor, subjectId, command.teacherSubjectIds);
  const { sessionId } = command.session;
  if (state.cancelled.has(sessionId)) throw new DomainError('conflict', ATTENDANCE_MESSAGES.alreadyCancelled);
  const recipientIds = [...new Set(command.recipientIds)].sort();
  const about = { subjectId, subjectName: command.subjectName, sessionId, timeZone, reason: command.reason, recipientIds };
  if (command.type === 'CancelSession') {
    return [{ type: ATTENDANCE_EVENTS.SessionCancelled, data: { ...about, startsAt: command.session.startsAt } }];
  }
  const startsAt = new Date(command.startsAt);
  if (startsAt.toISOString() === new Date(command.session.startsAt).toISOString()) return [];
  const endsAt = new Date(startsAt.getTime() + command.session.durationMs).toISOString();
  return [
    {
      type: ATTENDANCE_EVENTS.SessionMoved,
      data: { ...about, fromStartsAt: command.session.startsAt, startsAt: startsAt.toISOString(), endsAt },
    },
  ];
}

export const scheduleDecider: Decider<ScheduleCommand, ScheduleEvent, ScheduleState> = {
  initialState: initialScheduleState,
  evolve: evolveSchedule,
  decide: decideSchedule,
};
