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
import { peopleReplica } from '@academy/backend';
import { instant, type Projection, type ProjectionTx, type StoredEvent } from '@academy/event-store';
import {
  CapstoneRemovedV1,
  CapstoneSetV1,
  CATALOG_EVENTS,
  ENROLLMENT_EVENTS,
  EnrollmentStatusChangedV1,
  EnrollmentWeekAdvancedV2,
  GRADING_EVENTS,
  IDENTITY_EVENTS,
  LEARNING_EVENTS,
  ProgramCreatedV1,
  ProgramUpdatedV1,
  publishedEventFor,
  StudentEnrolledV1,
  SubjectCreatedV1,
  SubjectUpdatedV1,
  SubmissionGradedV1,
  type TaskData,
  TaskAddedV1,
  TaskRemovedV1,
  TasksReorderedV1,
  TaskUpdatedV1,
  TeacherAssignedV1,
  TeacherUnassignedV1,
  UserDeletedV1,
  WeekCreatedV1,
  WeekPublishedV1,
  WeekUnpublishedV1,
  WorkSubmittedV1,
} from '@academy/contracts';
import { GradingAssignment } from './assignment.entity.js';
import { GradingEnrollment } from './enrollment.entity.js';
import { gradingOrm } from './grading.orm.js';
import { GradingItem } from './item.entity.js';
import { GradingPerson } from './person.entity.js';
import { GradingProgram } from './program.entity.js';
import { GradingSubject } from './subject.entity.js';
import { GradingSubmission } from './submission.entity.js';
import { GradingWeek } from './week.entity.js';

export const GRADING_PROJECTION = 'grading';

const people = peopleReplica(GradingPerson);
const submissions = (tx: ProjectionTx) => tx.em.createQueryBuilder(GradingSubmission);
const items = (tx: ProjectionTx) => tx.em.createQueryBuilder(GradingItem);

async function upsertProgram(e: StoredEvent, tx: ProjectionTx) {
  const d = publishedEventFor([ProgramCreatedV1, ProgramUpdatedV1], e).parse(e);
  await tx.em.createQueryBuilder(GradingProgram).insert({ id: d.programId, name: d.name, type: d.type }).onConflict('id').merge(['name', 'type']).execute();
}
async function upsertSubject(e: StoredEvent, tx: ProjectionTx) {
  const d = publishedEventFor([SubjectCreatedV1, SubjectUpdatedV1], e).parse(e);
  await tx.em.createQueryBuilder(GradingSubject).insert({ id: d.subjectId, programId: d.programId, name: d.name }).onConflict('id').merge(['programId', 'name']).execute();
}
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
/** Every row of the stream carries the stream's version (a grade's If-Match). */
async function streamVersion(e: StoredEvent, tx: ProjectionTx) {
  await submissions(tx).update({ version: e.streamVersion }).where({ streamId: e.streamId }).execute();
}

export const gradingProjection: Projection = {
  name: GRADING_PROJECTION,
  version: 2,
  orm: gradingOrm,
  handlers: {
    [GRADING_EVENTS.WorkSubmitted]: async (e, tx) => {
      const d = WorkSubmittedV1.parse(e);
      await submissions(tx).update({ latest: false, version: e.streamVersion }).where({ streamId: e.streamId }).execute();
      await submissions(tx)
        .insert({
          id: d.submissionId,
          streamId: e.streamId,
          studentId: d.studentId,
          kind: d.kind,
          itemId: d.itemId,
          weekId: d.weekId,
          subjectId: d.subjectId,
          githubUrl: d.githubUrl,
          notes: WorkSubmittedV1.personal(e)?.notes ?? '',
          submittedAt: instant(e.metadata.occurredAt),
          dueAt: d.dueAt === null ? null : instant(d.dueAt),
          late: d.late,
          attempt: d.attempt,
          latest: true,
          version: e.streamVersion,
        })
        .onConflict('id')
        .ignore()
        .execute();
    },
    [GRADING_EVENTS.SubmissionGraded]: async (e, tx) => {
      const d = SubmissionGradedV1.parse(e);
      await submissions(tx)
        .update({ status: d.status, score: d.score, feedback: SubmissionGradedV1.personal(e)?.feedback ?? '', teacherId: d.teacherId, gradedAt: instant(e.metadata.occurredAt) })
        .where({ id: d.submissionId })
        .execute();
      await streamVersion(e, tx);
    },
    [GRADING_EVENTS.CapstonePassed]: streamVersion,
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
    [CATALOG_EVENTS.ProgramCreated]: upsertProgram,
    [CATALOG_EVENTS.ProgramUpdated]: upsertProgram,
    [CATALOG_EVENTS.SubjectCreated]: upsertSubject,
    [CATALOG_EVENTS.SubjectUpdated]: upsertSubject,
    [CATALOG_EVENTS.TeacherAssigned]: async (e, tx) => {
      const d = TeacherAssignedV1.parse(e);
      await tx.em.createQueryBuilder(GradingAssignment).insert({ id: d.assignmentId, teacherId: d.teacherId, subjectId: d.subjectId }).onConflict('id').ignore().execute();
    },
    [CATALOG_EVENTS.TeacherUnassigned]: async (e, tx) => {
      await tx.em.createQueryBuilder(GradingAssignment).delete().where({ id: TeacherUnassignedV1.parse(e).assignmentId }).execute();
    },
    [ENROLLMENT_EVENTS.StudentEnrolled]: async (e, tx) => {
      const d = StudentEnrolledV1.parse(e);
      await tx.em
        .createQueryBuilder(GradingEnrollment)
        .insert({ id: d.enrollmentId, studentId: d.studentId, programId: d.programId, status: 'pending', currentWeek: 1, enrolledAt: instant(e.metadata.occurredAt) })
        .onConflict('id')
        .ignore()
        .execute();
    },
    [ENROLLMENT_EVENTS.EnrollmentStatusChanged]: async (e, tx) => {
      const d = EnrollmentStatusChangedV1.parse(e);
      // coalesce: a change without an activation keeps the first one.
      await tx.em
        .createQueryBuilder(GradingEnrollment)
        .update({ status: d.status, ...(d.activatedAt != null ? { activatedAt: instant(d.activatedAt) } : {}) })
        .where({ id: d.enrollmentId })
        .execute();
    },
    // The current week is the enrollment context's (issue 15 §5): replicated from its published event.
    [ENROLLMENT_EVENTS.EnrollmentWeekAdvanced]: async (e, tx) => {
      const d = EnrollmentWeekAdvancedV2.parse(e);
      await tx.em.createQueryBuilder(GradingEnrollment).update({ currentWeek: d.currentWeek }).where({ id: d.enrollmentId }).execute();
    },
    ...people.handlers,
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
