// learning: the learning context's read tables. Its own events (weeks, tasks, capstones) and foreign
// integration events from the shared log: the catalog's (subject names and programs, which teacher
// is assigned to which subject), enrollment's (the student's active enrollment and current week) and
// grading's (the student's latest attempt at each item and its grade, for the lessons' badges).
// On MikroORM (ADR 0018): the tables are the entities of learning.orm.ts, made by the context's
// migrations; the handlers write through tx.em.
import { catalogReplica, enrollmentsReplicaSet } from '@academy/backend';
import { instant, type Projection, type ProjectionTx, type StoredEvent } from '@academy/event-store';
import {
  CapstoneRemovedV1,
  CapstoneSetV1,
  IDENTITY_EVENTS,
  LEARNING_EVENTS,
  publishedEventFor,
  TaskAddedV1,
  TaskRemovedV1,
  TasksReorderedV1,
  TaskUpdatedV1,
  type WeekUpdatedData,
  UserDeletedV1,
  WeekCreatedV1,
  WeekPublishedV1,
  WeekUnpublishedV1,
} from '@academy/contracts';

import { LearningAssignment } from './assignment.entity.js';
import { LearningCapstone } from './capstone.entity.js';
import { LearningEnrollment } from './enrollment.entity.js';
import { learningOrm } from './learning.orm.js';
import { LearningProgram } from './program.entity.js';
import { LearningSubject } from './subject.entity.js';
import { LearningTask } from './task.entity.js';
import { LearningWeek } from './week.entity.js';
import { LearningWork } from './work.entity.js';
import { workSet } from './work.set.js';

export const LEARNING_PROJECTION = 'learning';
/** Answers and command checks wait for this projection: every learning screen reads it. */
export const LEARNING_READ_MODEL = [LEARNING_PROJECTION] as const;

// Set-based statements through the QueryBuilder of the transaction's EntityManager (tx.em): one
// statement per change, as the SQL was, with no entity loaded into the identity map.
const assignments = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningAssignment);
const weeks = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningWeek);
const tasks = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningTask);
const capstones = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningCapstone);
const enrollments = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningEnrollment);
const work = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningWork);

/** Programs, subjects, assignments and enrollments (libs/backend's replica handlers over learning's entities, ADR 0019). */
const catalog = catalogReplica({ programs: LearningProgram, subjects: LearningSubject, assignments: LearningAssignment }, { forgetDeleted: true });
/** Enrollments a batch at a time (ADR 0035); UserDeleted also deletes from them. */
const enrollmentsCopy = enrollmentsReplicaSet(LearningEnrollment, { flushBefore: [IDENTITY_EVENTS.UserDeleted] });

const dateOrNull = (iso: string | null) => (iso === null ? null : instant(iso));

async function upsertTask(e: StoredEvent, tx: ProjectionTx) {
  const d = publishedEventFor([TaskAddedV1, TaskUpdatedV1], e).parse(e);
  await tasks(tx)
    .insert({ id: d.taskId, weekId: d.weekId, dayNumber: d.dayNumber, title: d.title, description: d.description, instructions: d.instructions, dueAt: dateOrNull(d.dueAt) })
    .onConflict('id')
    .merge(['dayNumber', 'title', 'description', 'instructions', 'dueAt'])
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

export const learningProjection: Projection = {
  name: LEARNING_PROJECTION,
  // Still v1 on MikroORM (ADR 0018): its migration makes exactly the tables v1's SQL made (same
  // columns, types, order, constraint and index names; src/migrations/learning-migrations.int.spec.ts)
  // and the handlers write the same rows.
  version: 1,
  orm: learningOrm,
  // Attempts and grades: a batch at a time (work.set.ts, ADR 0035).
  sets: [workSet, enrollmentsCopy],
  handlers: {
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
        .insert({ id: d.capstoneId, weekId: d.weekId, title: d.title, description: d.description, instructions: d.instructions, dueAt: dateOrNull(d.dueAt) })
        .onConflict('id')
        .merge(['title', 'description', 'instructions', 'dueAt'])
        .execute();
      await bump(e, d.weekId, tx);
    },
    [LEARNING_EVENTS.CapstoneRemoved]: async (e, tx) => {
      const d = CapstoneRemovedV1.parse(e);
      await capstones(tx).delete().where({ id: d.capstoneId }).execute();
      await bump(e, d.weekId, tx);
    },
    ...catalog,
    [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
      const { userId } = UserDeletedV1.parse(e);
      await enrollments(tx).delete().where({ studentId: userId }).execute();
      await work(tx).delete().where({ studentId: userId }).execute();
      await assignments(tx).delete().where({ teacherId: userId }).execute();
    },
  },
};
