// The program aggregate (stream `program-<id>`): events, state, evolve, commands and decide. Plain TS.
// Whether a program is "in use" is read from the catalog read model by the handler (a cross-aggregate
// fact) and given to decide as `inUse`.
import { DomainError, type Decider, type LoadedEventOf } from '@academy/event-store';
import { CATALOG_EVENTS, CATALOG_MESSAGES, type ProgramCreatedData, type ProgramDeletedData, type ProgramType } from '@academy/contracts';

export const programStream = (programId: string) => `program-${programId}`;

export type ProgramEvent =
  | { type: typeof CATALOG_EVENTS.ProgramCreated; data: ProgramCreatedData }
  | { type: typeof CATALOG_EVENTS.ProgramUpdated; data: ProgramCreatedData }
  | { type: typeof CATALOG_EVENTS.ProgramDeleted; data: ProgramDeletedData };

export interface ProgramState {
  exists: boolean;
  deleted: boolean;
  programId: string | null;
  name: string;
  type: ProgramType;
  description: string;
}

export const initialProgramState = (): ProgramState => ({ exists: false, deleted: false, programId: null, name: '', type: 'evening', description: '' });

export function evolveProgram(state: ProgramState, event: LoadedEventOf<ProgramEvent>): ProgramState {
  switch (event.type) {
    case CATALOG_EVENTS.ProgramCreated:
    case CATALOG_EVENTS.ProgramUpdated: {
      const d = event.data;
      return { ...state, exists: true, programId: d.programId, name: d.name, type: d.type, description: d.description };
    }
    case CATALOG_EVENTS.ProgramDeleted:
      return { ...state, deleted: true };
    default:
      return state;
  }
}

/** `programType`: evening or daytime (`type` names the command). */
export interface ProgramFields {
  name: string;
  programType: ProgramType;
  description: string;
}
export type ProgramCommand =
  | ({ type: 'CreateProgram'; programId: string } & ProgramFields)
  | ({ type: 'UpdateProgram' } & ProgramFields)
  /** inUse: the program has live subjects or any enrollment (from the read model). */
  | { type: 'DeleteProgram'; inUse: boolean };

export function decideProgram(command: ProgramCommand, state: ProgramState): ProgramEvent[] {
  if (command.type === 'CreateProgram') {
    if (state.exists) throw new DomainError('conflict', 'This program already exists.');
    const { programId, name, programType: type, description } = command;
    return [{ type: CATALOG_EVENTS.ProgramCreated, data: { programId, name, type, description } }];
  }
  if (!state.exists || state.deleted) throw new DomainError('not_found', CATALOG_MESSAGES.programNotFound);
  const programId = state.programId!;
  switch (command.type) {
    case 'UpdateProgram': {
      const { name, programType: type, description } = command;
      if (name === state.name && type === state.type && description === state.description) return [];
      return [{ type: CATALOG_EVENTS.ProgramUpdated, data: { programId, name, type, description } }];
    }
    case 'DeleteProgram':
      if (command.inUse) throw new DomainError('conflict', CATALOG_MESSAGES.programInUse);
      return [{ type: CATALOG_EVENTS.ProgramDeleted, data: { programId } }];
  }
}

export const programDecider: Decider<ProgramCommand, ProgramEvent, ProgramState> = { initialState: initialProgramState, evolve: evolveProgram, decide: decideProgram };
