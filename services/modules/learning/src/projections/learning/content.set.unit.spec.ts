// planContent, the pure fold of learning's weeks, tasks and capstones (ADR 0035): what a batch leaves, apart from the database.
import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@academy/event-store';
import { planContent } from './content.set.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [SUBJECT, W1, W2, T1, T2, T3, C1] = [1, 2, 3, 4, 5, 6, 7].map(id);
let position = 0;
const stored = (type: string, weekId: string, streamVersion: number, data: object = {}): StoredEvent => ({
  position: ++position,
  streamId: `week-${weekId}`,
  streamVersion,
  id: id(1000 + position),
  type,
  schemaVersion: 1,
  data: { weekId, subjectId: SUBJECT, ...data },
  personal: null,
  erased: false,
  metadata: { actorId: null, actorRole: null, correlationId: id(9), causationId: null, occurredAt: `2026-01-01T00:00:0${position % 10}.123456Z` },
  recordedAt: '2026-01-01T00:00:00.000000Z',
  hash: 'h',
});
const created = (w: string, v: number) => stored('WeekCreated', w, v, { weekNumber: v, title: 'Week', objectives: 'o' });
const task = (type: string, w: string, v: number, taskId: string, dayNumber: number, title = 'Task') =>
  stored(type, w, v, { taskId, dayNumber, title, description: 'd', instructions: 'i', dueAt: null });

describe('planContent', () => {
  it('folds a week made in the batch into one row, and says which columns a row from before takes', () => {
    const plan = planContent([created(W1, 1), task('TaskAdded', W1, 2, T1, 1), stored('CapstoneSet', W1, 3, { capstoneId: C1, title: 'C', description: 'd', instructions: 'i', dueAt: null }), stored('WeekPublished', W1, 4)])!;
    expect(plan.created).toEqual([{ row: expect.objectContaining({ id: W1, title: 'Week', isPublished: true, version: 4 }), merge: ['isPublished', 'version'] }]);
    expect(plan.changed).toEqual([]);
    expect(plan.tasks.upserts.map((t) => [t.id, t.weekId, t.dayNumber])).toEqual([[T1, W1, 1]]);
    expect(plan.capstones.upserts.map((c) => c.id)).toEqual([C1]);
  });

  it('keeps the week of a row’s first upsert, adds a removed row afresh, and leaves a reorder of a row it does not hold to an UPDATE', () => {
    const plan = planContent([
      task('TaskAdded', W1, 5, T1, 1),
      task('TaskUpdated', W2, 6, T1, 2, 'edited'),
      task('TaskRemoved', W1, 7, T2, 0),
      stored('TasksReordered', W1, 8, { order: [{ taskId: T1, dayNumber: 3 }, { taskId: T2, dayNumber: 4 }, { taskId: T3, dayNumber: 5 }] }),
      task('TaskAdded', W2, 9, T2, 1),
      stored('WeekUpdated', W2, 10, { title: 'New', objectives: 'n' }),
    ])!;
    expect(plan.tasks.upserts.map((t) => [t.id, t.weekId, t.dayNumber, t.title])).toEqual([
      [T1, W1, 3, 'edited'],
      [T2, W2, 1, 'Task'],
    ]);
    expect(plan.tasks.removed).toEqual([T2]);
    // T2 was removed when reordered (no row), T3 is not in the batch (a row from before, if any).
    expect([...plan.tasks.days]).toEqual([[T3, 5]]);
    // Neither week is created here: what the batch sets on rows from before.
    expect(plan.changed).toEqual([
      { id: W1, version: 8 },
      { id: W2, version: 10, title: 'New', objectives: 'n' },
    ]);
  });

  it('gives up (null: the events one by one) on a week changed before its WeekCreated', () => {
    expect(planContent([task('TaskAdded', W1, 1, T1, 1), created(W1, 2)])).toBeNull();
    // A second WeekCreated after changes is ignored, as one by one.
    expect(planContent([created(W1, 1), stored('WeekPublished', W1, 2), created(W1, 3)])!.created).toEqual([
      { row: expect.objectContaining({ id: W1, isPublished: true, version: 2 }), merge: ['isPublished', 'version'] },
    ]);
  });
});
