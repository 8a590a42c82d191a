// grading: the grading context's read tables. Its own events (attempts and grades) and foreign
// integration events from the shared log: identity's (names and emails of students and teachers),
// the catalog's (programs, subjects, who teaches what), learning's (weeks, tasks, capstones: titles,
// due dates, published or not) and enrollment's (active enrollments and current weeks).
// Version 2: a stored `pending` column (the Submissions tab) and the subject index on (subject, pending,
// submitted_at, id) of latest rows serve the teacher Submissions' keyset pages and tab counts; a new
// version is how a table change rolls out (rebuilt beside v1, then swapped in).
// On MikroORM (ADR 0018): the tables are entities (grading.orm.ts), built by the context's migrations,
// and the handlers write through the transaction's EntityManager. Still version 2: the migration makes
// exactly the tables v2's SQL made (src/migrations/grading-migrations.int.spec.ts).
import { catalogReplica, enrollmentsReplicaSet, peopleReplica } from '@academy/backend';
import { instant, type Projection, type ProjectionTx, type StoredEvent } from '@academy/event-store';
import {
  CapstoneRemovedV1,
  CapstoneSetV1,
  IDENTITY_EVENTS,
  LEARNING_EVENTS,
  publishedEventFor,
  type TaskData,
  TaskAddedV1,
  TaskRemovedV1,
  TasksReorderedV1,
  TaskUpdatedV1,
  UserDeletedV1,
  WeekCreatedV1,
  WeekPublishedV1,
  WeekUnpublishedV1,
} from '@academy/contracts';
import { GradingAssignment } from './assignment.entity.js';
import { GradingEnrollment } from './enrollment.entity.js';
import { gradingOrm } from './grading.orm.js';
import { GradingItem } from './item.entity.js';
import { GradingPerson } from './person.entity.js';
import { GradingProgram } from './program.entity.js';
import { GradingSubject } from './subject.entity.js';
import { GradingSubmission } from './submission.entity.js';
import { submissionsSet } from './submissions.set.js';
import { GradingWeek } from './week.entity.js';

export const GRADING_PROJECTION = 'grading';

const people = peopleReplica(GradingPerson);
/** Registrations and names a batch at a time (ADR 0035); RoleAssigned and UserDeleted, one by one, also write people. */
const peopleCopy = people.set({ flushBefore: [IDENTITY_EVENTS.RoleAssigned, IDENTITY_EVENTS.UserDeleted] });
/** Programs, subjects, assignments and enrollments (libs/backend's replica handlers over grading's entities): a deleted program or subject stays, so graded work still names it. */
const catalog = catalogReplica({ programs: GradingProgram, subjects: GradingSubject, assignments: GradingAssignment }, { forgetDeleted: false });
/** Enrollments a batch at a time (ADR 0035); UserDeleted also deletes from them. */
const enrollments = enrollmentsReplicaSet(GradingEnrollment, { flushBefore: [IDENTITY_EVENTS.UserDeleted] });
const submissions = (tx: ProjectionTx) => tx.em.createQueryBuilder(GradingSubmission);
const items = (tx: ProjectionTx) => tx.em.createQueryBuilder(GradingItem);

async function upsertItem(kind: 'task' | 'capstone', id: string, d: { weekId: string; title: string; dueAt: string | null; dayNumber?: number }, tx: ProjectionTx) {
  await items(tx)
    .insert({ id, kind, weekId: d.weekId, title: d.title, dayNumber: d.dayNumber ?? null, dueAt: d.dueAt === null ? null : instant(d.dueAt), removed: false })
    .onConflict('id')
    .merge(['title', 'dayNumber', 'dueAt', 'removed'])
    .execute();
}
async function upsertTask(d: TaskData, tx: ProjectionTx) {
  await upsertItem('task', d.taskId, d, tx);
}
async function publication(e: StoredEvent, tx: ProjectionTx, published: boolean) {
  const { weekId } = publishedEventFor([WeekPublishedV1, WeekUnpublishedV1], e).parse(e);
  await tx.em.createQueryBuilder(GradingWeek).update({ isPublished: published }).where({ id: weekId }).execute();
}
export const gradingProjection: Projection = {
  name: GRADING_PROJECTION,
  version: 2,
  orm: gradingOrm,
  // Attempts, grades and CapstonePassed (submissions.set.ts), enrollments and people: a batch at a time (ADR 0035).
  sets: [submissionsSet, enrollments, peopleCopy.set],
  handlers: {
    [LEARNING_EVENTS.WeekCreated]: async (e, tx) => {
      const d = WeekCreatedV1.parse(e);
      await tx.em.createQueryBuilder(GradingWeek).insert({ id: d.weekId, subjectId: d.subjectId, weekNumber: d.weekNumber }).onConflict('id').ignore().execute();
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
    ...catalog,
    ...peopleCopy.handlers,
    // Spec §2: deleting a user removes their enrollments and submissions.
    [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
      await people.forget(e, tx);
      const { userId } = UserDeletedV1.parse(e);
      await tx.em.createQueryBuilder(GradingEnrollment).delete().where({ studentId: userId }).execute();
      await submissions(tx).delete().where({ studentId: userId }).execute();
      await tx.em.createQueryBuilder(GradingAssignment).delete().where({ teacherId: userId }).execute();
    },
  },
};
