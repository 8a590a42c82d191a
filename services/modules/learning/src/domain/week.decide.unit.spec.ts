// given events / when command / then events (ARCHITECTURE.md §9): weeks, daily tasks, the capstone.
import { LEARNING_MESSAGES } from '@academy/contracts';
import { deciderSpec } from '@academy/testing/decider';
import { type WeekCommand, weekDecider, type WeekEvent, weekIdOf } from './week.js';

const week = deciderSpec(weekDecider);
const weekId = weekIdOf('s1', 1);
const created: WeekEvent = { type: 'WeekCreated', data: { weekId, subjectId: 's1', weekNumber: 1, title: 'HTML', objectives: 'Tags' } };
const published: WeekEvent = { type: 'WeekPublished', data: { weekId, subjectId: 's1' } };
const item = { title: 'T', description: 'D', instructions: 'I', dueAt: null, latePolicy: 'accept' as const };
const add = (taskId: string, dayNumber: number): WeekCommand => ({ type: 'AddTask', taskId, dayNumber, ...item, title: `Task ${taskId}` });
const added = (taskId: string, dayNumber: number): WeekEvent => ({ type: 'TaskAdded', data: { weekId, taskId, dayNumber, ...item, title: `Task ${taskId}` } });
const days = (events: WeekEvent[]) => week.given(created, ...events).state.tasks.map((t) => [t.taskId, t.dayNumber]);

