// learning's weeks, tasks and capstones, one event at a time: every task or capstone event also sets its
// week's version (the editor sends it back as expectedVersion).
import { type Handler, instant, type ProjectionTx, type StoredEvent, withTables } from '@academy/event-store';
import {
  CapstoneRemovedV1,
  CapstoneSetV1,
  LEARNING_EVENTS,
  publishedEventFor,
  TaskAddedV1,
  TaskRemovedV1,
  TasksReorderedV1,
  TaskUpdatedV1,
  type WeekUpdatedData,
  WeekCreatedV1,
  WeekPublishedV1,
  WeekUnpublishedV1,
} from '@academy/contracts';
import { LearningCapstone } from './capstone.entity.js';
import { LearningTask } from './task.entity.js';
import { LearningWeek } from './week.entity.js';

const weeks = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningWeek);
const tasks = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningTask);
const capstones = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningCapstone);

const dateOrNull = (iso: string | null) => (iso === null ? null : instant(iso));
/** The columns a task's upsert sets on a row that is there (its week stays). */
const TASK_MERGE = ['dayNumber', 'title', 'description', 'instructions', 'dueAt', 'latePolicy'] as const;
const CAPSTONE_MERGE = ['title', 'description', 'instructions', 'dueAt', 'latePolicy'] as const;

async function upsertTask(e: StoredEvent, tx: ProjectionTx) {
  const d = publishedEventFor([TaskAddedV1, TaskUpdatedV1], e).parse(e);
  await tasks(tx)
    .insert({ id: d.taskId, weekId: d.weekId, dayNumber: d.dayNumber, title: d.title, description: d.description, instructions: d.instructions, dueAt: dateOrNull(d.dueAt), latePolicy: d.latePolicy ?? 'accept' })
    .onConflict('id')
    .merge([...TASK_MERGE])
    .execute();
  await bump(e, d.weekId, tx);
}
/** The week's stream version, sent back by the editor as expectedVersion. */
async function bump(e: StoredEvent, weekId: string, tx: ProjectionTx) {
  await weeks(tx).update({ version: e.streamVersion }).where({ id: weekId }).execute();
}
async function publication(e: StoredEvent, tx: ProjectionTx, published: boolean) {
  const d = publishedEventFor([WeekPublishedV1, WeekUnpublishedV1], e).parse(e);
  await weeks(tx).update({ isPublished: published, version: e.streamVersion }).where({ id: d.weekId }).execute();
}

export const contentHandlers: Record<string, Handler> = withTables({ writes: ['weeks', 'tasks', 'capstones'] }, {
  [LEARNING_EVENTS.WeekCreated]: async (e, tx) => {
    const d = WeekCreatedV1.parse(e);
    await weeks(tx)
      .insert({ id: d.weekId, subjectId: d.subjectId, weekNumber: d.weekNumber, title: d.title, objectives: d.objectives, createdAt: instant(e.metadata.occurredAt), version: e.streamVersion })
      .onConflict('id')
      .ignore()
      .execute();
  },
  [LEARNING_EVENTS.WeekUpdated]: async (e, tx) => {
    // Learning's own internal event (not published): its own code wrote it.
    const d = e.data as WeekUpdatedData;
    await weeks(tx).update({ title: d.title, objectives: d.objectives, version: e.streamVersion }).where({ id: d.weekId }).execute();
  },
  [LEARNING_EVENTS.WeekPublished]: (e, tx) => publication(e, tx, true),
  [LEARNING_EVENTS.WeekUnpublished]: (e, tx) => publication(e, tx, false),
  [LEARNING_EVENTS.TaskAdded]: upsertTask,
  [LEARNING_EVENTS.TaskUpdated]: upsertTask,
  [LEARNING_EVENTS.TasksReordered]: async (e, tx) => {
    const d = TasksReorderedV1.parse(e);
    for (const o of d.order) await tasks(tx).update({ dayNumber: o.dayNumber }).where({ id: o.taskId }).execute();
    await bump(e, d.weekId, tx);
  },
  [LEARNING_EVENTS.TaskRemoved]: async (e, tx) => {
    const d = TaskRemovedV1.parse(e);
    await tasks(tx).delete().where({ id: d.taskId }).execute();
    await bump(e, d.weekId, tx);
  },
  [LEARNING_EVENTS.CapstoneSet]: async (e, tx) => {
    const d = CapstoneSetV1.parse(e);
    await capstones(tx)
      .insert({ id: d.capstoneId, weekId: d.weekId, title: d.title, description: d.description, instructions: d.instructions, dueAt: dateOrNull(d.dueAt), latePolicy: d.latePolicy ?? 'accept' })
      .onConflict('id')
      .merge([...CAPSTONE_MERGE])
      .execute();
    await bump(e, d.weekId, tx);
  },
  [LEARNING_EVENTS.CapstoneRemoved]: async (e, tx) => {
    const d = CapstoneRemovedV1.parse(e);
    await capstones(tx).delete().where({ id: d.capstoneId }).execute();
    await bump(e, d.weekId, tx);
  },
});
