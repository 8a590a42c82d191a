// The subject aggregate (stream `subject-<id>`). The program's existence and the "in use" rule are
// cross-aggregate facts the handler reads from the read model (ReadModelGate) and hands to decide.
import { DomainError, type Decider, type LoadedEventOf } from '@academy/event-store';
import { CATALOG_EVENTS, CATALOG_MESSAGES, type SubjectCreatedData, type SubjectDeletedData } from '@academy/contracts';

export const subjectStream = (subjectId: string) => `subject-${subjectId}`;

export type SubjectEvent =
  | { type: typeof CATALOG_EVENTS.SubjectCreated; data: SubjectCreatedData }
  | { type: typeof CATALOG_EVENTS.SubjectUpdated; data: SubjectCreatedData }
  | { type: typeof CATALOG_EVENTS.SubjectDeleted; data: SubjectDeletedData };

export interface SubjectState {
  exists: boolean;
  deleted: boolean;
  subjectId: string | null;
  programId: string | null;
  name: string;
  weekNumber: number | null;
  description: string;
}

export const initialSubjectState = (): SubjectState => ({ exists: false, deleted: false, subjectId: null, programId: null, name: '', weekNumber: null, description: '' });

export function evolveSubject(state: SubjectState, event: LoadedEventOf<SubjectEvent>): SubjectState {
  switch (event.type) {
    case CATALOG_EVENTS.SubjectCreated:
    case CATALOG_EVENTS.SubjectUpdated: {
      const d = event.data;
      return { ...state, exists: true, subjectId: d.subjectId, programId: d.programId, name: d.name, weekNumber: d.weekNumber, description: d.description };
    }
    case CATALOG_EVENTS.SubjectDeleted:
      return { ...state, deleted: true };
    default:
      return state;
  }
}

export interface SubjectFields {
  name: string;
  programId: string;
  weekNumber: number | null;
  description: string;
}
export type SubjectCommand =
  | ({ type: 'CreateSubject'; subjectId: string; programExists: boolean } & SubjectFields)
  /** hasEnrollments: enrollments reference it (read model); they pin it to its program. */
  | ({ type: 'UpdateSubject'; programExists: boolean; hasEnrollments: boolean } & SubjectFields)
  /** inUse: teacher assignments or enrollments reference it (from the read model). */
  | { type: 'DeleteSubject'; inUse: boolean };

const noProgram = () => new DomainError('invalid', 'Some fields are not valid', { programId: ['Choose a program'] });

export function decideSubject(command: SubjectCommand, state: SubjectState): SubjectEvent[] {
  if (command.type === 'CreateSubject') {
    if (state.exists) throw new DomainError('conflict', 'This subject already exists.');
    if (!command.programExists) throw noProgram();
    const { subjectId, programId, name, weekNumber, description } = command;
    return [{ type: CATALOG_EVENTS.SubjectCreated, data: { subjectId, programId, name, weekNumber, description } }];
  }
  if (!state.exists || state.deleted) throw new DomainError('not_found', CATALOG_MESSAGES.subjectNotFound);
  const subjectId = state.subjectId!;
  switch (command.type) {
    case 'UpdateSubject': {
      if (!command.programExists) throw noProgram();
      if (command.programId !== state.programId && command.hasEnrollments) throw new DomainError('conflict', CATALOG_MESSAGES.subjectHasEnrollments);
      const { programId, name, weekNumber, description } = command;
      if (programId === state.programId && name === state.name && weekNumber === state.weekNumber && description === state.description) return [];
      return [{ type: CATALOG_EVENTS.SubjectUpdated, data: { subjectId, programId, name, weekNumber, description } }];
    }
    case 'DeleteSubject':
      if (command.inUse) throw new DomainError('conflict', CATALOG_MESSAGES.subjectInUse);
      return [{ type: CATALOG_EVENTS.SubjectDeleted, data: { subjectId } }];
  }
}

export const subjectDecider: Decider<SubjectCommand, SubjectEvent, SubjectState> = { initialState: initialSubjectState, evolve: evolveSubject, decide: decideSubject };
