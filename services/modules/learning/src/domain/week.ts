// The week aggregate (stream `week-<weekId>`): a subject's week N with its daily tasks (Day 1-5) and
// its one capstone. Plain TS. The week id is derived from (subject, week number), so "one week per
// subject and number" holds by the stream itself: a second create finds the stream already there.
import { createHash } from 'node:crypto';
import { DomainError, type Decider, type LoadedEventOf } from '@academy/event-store';
import {
  type CapstoneData,
  type CapstoneRemovedData,
  LEARNING_EVENTS,
  LEARNING_MESSAGES,
  type LatePolicy,
  MAX_DAY,
  type TaskData,
  type TaskRemovedData,
  type TasksReorderedData,
  type WeekCreatedData,
  type WeekPublicationData,
  type WeekUpdatedData,
} from '@academy/contracts';

export const weekStream = (weekId: string) => `week-${weekId}`;

/** RFC 4122 version 5 (name-based, SHA-1) uuid. */
export function uuidV5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const h = createHash('sha1').update(ns).update(name).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}
const WEEK_NAMESPACE = '6f1c9a52-3d0e-4b8f-9a61-2f7d4c1e8b30';
/** The id of a subject's week N: the same inputs always name the same stream. */
export const weekIdOf = (subjectId: string, weekNumber: number) => uuidV5(`${subjectId}/${weekNumber}`, WEEK_NAMESPACE);

export type WeekEvent =
  | { type: typeof LEARNING_EVENTS.WeekCreated; data: WeekCreatedData }
  | { type: typeof LEARNING_EVENTS.WeekUpdated; data: WeekUpdatedData }
  | { type: typeof LEARNING_EVENTS.WeekPublished; data: WeekPublicationData }
  | { type: typeof LEARNING_EVENTS.WeekUnpublished; data: WeekPublicationData }
  | { type: typeof LEARNING_EVENTS.TaskAdded; data: TaskData }
  | { type: typeof LEARNING_EVENTS.TaskUpdated; data: TaskData }
  | { type: typeof LEARNING_EVENTS.TasksReordered; data: TasksReorderedData }
  | { type: typeof LEARNING_EVENTS.TaskRemoved; data: TaskRemovedData }
  | { type: typeof LEARNING_EVENTS.CapstoneSet; data: CapstoneData }
  | { type: typeof LEARNING_EVENTS.CapstoneRemoved; data: CapstoneRemovedData };

export type TaskState = Omit<TaskData, 'weekId'>;
export type CapstoneState = Omit<CapstoneData, 'weekId'>;

export interface WeekState {
  exists: boolean;
  weekId: string | null;
  subjectId: string | null;
  weekNumber: number;
  title: string;
  objectives: string;
  published: boolean;
  tasks: TaskState[];
  capstone: CapstoneState | null;
}

export const initialWeekState = (): WeekState => ({
  exists: false,
  weekId: null,
  subjectId: null,
  weekNumber: 0,
  title: '',
  objectives: '',
  published: false,
  tasks: [],
  capstone: null,
});

const byDay = (tasks: TaskState[]) => [...tasks].sort((a, b) => a.dayNumber - b.dayNumber);
const task = ({ weekId: _w, ...t }: TaskData): TaskState => t;

export function evolveWeek(state: WeekState, event: LoadedEventOf<WeekEvent>): WeekState {
  switch (event.type) {
    case LEARNING_EVENTS.WeekCreated: {
      const d = event.data;
      return { ...initialWeekState(), exists: true, weekId: d.weekId, subjectId: d.subjectId, weekNumber: d.weekNumber, title: d.title, objectives: d.objectives };
    }
    case LEARNING_EVENTS.WeekUpdated: {
      const d = event.data;
      return { ...state, title: d.title, objectives: d.objectives };
    }
    case LEARNING_EVENTS.WeekPublished:
      return { ...state, published: true };
    case LEARNING_EVENTS.WeekUnpublished:
      return { ...state, published: false };
    case LEARNING_EVENTS.TaskAdded:
      return { ...state, tasks: byDay([...state.tasks, task(event.data)]) };
    case LEARNING_EVENTS.TaskUpdated: {
      const t = task(event.data);
      return { ...state, tasks: byDay(state.tasks.map((x) => (x.taskId === t.taskId ? t : x))) };
    }
    case LEARNING_EVENTS.TasksReordered: {
      const day = new Map(event.data.order.map((o) => [o.taskId, o.dayNumber]));
      return { ...state, tasks: byDay(state.tasks.map((x) => ({ ...x, dayNumber: day.get(x.taskId) ?? x.dayNumber }))) };
    }
    case LEARNING_EVENTS.TaskRemoved:
      return { ...state, tasks: state.tasks.filter((x) => x.taskId !== event.data.taskId) };
    case LEARNING_EVENTS.CapstoneSet: {
      const { weekId: _w, ...c } = event.data;
      return { ...state, capstone: c };
    }
    case LEARNING_EVENTS.CapstoneRemoved:
      return { ...state, capstone: null };
    default:
      return state;
  }
}

export interface ItemFields {
  title: string;
  description: string;
  instructions: string;
  dueAt: string | null;
  latePolicy: LatePolicy;
}

