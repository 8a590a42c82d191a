// learning's weeks, tasks and capstones (content.handlers.ts) from a log that holds every content event
// and what each must get right: a task's and a capstone's upsert merging into a row (the row keeps its
// week), a task and a capstone removed and added again (the new row takes the new week), reorders of
// rows, of a removed task and of no task, publish and unpublish, the version every task or capstone
// event gives its week, a second WeekCreated of a week (ignored, later changes still land), changes of a
// week that never exists, and other tables' events in between. `early`: a week changed before its
// WeekCreated (that change hits nothing).
import { describe, expect, it } from '@jest/globals';
import { event, projectionSpec, type GivenEvent } from '@academy/testing/projection';
import { learningProjection } from './learning.projection.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [PROGRAM, SUBJECT, W1, W2, W3, W4, W5, T1, T2, T3, T4, T5, T6, C1, C2, C3, STUDENT, ENROLLMENT] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18].map(id);

const spec = projectionSpec(() => learningProjection, 'learning_content');

const week = (w: string, type: string, data: object = {}): GivenEvent => event(`week-${w}`, type, { weekId: w, subjectId: SUBJECT, ...data });
const created = (w: string, weekNumber: number, title: string) => week(w, 'WeekCreated', { weekNumber, title, objectives: `${title}: objectives` });
const updated = (w: string, title: string) => event(`week-${w}`, 'WeekUpdated', { weekId: w, title, objectives: `${title}: objectives` });
/** In the stream of `stream` (default: its week's): a task event whose week is not its stream's moves that week's version. */
const task = (type: 'TaskAdded' | 'TaskUpdated', w: string, taskId: string, dayNumber: number, title: string, stream = w): GivenEvent =>
  event(`week-${stream}`, type, { weekId: w, taskId, dayNumber, title, description: `${title} d`, instructions: `${title} i`, dueAt: dayNumber > 2 ? '2026-03-01T10:00:00.123456Z' : null });
const reordered = (w: string, order: [string, number][]) => event(`week-${w}`, 'TasksReordered', { weekId: w, order: order.map(([taskId, dayNumber]) => ({ taskId, dayNumber })) });
const taskRemoved = (w: string, taskId: string) => event(`week-${w}`, 'TaskRemoved', { weekId: w, taskId });
const capstone = (w: string, capstoneId: string, title: string, dueAt: string | null = null, stream = w) =>
  event(`week-${stream}`, 'CapstoneSet', { weekId: w, capstoneId, title, description: `${title} d`, instructions: `${title} i`, dueAt });
const capstoneRemoved = (w: string, capstoneId: string) => event(`week-${w}`, 'CapstoneRemoved', { weekId: w, capstoneId });

