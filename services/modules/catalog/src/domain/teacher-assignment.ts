// The teacher assignment aggregate (stream `teacher-assignment-<id>`) and the pair reservation
// (stream `teacher-subject-<teacherId>-<subjectId>`): the reservation's events name the assignment
// holding the pair; the assignment's first event and the pair's claim are ONE append guarded by the
// versions read (runCommand), so two concurrent assigns of one (teacher, subject) make one assignment.
import { DomainError, type Decider, type LoadedEventOf } from '@academy/event-store';
import { CATALOG_EVENTS, CATALOG_MESSAGES, type TeacherAssignedData, type TeacherUnassignedData } from '@academy/contracts';

export const assignmentStream = (assignmentId: string) => `teacher-assignment-${assignmentId}`;
export const pairStream = (teacherId: string, subjectId: string) => `teacher-subject-${teacherId}-${subjectId}`;

export type AssignmentEvent =
  | { type: typeof CATALOG_EVENTS.TeacherAssigned; data: TeacherAssignedData }
  | { type: typeof CATALOG_EVENTS.TeacherUnassigned; data: TeacherUnassignedData };

export interface AssignmentState {
  exists: boolean;
  removed: boolean;
  assignmentId: string | null;
  teacherId: string | null;
  subjectId: string | null;
}

export const initialAssignmentState = (): AssignmentState => ({ exists: false, removed: false, assignmentId: null, teacherId: null, subjectId: null });

export function evolveAssignment(state: AssignmentState, event: LoadedEventOf<AssignmentEvent>): AssignmentState {
  switch (event.type) {
    case CATALOG_EVENTS.TeacherAssigned: {
      const d = event.data;
      return { ...state, exists: true, assignmentId: d.assignmentId, teacherId: d.teacherId, subjectId: d.subjectId };
    }
    case CATALOG_EVENTS.TeacherUnassigned:
      return { ...state, removed: true };
    default:
      return state;
  }
}

export type AssignmentCommand =
  | { type: 'AssignTeacher'; assignmentId: string; teacherId: string; subjectId: string; teacherIsLive: boolean; subjectExists: boolean; pairTaken: boolean }
  | { type: 'UnassignTeacher' };

export function decideAssignment(command: AssignmentCommand, state: AssignmentState): AssignmentEvent[] {
  if (command.type === 'AssignTeacher') {
    if (state.exists) throw new DomainError('conflict', CATALOG_MESSAGES.alreadyAssigned);
    const fields: Record<string, string[]> = {};
    if (!command.teacherIsLive) fields.teacherId = [CATALOG_MESSAGES.notATeacher];
    if (!command.subjectExists) fields.subjectId = ['Choose a subject'];
    if (Object.keys(fields).length) throw new DomainError('invalid', 'Some fields are not valid', fields);
    if (command.pairTaken) throw new DomainError('conflict', CATALOG_MESSAGES.alreadyAssigned);
    const { assignmentId, teacherId, subjectId } = command;
    return [{ type: CATALOG_EVENTS.TeacherAssigned, data: { assignmentId, teacherId, subjectId } }];
  }
  if (!state.exists || state.removed) throw new DomainError('not_found', CATALOG_MESSAGES.assignmentNotFound);
  return [{ type: CATALOG_EVENTS.TeacherUnassigned, data: { assignmentId: state.assignmentId!, teacherId: state.teacherId!, subjectId: state.subjectId! } }];
}

export const assignmentDecider: Decider<AssignmentCommand, AssignmentEvent, AssignmentState> = {
  initialState: initialAssignmentState,
  evolve: evolveAssignment,
  decide: decideAssignment,
};

export const PAIR_CLAIMED = 'TeacherSubjectPairClaimed';
export const PAIR_RELEASED = 'TeacherSubjectPairReleased';

export type PairEvent = { type: typeof PAIR_CLAIMED; data: { assignmentId: string } } | { type: typeof PAIR_RELEASED; data: { assignmentId: string } };

/** The assignment holding the pair (null: free). */
export interface PairState {
  holder: string | null;
}

/**
 * Claim: `assignmentId` takes the pair; a holder still there is released in the same append (the
 * handler only claims once the assignment decider judged the pair free: its holder is no longer shown,
 * because its teacher was deleted or lost the role). Release: only by the holder (a stale one frees nothing).
 */
export type PairCommand = { type: 'ClaimPair'; assignmentId: string } | { type: 'ReleasePair'; assignmentId: string };

export const pairDecider: Decider<PairCommand, PairEvent, PairState> = {
  initialState: () => ({ holder: null }),
  evolve(state, event) {
    const id = (event.data as { assignmentId: string }).assignmentId;
    if (event.type === PAIR_CLAIMED) return { holder: id };
    if (event.type === PAIR_RELEASED && id === state.holder) return { holder: null };
    return state;
  },
  decide(command, state) {
    if (command.type === 'ReleasePair') return state.holder === command.assignmentId ? [{ type: PAIR_RELEASED, data: { assignmentId: command.assignmentId } }] : [];
    const released: PairEvent[] = state.holder === null ? [] : [{ type: PAIR_RELEASED, data: { assignmentId: state.holder } }];
    return [...released, { type: PAIR_CLAIMED, data: { assignmentId: command.assignmentId } }];
  },
};
