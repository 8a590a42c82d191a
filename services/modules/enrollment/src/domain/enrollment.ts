// The enrollment aggregate (stream `enrollment-<id>`): events, state, evolve, commands, decide. Plain TS.
// Facts from outside the stream (is the student live, does the subject belong to the program) are read
// by the handler and handed to decide; the student's place in the program is the place decider's rule
// (places.ts), decided in the same command.
import { DomainError, type Decider, type LoadedEventOf } from '@academy/event-store';
import {
  ENROLLMENT_EVENTS,
  ENROLLMENT_MESSAGES,
  type EnrollmentStatus,
  type EnrollmentStatusChangedData,
  type EnrollmentWeekAdvancedData,
  type StudentEnrolledData,
  UNFINISHED_ENROLLMENT_STATUSES,
} from '@academy/contracts';

export const enrollmentStream = (enrollmentId: string) => `enrollment-${enrollmentId}`;

export type EnrollmentEvent =
  | { type: typeof ENROLLMENT_EVENTS.StudentEnrolled; data: StudentEnrolledData }
  | { type: typeof ENROLLMENT_EVENTS.EnrollmentStatusChanged; data: EnrollmentStatusChangedData }
  | { type: typeof ENROLLMENT_EVENTS.EnrollmentWeekAdvanced; data: EnrollmentWeekAdvancedData };

export interface EnrollmentState {
  exists: boolean;
  enrollmentId: string | null;
  studentId: string | null;
  programId: string | null;
  subjectId: string | null;
  status: EnrollmentStatus;
  currentWeek: number;
  activatedAt: string | null;
  completedAt: string | null;
  /** Capstones whose first pass advanced this enrollment's week (each at most once). */
  advancedFor: string[];
}

export const initialEnrollmentState = (): EnrollmentState => ({
  exists: false,
  enrollmentId: null,
  studentId: null,
  programId: null,
  subjectId: null,
  status: 'pending',
  currentWeek: 1,
  activatedAt: null,
  completedAt: null,
  advancedFor: [],
});

/** pending and active hold the student's place in the program (one such enrollment per student and program). */
export const holdsPlace = (status: EnrollmentStatus) => UNFINISHED_ENROLLMENT_STATUSES.includes(status);

export function evolveEnrollment(state: EnrollmentState, event: LoadedEventOf<EnrollmentEvent>): EnrollmentState {
  switch (event.type) {
    case ENROLLMENT_EVENTS.StudentEnrolled: {
      const d = event.data;
      return { ...initialEnrollmentState(), exists: true, enrollmentId: d.enrollmentId, studentId: d.studentId, programId: d.programId, subjectId: d.subjectId };
    }
    case ENROLLMENT_EVENTS.EnrollmentStatusChanged: {
      const d = event.data;
      return { ...state, status: d.status, activatedAt: d.activatedAt ?? state.activatedAt, completedAt: d.completedAt ?? state.completedAt };
    }
    case ENROLLMENT_EVENTS.EnrollmentWeekAdvanced: {
      const d = event.data;
      return { ...state, currentWeek: d.currentWeek, advancedFor: d.capstoneId ? [...state.advancedFor, d.capstoneId] : state.advancedFor };
    }
    default:
      return state;
  }
}

export type EnrollmentCommand =
  | {
      type: 'EnrollStudent';
      enrollmentId: string;
      code: string;
      studentId: string;
      programId: string;
      subjectId: string;
      studentIsLive: boolean;
      programExists: boolean;
      subjectInProgram: boolean;
    }
  /** Any status from any (spec §4); `now` stamps activatedAt (once) and completedAt. */
  | { type: 'ChangeStatus'; status: EnrollmentStatus; now: string }
  /** A capstone of this enrollment's program was passed for the first time: the next week opens (capped at 20). */
  | { type: 'AdvanceWeek'; capstoneId: string };

/** Program length (spec §9): current_week never goes past it. */
export const LAST_WEEK = 20;

export function decideEnrollment(command: EnrollmentCommand, state: EnrollmentState): EnrollmentEvent[] {
  if (command.type === 'EnrollStudent') {
    if (state.exists) throw new DomainError('conflict', 'This enrollment already exists.');
    const fields: Record<string, string[]> = {};
    if (!command.studentIsLive) fields.studentId = [ENROLLMENT_MESSAGES.notAStudent];
    if (!command.programExists) fields.programId = ['Choose a program'];
    else if (!command.subjectInProgram) fields.subjectId = [ENROLLMENT_MESSAGES.subjectNotInProgram];
    if (Object.keys(fields).length) throw new DomainError('invalid', 'Some fields are not valid', fields);
    const { enrollmentId, code, studentId, programId, subjectId } = command;
    return [{ type: ENROLLMENT_EVENTS.StudentEnrolled, data: { enrollmentId, code, studentId, programId, subjectId } }];
  }
  if (!state.exists) throw new DomainError('not_found', ENROLLMENT_MESSAGES.enrollmentNotFound);
  if (command.type === 'AdvanceWeek') {
    if (state.advancedFor.includes(command.capstoneId)) throw new DomainError('conflict', 'This capstone already advanced the week.');
    if (state.status !== 'active') throw new DomainError('conflict', 'Only an active enrollment advances.');
    if (state.currentWeek >= LAST_WEEK) return [];
    return [{ type: ENROLLMENT_EVENTS.EnrollmentWeekAdvanced, data: { enrollmentId: state.enrollmentId!, currentWeek: state.currentWeek + 1, capstoneId: command.capstoneId } }];
  }
  if (command.status === state.status) return [];
  const data: EnrollmentStatusChangedData = { enrollmentId: state.enrollmentId!, status: command.status, previousStatus: state.status };
  if (command.status === 'active' && state.activatedAt === null) data.activatedAt = command.now;
  if (command.status === 'completed') data.completedAt = command.now;
  return [{ type: ENROLLMENT_EVENTS.EnrollmentStatusChanged, data }];
}

export const enrollmentDecider: Decider<EnrollmentCommand, EnrollmentEvent, EnrollmentState> = {
  initialState: initialEnrollmentState,
  evolve: evolveEnrollment,
  decide: decideEnrollment,
};