const log: GivenEvent[] = [
  event(`program-${PROGRAM}`, 'ProgramCreated', { programId: PROGRAM, name: 'Evening', type: 'evening', description: '' }),
  event(`subject-${SUBJECT}`, 'SubjectCreated', { subjectId: SUBJECT, programId: PROGRAM, name: 'Web', weekNumber: null, description: '' }),
  created(W1, 1, 'Basics'),
  task('TaskAdded', W1, T1, 1, 'One'),
  task('TaskAdded', W1, T2, 2, 'Two'),
  capstone(W1, C1, 'Cap'),
  week(W1, 'WeekPublished'),
  event(`enrollment-${ENROLLMENT}`, 'StudentEnrolled', { enrollmentId: ENROLLMENT, code: 'ENR-2026-0001', studentId: STUDENT, programId: PROGRAM, subjectId: SUBJECT }),
  created(W2, 2, 'Forms'),
  task('TaskAdded', W2, T3, 1, 'Three'),
  reordered(W1, [
    [T1, 2],
    [T2, 1],
    [T6, 3],
  ]),
  // T1 again with another week (in W2's stream): the row keeps W1, W2's version moves.
  task('TaskUpdated', W2, T1, 3, 'One, edited'),
  updated(W1, 'Basics, again'),
  taskRemoved(W1, T2),
  reordered(W1, [
    [T2, 5],
    [T1, 1],
  ]),
  // Removed, then added again to another week: a new row.
  task('TaskAdded', W2, T2, 4, 'Two, again'),
  week(W1, 'WeekUnpublished'),
  created(W3, 3, 'Styles'),
  task('TaskAdded', W3, T4, 3, 'Four'),
  // W1 again: ignored, but W1's later changes land on its row.
  created(W1, 7, 'Duplicate'),
  week(W1, 'WeekPublished'),
  capstone(W1, C1, 'Cap, edited', '2026-03-08T10:00:00.654321Z'),
  task('TaskAdded', W3, T5, 5, 'Five'),
  capstoneRemoved(W1, C1),
  capstone(W1, C2, 'Cap two'),
  capstone(W2, C3, 'Cap three'),
  capstoneRemoved(W2, C3),
  capstone(W3, C3, 'Cap three, again'),
  event(`enrollment-${ENROLLMENT}`, 'EnrollmentWeekAdvanced', { enrollmentId: ENROLLMENT, currentWeek: 2, capstoneId: null }),
  week(W4, 'WeekPublished'),
  updated(W4, 'Nowhere'),
  taskRemoved(W4, T6),
  task('TaskUpdated', W2, T3, 3, 'Three, edited'),
  reordered(W2, [[T3, 2]]),
  updated(W2, 'Forms, again'),
  taskRemoved(W3, T5),
  task('TaskAdded', W3, T5, 1, 'Five, again'),
  // C2 again with another week (in W1's stream): the row keeps W1, W2's version moves.
  capstone(W2, C2, 'Cap two, edited', null, W1),
  week(W2, 'WeekPublished'),
  week(W2, 'WeekUnpublished'),
  reordered(W1, [[T1, 4]]),
  week(W3, 'WeekPublished'),
];

/** W5's changes, then W5 itself: the changes hit nothing (no row yet), and W5 is as its WeekCreated makes it. */
const early = [...log.slice(0, 20), task('TaskAdded', W5, T6, 2, 'Six'), week(W5, 'WeekPublished'), updated(W5, 'Too early'), created(W5, 5, 'Late'), ...log.slice(20)];

type Row = Record<string, unknown>;
const rows = (tables: Record<string, unknown[]>, table: string) => (tables[table] as { row: Row }[]).map((r) => r.row);

describe('learning weeks, tasks and capstones', () => {
  it('keeps each week, task and capstone as the last event that reached it left it', async () => {
    const tables = await (await spec.given(log)).tables();
    expect(rows(tables, 'weeks').map((w) => [w.id, w.title, w.is_published, w.version])).toEqual([
      [W1, 'Basics, again', true, 17],
      [W2, 'Forms, again', false, 11],
      [W3, 'Styles', true, 7],
    ]);
    expect(Object.fromEntries(rows(tables, 'tasks').map((t) => [t.id, [t.week_id, t.day_number, t.title]]))).toEqual({
      [T1]: [W1, 4, 'One, edited'],
      [T2]: [W2, 4, 'Two, again'],
      [T3]: [W2, 2, 'Three, edited'],
      [T4]: [W3, 3, 'Four'],
      [T5]: [W3, 1, 'Five, again'],
    });
    expect(Object.fromEntries(rows(tables, 'capstones').map((c) => [c.id, [c.week_id, c.title]]))).toEqual({ [C2]: [W1, 'Cap two, edited'], [C3]: [W3, 'Cap three, again'] });
  });

  it('a week changed before its WeekCreated is as its WeekCreated makes it', async () => {
    const tables = await (await spec.given(early)).tables();
    expect(rows(tables, 'weeks').find((w) => w.id === W5)).toMatchObject({ title: 'Late', is_published: false, version: 4 });
  });
});