describe('weeks', () => {
  it('derives one id per (subject, week number), so a second create of the same week is refused', () => {
    expect(weekIdOf('s1', 1)).toBe(weekId);
    expect(weekIdOf('s1', 2)).not.toBe(weekId);
    expect(weekIdOf('s2', 1)).not.toBe(weekId);
    expect(weekId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    week.given().when({ type: 'CreateWeek', weekId, subjectId: 's1', weekNumber: 1, title: 'HTML', objectives: 'Tags' }).then([created]);
    week
      .given(created)
      .when({ type: 'CreateWeek', weekId, subjectId: 's1', weekNumber: 1, title: 'x', objectives: '' })
      .thenRefused({ kind: 'conflict', message: LEARNING_MESSAGES.weekExists(1), fields: { weekNumber: [LEARNING_MESSAGES.weekExists(1)] } });
  });

  it('starts as a draft; publish and unpublish toggle; the same value again appends nothing', () => {
    expect(week.given(created).state.published).toBe(false);
    week.given(created).when({ type: 'SetPublished', published: false }).thenNothing();
    week.given(created).when({ type: 'SetPublished', published: true }).then([published]);
    expect(week.given(created, published).state.published).toBe(true);
    week.given(created, published).when({ type: 'SetPublished', published: true }).thenNothing();
    week.given(created, published).when({ type: 'SetPublished', published: false }).then([{ type: 'WeekUnpublished', data: { weekId, subjectId: 's1' } }]);
  });

  it('edits title and objectives; refuses commands on a week that does not exist', () => {
    week.given(created).when({ type: 'UpdateWeek', title: 'HTML', objectives: 'Tags' }).thenNothing();
    week.given(created).when({ type: 'UpdateWeek', title: 'HTML 1', objectives: '' }).then([{ type: 'WeekUpdated', data: { weekId, title: 'HTML 1', objectives: '' } }]);
    week.given().when({ type: 'SetPublished', published: true }).thenRefused({ kind: 'not_found', message: LEARNING_MESSAGES.weekNotFound });
    week.given().when(add('a', 1)).thenRefused({ kind: 'not_found', message: LEARNING_MESSAGES.weekNotFound });
  });
});

describe('daily tasks', () => {
  it('adds Day 1-5, one task per day, at most five', () => {
    week.given(created).when(add('a', 3)).then([added('a', 3)]);
    const full = [added('a', 3), added('b', 1), added('c', 2), added('d', 5), added('e', 4)];
    expect(days(full)).toEqual([['b', 1], ['c', 2], ['a', 3], ['e', 4], ['d', 5]]);
    week.given(created, ...full).when(add('f', 1)).thenRefused({ kind: 'conflict', message: LEARNING_MESSAGES.weekFull });
    week
      .given(created, added('a', 1))
      .when(add('f', 1))
      .thenRefused({ kind: 'conflict', message: LEARNING_MESSAGES.dayTaken(1), fields: { dayNumber: [LEARNING_MESSAGES.dayTaken(1)] } });
  });

  const three = [created, added('a', 1), added('b', 2), added('c', 3)];

  it("edits a task, not onto another task's day; an edit that changes nothing appends nothing", () => {
    week.given(...three).when({ type: 'UpdateTask', taskId: 'a', dayNumber: 2, ...item }).thenRefused({ kind: 'conflict', message: LEARNING_MESSAGES.dayTaken(2) });
    week.given(...three).when({ type: 'UpdateTask', taskId: 'zz', dayNumber: 4, ...item }).thenRefused({ kind: 'not_found', message: LEARNING_MESSAGES.taskNotFound });
    const moved: WeekEvent = { type: 'TaskUpdated', data: { weekId, taskId: 'a', dayNumber: 4, ...item, dueAt: '2026-12-01T00:00:00.000Z' } };
    week.given(...three).when({ type: 'UpdateTask', taskId: 'a', dayNumber: 4, ...item, dueAt: '2026-12-01T00:00:00.000Z' }).then([moved]);
    expect(week.given(...three, moved).state.tasks.find((t) => t.taskId === 'a')).toEqual({ taskId: 'a', dayNumber: 4, ...item, dueAt: '2026-12-01T00:00:00.000Z' });
    week.given(...three, moved).when({ type: 'UpdateTask', taskId: 'a', dayNumber: 4, ...item, dueAt: '2026-12-01T00:00:00.000Z' }).thenNothing();
  });

  it('reorders by listing every task once; the same order again appends nothing', () => {
    week.given(...three).when({ type: 'ReorderTasks', taskIds: ['a', 'b'] }).thenRefused({ kind: 'invalid', message: LEARNING_MESSAGES.reorderMismatch, fields: { taskIds: [LEARNING_MESSAGES.reorderMismatch] } });
    week.given(...three).when({ type: 'ReorderTasks', taskIds: ['a', 'a', 'b'] }).thenRefused('invalid');
    week.given(...three).when({ type: 'ReorderTasks', taskIds: ['a', 'b', 'c'] }).thenNothing();
    const [reordered] = week
      .given(...three)
      .when({ type: 'ReorderTasks', taskIds: ['c', 'a', 'b'] })
      .then([{ type: 'TasksReordered', data: { weekId, order: [{ taskId: 'c', dayNumber: 1 }, { taskId: 'a', dayNumber: 2 }, { taskId: 'b', dayNumber: 3 }] } }]);
    expect(days([...three.slice(1), reordered])).toEqual([['c', 1], ['a', 2], ['b', 3]]);
    week.given(...three, reordered).when({ type: 'ReorderTasks', taskIds: ['c', 'a', 'b'] }).thenNothing();
  });

  it('removes a task once', () => {
    const [removed] = week.given(...three).when({ type: 'RemoveTask', taskId: 'a' }).then([{ type: 'TaskRemoved', data: { weekId, taskId: 'a' } }]);
    expect(days([...three.slice(1), removed])).toEqual([['b', 2], ['c', 3]]);
    week.given(...three, removed).when({ type: 'RemoveTask', taskId: 'a' }).thenRefused({ kind: 'not_found', message: LEARNING_MESSAGES.taskNotFound });
  });
});

describe('the capstone', () => {
  it('one per week: set, edit keeps its id, remove', () => {
    const [set] = week.given(created).when({ type: 'SetCapstone', newCapstoneId: 'cap1', ...item }).then([{ type: 'CapstoneSet', data: { weekId, capstoneId: 'cap1', ...item } }]);
    expect(week.given(created, set).state.capstone).toEqual({ capstoneId: 'cap1', ...item });
    week.given(created, set).when({ type: 'SetCapstone', newCapstoneId: 'cap2', ...item }).thenNothing();
    const [edited] = week
      .given(created, set)
      .when({ type: 'SetCapstone', newCapstoneId: 'cap2', ...item, title: 'Portfolio' })
      .then([{ type: 'CapstoneSet', data: { weekId, capstoneId: 'cap1', ...item, title: 'Portfolio' } }]);
    const [removed] = week.given(created, set, edited).when({ type: 'RemoveCapstone' }).then([{ type: 'CapstoneRemoved', data: { weekId, capstoneId: 'cap1' } }]);
    expect(week.given(created, set, edited, removed).state.capstone).toBeNull();
    week.given(created, set, edited, removed).when({ type: 'RemoveCapstone' }).thenRefused({ kind: 'not_found', message: LEARNING_MESSAGES.capstoneNotFound });
  });

  it('keeps a task’s and the capstone’s late policy (issue 30 §4): a change of it alone is an update, the same again nothing', () => {
    const closedTask = { type: 'UpdateTask' as const, taskId: 'a', dayNumber: 1, ...item, title: 'Task a', latePolicy: 'closed' as const };
    const updated: WeekEvent = { type: 'TaskUpdated', data: { weekId, taskId: 'a', dayNumber: 1, ...item, title: 'Task a', latePolicy: 'closed' } };
    week.given(created, added('a', 1)).when(closedTask).then([updated]);
    week.given(created, added('a', 1), updated).when(closedTask).thenNothing();
    // An event from before late policies carries none: read as accept.
    const { latePolicy: _none, ...older } = (added('a', 1) as Extract<WeekEvent, { type: 'TaskAdded' }>).data;
    week.given(created, { type: 'TaskAdded', data: older }).when({ ...closedTask, latePolicy: 'accept' }).thenNothing();
    week.given(created).when({ type: 'SetCapstone', newCapstoneId: 'c1', ...item, latePolicy: 'closed' }).then([{ type: 'CapstoneSet', data: { weekId, capstoneId: 'c1', ...item, latePolicy: 'closed' } }]);
  });
});
