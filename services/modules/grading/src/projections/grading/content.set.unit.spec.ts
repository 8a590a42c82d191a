// planContent, the pure fold of grading's weeks and items (ADR 0035): what a batch leaves, apart from the database.
import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@academy/event-store';
import { planContent } from './content.set.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [SUBJECT, W1, W2, T1, T2, C1] = [1, 2, 3, 4, 5, 6].map(id);
let position = 0;
const stored = (type: string, weekId: string, data: object = {}): StoredEvent => ({
  position: ++position,
  streamId: `week-${weekId}`,
  streamVersion: position,
  id: id(1000 + position),
  type,
  schemaVersion: 1,
  data: { weekId, subjectId: SUBJECT, ...data },
  personal: null,
  erased: false,
  metadata: { actorId: null, actorRole: null, correlationId: id(9), causationId: null, occurredAt: '2026-01-01T00:00:00.123456Z' },
  recordedAt: '2026-01-01T00:00:00.000000Z',
  hash: 'h',
});
const created = (w: string) => stored('WeekCreated', w, { weekNumber: 1, title: 'Week', objectives: '' });
const task = (type: string, w: string, taskId: string, dayNumber: number) => stored(type, w, { taskId, dayNumber, title: `Day ${dayNumber}`, description: '', instructions: '', dueAt: null });

describe('planContent', () => {
  it('folds a batch into upserts that keep the kind and week of the first, and UPDATEs of rows it does not hold', () => {
    const plan = planContent([
      created(W1),
      stored('WeekPublished', W1),
      task('TaskAdded', W1, T1, 1),
      task('TaskUpdated', W2, T1, 2),
      stored('TaskRemoved', W1, { taskId: T1 }),
      stored('CapstoneRemoved', W1, { capstoneId: C1 }),
      stored('TasksReordered', W1, { order: [{ taskId: T1, dayNumber: 3 }, { taskId: T2, dayNumber: 4 }] }),
      stored('WeekUnpublished', W2),
    ])!;
    expect(plan.created).toEqual([{ row: { id: W1, subjectId: SUBJECT, weekNumber: 1, isPublished: true }, published: true }]);
    expect([...plan.publications]).toEqual([[W2, false]]);
    expect(plan.upserts).toEqual([{ id: T1, kind: 'task', weekId: W1, title: 'Day 2', dayNumber: 3, dueAt: null, removed: true }]);
    expect([...plan.days]).toEqual([[T2, 4]]);
    expect([...plan.removed]).toEqual([C1]);
  });

  it('gives up (null: the events one by one) on a week published before its WeekCreated', () => {
    expect(planContent([stored('WeekPublished', W1), created(W1)])).toBeNull();
  });
});