export type WeekCommand =
  | { type: 'CreateWeek'; weekId: string; subjectId: string; weekNumber: number; title: string; objectives: string }
  | { type: 'UpdateWeek'; title: string; objectives: string }
  | { type: 'SetPublished'; published: boolean }
  | ({ type: 'AddTask'; taskId: string; dayNumber: number } & ItemFields)
  | ({ type: 'UpdateTask'; taskId: string; dayNumber: number } & ItemFields)
  | { type: 'RemoveTask'; taskId: string }
  | { type: 'ReorderTasks'; taskIds: string[] }
  /** `newCapstoneId` is used only when the week has no capstone yet; an edit keeps the capstone's id. */
  | ({ type: 'SetCapstone'; newCapstoneId: string } & ItemFields)
  | { type: 'RemoveCapstone' };

/** An item's fields as stored: events from before late policies carry none, which is 'accept'. */
type StoredItem = Omit<ItemFields, 'latePolicy'> & { latePolicy?: LatePolicy };
const sameItem = (a: StoredItem, b: ItemFields) =>
  a.title === b.title && a.description === b.description && a.instructions === b.instructions && a.dueAt === b.dueAt && (a.latePolicy ?? 'accept') === b.latePolicy;

export function decideWeek(command: WeekCommand, state: WeekState): WeekEvent[] {
  if (command.type === 'CreateWeek') {
    if (state.exists) throw new DomainError('conflict', LEARNING_MESSAGES.weekExists(state.weekNumber), { weekNumber: [LEARNING_MESSAGES.weekExists(state.weekNumber)] });
    const { weekId, subjectId, weekNumber, title, objectives } = command;
    return [{ type: LEARNING_EVENTS.WeekCreated, data: { weekId, subjectId, weekNumber, title, objectives } }];
  }
  if (!state.exists) throw new DomainError('not_found', LEARNING_MESSAGES.weekNotFound);
  const weekId = state.weekId!;
  switch (command.type) {
    case 'UpdateWeek':
      if (command.title === state.title && command.objectives === state.objectives) return [];
      return [{ type: LEARNING_EVENTS.WeekUpdated, data: { weekId, title: command.title, objectives: command.objectives } }];
    case 'SetPublished':
      if (command.published === state.published) return [];
      return [{ type: command.published ? LEARNING_EVENTS.WeekPublished : LEARNING_EVENTS.WeekUnpublished, data: { weekId, subjectId: state.subjectId! } }];
    case 'AddTask': {
      if (state.tasks.length >= MAX_DAY) throw new DomainError('conflict', LEARNING_MESSAGES.weekFull);
      if (state.tasks.some((t) => t.dayNumber === command.dayNumber)) throw dayTaken(command.dayNumber);
      return [{ type: LEARNING_EVENTS.TaskAdded, data: taskData(weekId, command) }];
    }
    case 'UpdateTask': {
      const current = state.tasks.find((t) => t.taskId === command.taskId);
      if (!current) throw new DomainError('not_found', LEARNING_MESSAGES.taskNotFound);
      if (state.tasks.some((t) => t.taskId !== command.taskId && t.dayNumber === command.dayNumber)) throw dayTaken(command.dayNumber);
      if (current.dayNumber === command.dayNumber && sameItem(current, command)) return [];
      return [{ type: LEARNING_EVENTS.TaskUpdated, data: taskData(weekId, command) }];
    }
    case 'RemoveTask':
      if (!state.tasks.some((t) => t.taskId === command.taskId)) throw new DomainError('not_found', LEARNING_MESSAGES.taskNotFound);
      return [{ type: LEARNING_EVENTS.TaskRemoved, data: { weekId, taskId: command.taskId } }];
    case 'ReorderTasks': {
      const ids = state.tasks.map((t) => t.taskId);
      if (command.taskIds.length !== ids.length || new Set(command.taskIds).size !== ids.length || !command.taskIds.every((id) => ids.includes(id))) {
        throw new DomainError('invalid', LEARNING_MESSAGES.reorderMismatch, { taskIds: [LEARNING_MESSAGES.reorderMismatch] });
      }
      const order = command.taskIds.map((taskId, i) => ({ taskId, dayNumber: i + 1 }));
      if (order.every((o) => state.tasks.find((t) => t.taskId === o.taskId)!.dayNumber === o.dayNumber)) return [];
      return [{ type: LEARNING_EVENTS.TasksReordered, data: { weekId, order } }];
    }
    case 'SetCapstone': {
      const capstoneId = state.capstone?.capstoneId ?? command.newCapstoneId;
      const c = { capstoneId, title: command.title, description: command.description, instructions: command.instructions, dueAt: command.dueAt, latePolicy: command.latePolicy };
      if (state.capstone && sameItem(state.capstone, c)) return [];
      return [{ type: LEARNING_EVENTS.CapstoneSet, data: { weekId, ...c } }];
    }
    case 'RemoveCapstone':
      if (!state.capstone) throw new DomainError('not_found', LEARNING_MESSAGES.capstoneNotFound);
      return [{ type: LEARNING_EVENTS.CapstoneRemoved, data: { weekId, capstoneId: state.capstone.capstoneId } }];
  }
}

function taskData(weekId: string, c: { taskId: string; dayNumber: number } & ItemFields): TaskData {
  return { weekId, taskId: c.taskId, dayNumber: c.dayNumber, title: c.title, description: c.description, instructions: c.instructions, dueAt: c.dueAt, latePolicy: c.latePolicy };
}

function dayTaken(day: number) {
  return new DomainError('conflict', LEARNING_MESSAGES.dayTaken(day), { dayNumber: [LEARNING_MESSAGES.dayTaken(day)] });
}

export const weekDecider: Decider<WeekCommand, WeekEvent, WeekState> = {
  initialState: initialWeekState,
  evolve: evolveWeek,
  decide: decideWeek,
};
