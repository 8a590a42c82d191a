// grading's copy of learning's weeks and items (tasks and capstones), one event at a time: a removed item
// keeps its row (graded work still names it), an item's upsert keeps its kind and week.
import { type Handler, instant, type ProjectionTx, type StoredEvent, withTables } from '@academy/event-store';
import {
  CapstoneRemovedV1,
  CapstoneSetV1,
  LEARNING_EVENTS,
  type LatePolicy,
  publishedEventFor,
  type TaskData,
  TaskAddedV1,
  TaskRemovedV1,
  TasksReorderedV1,
  TaskUpdatedV1,
  WeekCreatedV1,
  WeekPublishedV1,
  WeekUnpublishedV1,
} from '@academy/contracts';
import { GradingItem } from './item.entity.js';
import { GradingWeek } from './week.entity.js';

const weeks = (tx: ProjectionTx) => tx.em.createQueryBuilder(GradingWeek);
const items = (tx: ProjectionTx) => tx.em.createQueryBuilder(GradingItem);

/** The columns an item's upsert sets on a row that is there (its kind and week stay). */
const ITEM_MERGE = ['title', 'dayNumber', 'dueAt', 'latePolicy', 'removed'] as const;

async function upsertItem(kind: 'task' | 'capstone', id: string, d: { weekId: string; title: string; dueAt: string | null; latePolicy?: LatePolicy; dayNumber?: number }, tx: ProjectionTx) {
  await items(tx)
    .insert({ id, kind, weekId: d.weekId, title: d.title, dayNumber: d.dayNumber ?? null, dueAt: d.dueAt === null ? null : instant(d.dueAt), latePolicy: d.latePolicy ?? 'accept', removed: false })
    .onConflict('id')
    .merge([...ITEM_MERGE])
    .execute();
}
async function upsertTask(d: TaskData, tx: ProjectionTx) {
  await upsertItem('task', d.taskId, d, tx);
}
async function publication(e: StoredEvent, tx: ProjectionTx, published: boolean) {
  const { weekId } = publishedEventFor([WeekPublishedV1, WeekUnpublishedV1], e).parse(e);
  await weeks(tx).update({ isPublished: published }).where({ id: weekId }).execute();
}

export const contentHandlers: Record<string, Handler> = withTables({ writes: ['weeks', 'items'] }, {
  [LEARNING_EVENTS.WeekCreated]: async (e, tx) => {
    const d = WeekCreatedV1.parse(e);
    await weeks(tx).insert({ id: d.weekId, subjectId: d.subjectId, weekNumber: d.weekNumber }).onConflict('id').ignore().execute();
  },
  [LEARNING_EVENTS.WeekPublished]: (e, tx) => publication(e, tx, true),
  [LEARNING_EVENTS.WeekUnpublished]: (e, tx) => publication(e, tx, false),
  [LEARNING_EVENTS.TaskAdded]: (e, tx) => upsertTask(TaskAddedV1.parse(e), tx),
  [LEARNING_EVENTS.TaskUpdated]: (e, tx) => upsertTask(TaskUpdatedV1.parse(e), tx),
  [LEARNING_EVENTS.TasksReordered]: async (e, tx) => {
    for (const o of TasksReorderedV1.parse(e).order) await items(tx).update({ dayNumber: o.dayNumber }).where({ id: o.taskId }).execute();
  },
  [LEARNING_EVENTS.TaskRemoved]: async (e, tx) => {
    await items(tx).update({ removed: true }).where({ id: TaskRemovedV1.parse(e).taskId }).execute();
  },
  [LEARNING_EVENTS.CapstoneSet]: (e, tx) => {
    const d = CapstoneSetV1.parse(e);
    return upsertItem('capstone', d.capstoneId, d, tx);
  },
  [LEARNING_EVENTS.CapstoneRemoved]: async (e, tx) => {
    await items(tx).update({ removed: true }).where({ id: CapstoneRemovedV1.parse(e).capstoneId }).execute();
  },
});
