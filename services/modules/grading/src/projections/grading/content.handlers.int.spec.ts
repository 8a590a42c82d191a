// grading's weeks and items (content.handlers.ts) from a log that holds every content event and what
// each must get right: an item's upsert merging into a row (the row keeps its kind and week), an item
// removed (it keeps its row) and added again, reorders of rows, of a removed item and of no item,
// publish and unpublish, a second WeekCreated of a week (ignored, later publications still land),
// publications of a week that never exists, and other tables' events in between. `early`: a week
// published before its WeekCreated (that publication hits nothing).
import { describe, expect, it } from '@jest/globals';
import { event, projectionSpec, type GivenEvent } from '@academy/testing/projection';
import { gradingProjection } from './grading.projection.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [PROGRAM, SUBJECT, W1, W2, W3, W4, W5, T1, T2, T3, T4, T5, T6, C1, C2, STUDENT, ENROLLMENT] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17].map(id);

const spec = projectionSpec(() => gradingProjection, 'grading_content');

const week = (w: string, type: string, data: object = {}): GivenEvent => event(`week-${w}`, type, { weekId: w, subjectId: SUBJECT, ...data });
const created = (w: string, weekNumber: number) => week(w, 'WeekCreated', { weekNumber, title: `Week ${weekNumber}`, objectives: '' });
const task = (type: 'TaskAdded' | 'TaskUpdated', w: string, taskId: string, dayNumber: number, title: string): GivenEvent =>
  week(w, type, { taskId, dayNumber, title, description: '', instructions: '', dueAt: dayNumber > 2 ? '2026-03-01T10:00:00.123456Z' : null });
const reordered = (w: string, order: [string, number][]) => event(`week-${w}`, 'TasksReordered', { weekId: w, order: order.map(([taskId, dayNumber]) => ({ taskId, dayNumber })) });
const taskRemoved = (w: string, taskId: string) => event(`week-${w}`, 'TaskRemoved', { weekId: w, taskId });
const capstone = (w: string, capstoneId: string, title: string, dueAt: string | null = null) => week(w, 'CapstoneSet', { capstoneId, title, description: '', instructions: '', dueAt });
const capstoneRemoved = (w: string, capstoneId: string) => event(`week-${w}`, 'CapstoneRemoved', { weekId: w, capstoneId });

const log: GivenEvent[] = [
  event(`program-${PROGRAM}`, 'ProgramCreated', { programId: PROGRAM, name: 'Evening', type: 'evening', description: '' }),
  event(`subject-${SUBJECT}`, 'SubjectCreated', { subjectId: SUBJECT, programId: PROGRAM, name: 'Web', weekNumber: null, description: '' }),
  created(W1, 1),
  task('TaskAdded', W1, T1, 1, 'One'),
  task('TaskAdded', W1, T2, 2, 'Two'),
  capstone(W1, C1, 'Cap'),
  week(W1, 'WeekPublished'),
  event(`enrollment-${ENROLLMENT}`, 'StudentEnrolled', { enrollmentId: ENROLLMENT, code: 'ENR-2026-0001', studentId: STUDENT, programId: PROGRAM, subjectId: SUBJECT }),
  created(W2, 2),
  task('TaskAdded', W2, T3, 1, 'Three'),
  reordered(W1, [
    [T1, 2],
    [T2, 1],
    [T6, 3],
  ]),
  // T1 again with another week: the row keeps W1.
  task('TaskUpdated', W2, T1, 3, 'One, edited'),
  taskRemoved(W1, T2),
  // A removed item keeps its row, so its day still moves.
  reordered(W1, [
    [T2, 5],
    [T1, 1],
  ]),
  // Removed, then added again to another week: the same row, not removed, still W1's.
  task('TaskAdded', W2, T2, 4, 'Two, again'),
  week(W1, 'WeekUnpublished'),
  created(W3, 3),
  task('TaskAdded', W3, T4, 3, 'Four'),
  // W1 again: ignored, but W1's later publications land on its row (the last one, so it shows).
  created(W1, 7),
  week(W1, 'WeekPublished'),
  capstone(W1, C1, 'Cap, edited', '2026-03-08T10:00:00.654321Z'),
  task('TaskAdded', W3, T5, 5, 'Five'),
  capstoneRemoved(W1, C1),
  capstone(W1, C2, 'Cap two'),
  event(`enrollment-${ENROLLMENT}`, 'EnrollmentWeekAdvanced', { enrollmentId: ENROLLMENT, currentWeek: 2, capstoneId: null }),
  week(W4, 'WeekPublished'),
  taskRemoved(W4, T6),
  reordered(W4, [[T6, 2]]),
  task('TaskUpdated', W2, T3, 3, 'Three, edited'),
  reordered(W2, [[T3, 2]]),
  taskRemoved(W3, T5),
  reordered(W3, [[T5, 2]]),
  capstone(W1, C2, 'Cap two, edited'),
  week(W2, 'WeekPublished'),
  week(W2, 'WeekUnpublished'),
  capstoneRemoved(W1, C2),
  reordered(W1, [[T1, 4]]),
  week(W3, 'WeekPublished'),
];

/** W5 published, then made: the publication hits nothing (no row yet), and W5 stays a draft. */
const early = [...log.slice(0, 20), week(W5, 'WeekPublished'), task('TaskAdded', W5, T6, 2, 'Six'), created(W5, 5), ...log.slice(20)];

type Row = Record<string, unknown>;
const rows = (tables: Record<string, unknown[]>, table: string) => (tables[table] as { row: Row }[]).map((r) => r.row);

describe('grading weeks and items', () => {
  it('keeps each week and item as the last event that reached it left it', async () => {
    const tables = await (await spec.given(log)).tables();
    expect(rows(tables, 'weeks').map((w) => [w.id, w.week_number, w.is_published])).toEqual([
      [W1, 1, true],
      [W2, 2, false],
      [W3, 3, true],
    ]);
    expect(Object.fromEntries(rows(tables, 'items').map((i) => [i.id, [i.kind, i.week_id, i.day_number, i.title, i.removed]]))).toEqual({
      [T1]: ['task', W1, 4, 'One, edited', false],
      [T2]: ['task', W1, 4, 'Two, again', false],
      [T3]: ['task', W2, 2, 'Three, edited', false],
      [T4]: ['task', W3, 3, 'Four', false],
      [T5]: ['task', W3, 2, 'Five', true],
      [C1]: ['capstone', W1, null, 'Cap, edited', true],
      [C2]: ['capstone', W1, null, 'Cap two, edited', true],
    });
  });

  it('a week published before its WeekCreated stays a draft', async () => {
    const tables = await (await spec.given(early)).tables();
    expect(rows(tables, 'weeks').find((w) => w.id === W5)).toMatchObject({ is_published: false });
  });
});
