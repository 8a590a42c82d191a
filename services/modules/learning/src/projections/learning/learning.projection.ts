// learning: the learning context's read tables. Its own events (weeks, tasks, capstones) and foreign
// integration events from the shared log: the catalog's (subject names and programs, which teacher
// is assigned to which subject), enrollment's (the student's active enrollment and current week) and
// grading's (the student's latest attempt at each item and its grade, for the lessons' badges).
// On MikroORM (ADR 0018): the tables are the entities of learning.orm.ts, made by the context's
// migrations; the handlers write through tx.em.
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
  ProgramDeletedV1,
  ProgramUpdatedV1,
  publishedEventFor,
  StudentEnrolledV1,
  SubjectCreatedV1,
  SubjectDeletedV1,
  SubjectUpdatedV1,
  SubmissionGradedV1,
  TaskAddedV1,
  TaskRemovedV1,
  TasksReorderedV1,
  TaskUpdatedV1,
  TeacherAssignedV1,
  TeacherUnassignedV1,
  type WeekUpdatedData,
  UserDeletedV1,
  WeekCreatedV1,
  WeekPublishedV1,
  WeekUnpublishedV1,
  WorkSubmittedV1,
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

export const LEARNING_PROJECTION = 'learning';
/** Answers and command checks wait for this projection: every learning screen reads it. */
export const LEARNING_READ_MODEL = [LEARNING_PROJECTION] as const;

// Set-based statements through the QueryBuilder of the transaction's EntityManager (tx.em): one
// statement per change, as the SQL was, with no entity loaded into the identity map.
const programs = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningProgram);
const subjects = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningSubject);
const assignments = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningAssignment);
const weeks = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningWeek);
const tasks = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningTask);
const capstones = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningCapstone);
const enrollments = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningEnrollment);
const work = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningWork);

const dateOrNull = (iso: string | null) => (iso === null ? null : instant(iso));

async function upsertProgram(e: StoredEvent, tx: ProjectionTx) {
  const d = publishedEventFor([ProgramCreatedV1, ProgramUpdatedV1], e).parse(e);
  await programs(tx).insert({ id: d.programId, name: d.name, type: d.type }).onConflict('id').merge(['name', 'type']).execute();
}
async function upsertSubject(e: StoredEvent, tx: ProjectionTx) {
  const d = publishedEventFor([SubjectCreatedV1, SubjectUpdatedV1], e).parse(e);
  await subjects(tx).insert({ id: d.subjectId, programId: d.programId, name: d.name }).onConflict('id').merge(['programId', 'name']).execute();
}
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
    [CATALOG_EVENTS.ProgramCreated]: upsertProgram,
    [CATALOG_EVENTS.ProgramUpdated]: upsertProgram,
    [CATALOG_EVENTS.ProgramDeleted]: async (e, tx) => {
      await programs(tx).delete().where({ id: ProgramDeletedV1.parse(e).programId }).execute();
    },
    [CATALOG_EVENTS.SubjectCreated]: upsertSubject,
    [CATALOG_EVENTS.SubjectUpdated]: upsertSubject,
    [CATALOG_EVENTS.SubjectDeleted]: async (e, tx) => {
      await subjects(tx).delete().where({ id: SubjectDeletedV1.parse(e).subjectId }).execute();
    },
    [CATALOG_EVENTS.TeacherAssigned]: async (e, tx) => {
      const d = TeacherAssignedV1.parse(e);
      await assignments(tx).insert({ id: d.assignmentId, teacherId: d.teacherId, subjectId: d.subjectId }).onConflict('id').ignore().execute();
    },
    [CATALOG_EVENTS.TeacherUnassigned]: async (e, tx) => {
      await assignments(tx).delete().where({ id: TeacherUnassignedV1.parse(e).assignmentId }).execute();
    },
    [ENROLLMENT_EVENTS.StudentEnrolled]: async (e, tx) => {
      const d = StudentEnrolledV1.parse(e);
      await enrollments(tx)
        .insert({ id: d.enrollmentId, studentId: d.studentId, programId: d.programId, status: 'pending', currentWeek: 1, enrolledAt: instant(e.metadata.occurredAt) })
        .onConflict('id')
        .ignore()
        .execute();
    },
    [ENROLLMENT_EVENTS.EnrollmentStatusChanged]: async (e, tx) => {
      const d = EnrollmentStatusChangedV1.parse(e);
      // An event without activatedAt keeps the stamp the row has (the SQL's coalesce).
      await enrollments(tx)
        .update({ status: d.status, ...(d.activatedAt != null ? { activatedAt: instant(d.activatedAt) } : {}) })
        .where({ id: d.enrollmentId })
        .execute();
    },
    // The week is enrollment's (it owns current_week): v2 carries it, replicated here as it is.
    [ENROLLMENT_EVENTS.EnrollmentWeekAdvanced]: async (e, tx) => {
      const d = EnrollmentWeekAdvancedV2.parse(e);
      await enrollments(tx).update({ currentWeek: d.currentWeek }).where({ id: d.enrollmentId }).execute();
    },
    [GRADING_EVENTS.WorkSubmitted]: async (e, tx) => {
      const d = WorkSubmittedV1.parse(e);
      const attempt = {
        submissionId: d.submissionId,
        githubUrl: d.githubUrl,
        notes: WorkSubmittedV1.personal(e)?.notes ?? '',
        submittedAt: instant(e.metadata.occurredAt),
        late: d.late,
        attempt: d.attempt,
      };
      // A new attempt replaces the previous one and its grade.
      await work(tx)
        .insert({ studentId: d.studentId, itemId: d.itemId, ...attempt })
        .onConflict(['studentId', 'itemId'])
        .merge({ ...attempt, gradeStatus: null, score: null, feedback: null })
        .execute();
    },
    [GRADING_EVENTS.SubmissionGraded]: async (e, tx) => {
      const d = SubmissionGradedV1.parse(e);
      const feedback = SubmissionGradedV1.personal(e)?.feedback ?? '';
      await work(tx)
        .update({ gradeStatus: d.status, score: d.score === null ? null : String(d.score), feedback })
        .where({ studentId: d.studentId, submissionId: d.submissionId })
        .execute();
    },
    [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
      const { userId } = UserDeletedV1.parse(e);
      await enrollments(tx).delete().where({ studentId: userId }).execute();
      await work(tx).delete().where({ studentId: userId }).execute();
      await assignments(tx).delete().where({ teacherId: userId }).execute();
    },
  },
};
