// The teacher assignment aggregate (stream `teacher-assignment-<id>`) and the pair reservation
// (stream `teacher-subject-<teacherId>-<subjectId>`): the reservation's events name the assignment
// holding the pair; claiming it is an append with the version just read, so two concurrent assigns of
// one (teacher, subject) make one assignment.
import { DomainError, type Decider, type LoadedEvent } from '@academy/event-store';
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

export function evolveAssignment(state: AssignmentState, event: LoadedEvent<AssignmentEvent['type'], any>): AssignmentState {
  switch (event.type) {
    case CATALOG_EVENTS.TeacherAssigned: {
      const d = event.data as TeacherAssignedData;
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

/** The assignment holding the pair after these reservation events (null: free). */
export function pairHolder(events: readonly { type: string; data: unknown }[]): string | null {
  let holder: string | null = null;
  for (const e of events) {
    const id = (e.data as { assignmentId: string }).assignmentId;
    if (e.type === PAIR_CLAIMED) holder = id;
    else if (e.type === PAIR_RELEASED && id === holder) holder = null;
  }
  return holder;
}
