// given events / when command / then events (ARCHITECTURE.md §9): weeks, daily tasks, the capstone.
import { DomainError, type EventMetadata } from '@academy/event-store';
import { LEARNING_MESSAGES } from '@academy/contracts';
import { decideWeek, type WeekCommand, weekDecider, type WeekEvent, weekIdOf, type WeekState } from './week.js';

const meta: EventMetadata = { actorId: 't1', actorRole: 'teacher', correlationId: 'c', causationId: null, occurredAt: '2026-11-23T00:00:00.000Z' };
const given = (...events: WeekEvent[]): WeekState => events.reduce((s, e) => weekDecider.evolve(s, { type: e.type, data: e.data, personal: null, metadata: meta }), weekDecider.initialState());
const after = (state: WeekState, command: WeekCommand) => decideWeek(command, state).reduce((s, e) => weekDecider.evolve(s, { type: e.type, data: e.data, personal: null, metadata: meta }), state);
const refused = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof DomainError) return { kind: e.kind, message: e.message };
    throw e;
  }
  throw new Error('not refused');
};

const weekId = weekIdOf('s1', 1);
const [created] = decideWeek({ type: 'CreateWeek', weekId, subjectId: 's1', weekNumber: 1, title: 'HTML', objectives: 'Tags' }, given());
const item = { title: 'T', description: 'D', instructions: 'I', dueAt: null };
const add = (taskId: string, dayNumber: number): WeekCommand => ({ type: 'AddTask', taskId, dayNumber, ...item, title: `Task ${taskId}` });

describe('weeks', () => {
  it('derives one id per (subject, week number), so a second create of the same week is refused', () => {
    expect(weekIdOf('s1', 1)).toBe(weekId);
    expect(weekIdOf('s1', 2)).not.toBe(weekId);
    expect(weekIdOf('s2', 1)).not.toBe(weekId);
    expect(weekId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(created).toEqual({ type: 'WeekCreated', data: { weekId, subjectId: 's1', weekNumber: 1, title: 'HTML', objectives: 'Tags' } });
    expect(refused(() => decideWeek({ type: 'CreateWeek', weekId, subjectId: 's1', weekNumber: 1, title: 'x', objectives: '' }, given(created)))).toEqual({
      kind: 'conflict',
      message: LEARNING_MESSAGES.weekExists(1),
    });
  });

  it('starts as a draft; publish and unpublish toggle; the same value again appends nothing', () => {
    let s = given(created);
    expect(s.published).toBe(false);
    expect(decideWeek({ type: 'SetPublished', published: false }, s)).toEqual([]);
    expect(decideWeek({ type: 'SetPublished', published: true }, s)).toEqual([{ type: 'WeekPublished', data: { weekId, subjectId: 's1' } }]);
    s = after(s, { type: 'SetPublished', published: true });
    expect(s.published).toBe(true);
    expect(decideWeek({ type: 'SetPublished', published: false }, s)[0].type).toBe('WeekUnpublished');
  });

  it('edits title and objectives; refuses commands on a week that does not exist', () => {
    expect(decideWeek({ type: 'UpdateWeek', title: 'HTML', objectives: 'Tags' }, given(created))).toEqual([]);
    expect(decideWeek({ type: 'UpdateWeek', title: 'HTML 1', objectives: '' }, given(created))).toEqual([{ type: 'WeekUpdated', data: { weekId, title: 'HTML 1', objectives: '' } }]);
    expect(refused(() => decideWeek({ type: 'SetPublished', published: true }, given()))).toEqual({ kind: 'not_found', message: LEARNING_MESSAGES.weekNotFound });
  });
});

describe('daily tasks', () => {
  it('adds Day 1-5, one task per day, at most five', () => {
    let s = given(created);
    for (const [id, day] of [['a', 3], ['b', 1], ['c', 2], ['d', 5], ['e', 4]] as const) s = after(s, add(id, day));
    expect(s.tasks.map((t) => [t.taskId, t.dayNumber])).toEqual([['b', 1], ['c', 2], ['a', 3], ['e', 4], ['d', 5]]);
    expect(refused(() => decideWeek(add('f', 1), s))).toEqual({ kind: 'conflict', message: LEARNING_MESSAGES.weekFull });
    expect(refused(() => decideWeek(add('f', 1), given(created, ...decideWeek(add('a', 1), given(created)))))).toEqual({ kind: 'conflict', message: LEARNING_MESSAGES.dayTaken(1) });
  });

  it('edits a task (not onto another task\'s day), removes it, reorders by listing every task once', () => {
    let s = after(after(after(given(created), add('a', 1)), add('b', 2)), add('c', 3));
    expect(refused(() => decideWeek({ type: 'UpdateTask', taskId: 'a', dayNumber: 2, ...item }, s))).toEqual({ kind: 'conflict', message: LEARNING_MESSAGES.dayTaken(2) });
    expect(refused(() => decideWeek({ type: 'UpdateTask', taskId: 'zz', dayNumber: 4, ...item }, s))).toMatchObject({ kind: 'not_found' });
    s = after(s, { type: 'UpdateTask', taskId: 'a', dayNumber: 4, ...item, dueAt: '2026-12-01T00:00:00.000Z' });
    expect(s.tasks.find((t) => t.taskId === 'a')).toEqual({ taskId: 'a', dayNumber: 4, ...item, dueAt: '2026-12-01T00:00:00.000Z' });
    expect(decideWeek({ type: 'UpdateTask', taskId: 'a', dayNumber: 4, ...item, dueAt: '2026-12-01T00:00:00.000Z' }, s)).toEqual([]);
    expect(refused(() => decideWeek({ type: 'ReorderTasks', taskIds: ['a', 'b'] }, s))).toEqual({ kind: 'invalid', message: LEARNING_MESSAGES.reorderMismatch });
    expect(refused(() => decideWeek({ type: 'ReorderTasks', taskIds: ['a', 'a', 'b'] }, s))).toMatchObject({ kind: 'invalid' });
    s = after(s, { type: 'ReorderTasks', taskIds: ['c', 'a', 'b'] });
    expect(s.tasks.map((t) => [t.taskId, t.dayNumber])).toEqual([['c', 1], ['a', 2], ['b', 3]]);
    expect(decideWeek({ type: 'ReorderTasks', taskIds: ['c', 'a', 'b'] }, s)).toEqual([]);
    s = after(s, { type: 'RemoveTask', taskId: 'a' });
    expect(s.tasks.map((t) => t.taskId)).toEqual(['c', 'b']);
    expect(refused(() => decideWeek({ type: 'RemoveTask', taskId: 'a' }, s))).toMatchObject({ kind: 'not_found' });
  });
});

describe('the capstone', () => {
  it('one per week: set, edit keeps its id, remove', () => {
    let s = after(given(created), { type: 'SetCapstone', newCapstoneId: 'cap1', ...item });
    expect(s.capstone).toEqual({ capstoneId: 'cap1', ...item });
    expect(decideWeek({ type: 'SetCapstone', newCapstoneId: 'cap2', ...item }, s)).toEqual([]);
    s = after(s, { type: 'SetCapstone', newCapstoneId: 'cap2', ...item, title: 'Portfolio' });
    expect(s.capstone).toMatchObject({ capstoneId: 'cap1', title: 'Portfolio' });
    s = after(s, { type: 'RemoveCapstone' });
    expect(s.capstone).toBeNull();
    expect(refused(() => decideWeek({ type: 'RemoveCapstone' }, s))).toEqual({ kind: 'not_found', message: LEARNING_MESSAGES.capstoneNotFound });
  });
});
