// learning: the learning context's read tables. Its own events (weeks, tasks, capstones) and foreign
// integration events from the shared log: the catalog's (subject names and programs, which teacher
// is assigned to which subject), enrollment's (the student's active enrollment and current week) and
// grading's (the student's latest attempt at each item and its grade, for the lessons' badges).
import type { Projection, ProjectionTx, StoredEvent } from '@academy/event-store';
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

export const LEARNING_PROJECTION = 'learning';

async function upsertProgram(e: StoredEvent, tx: ProjectionTx) {
  const d = publishedEventFor([ProgramCreatedV1, ProgramUpdatedV1], e).parse(e);
  await tx.query(`INSERT INTO programs (id, name, type) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET name = excluded.name, type = excluded.type`, [d.programId, d.name, d.type]);
}
async function upsertSubject(e: StoredEvent, tx: ProjectionTx) {
  const d = publishedEventFor([SubjectCreatedV1, SubjectUpdatedV1], e).parse(e);
  await tx.query(`INSERT INTO subjects (id, program_id, name) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET program_id = excluded.program_id, name = excluded.name`, [
    d.subjectId,
    d.programId,
    d.name,
  ]);
}
async function upsertTask(e: StoredEvent, tx: ProjectionTx) {
  const d = publishedEventFor([TaskAddedV1, TaskUpdatedV1], e).parse(e);
  await tx.query(
    `INSERT INTO tasks (id, week_id, day_number, title, description, instructions, due_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO UPDATE SET day_number = excluded.day_number, title = excluded.title, description = excluded.description, instructions = excluded.instructions, due_at = excluded.due_at`,
    [d.taskId, d.weekId, d.dayNumber, d.title, d.description, d.instructions, d.dueAt],
  );
  await bump(e, d.weekId, tx);
}
/** The week's stream version, sent back by the editor as expectedVersion. */
async function bump(e: StoredEvent, weekId: string, tx: ProjectionTx) {
  await tx.query('UPDATE weeks SET version = $2 WHERE id = $1', [weekId, e.streamVersion]);
}
async function publication(e: StoredEvent, tx: ProjectionTx, published: boolean) {
  const d = publishedEventFor([WeekPublishedV1, WeekUnpublishedV1], e).parse(e);
  await tx.query('UPDATE weeks SET is_published = $2, version = $3 WHERE id = $1', [d.weekId, published, e.streamVersion]);
}

export const learningProjection: Projection = {
  name: LEARNING_PROJECTION,
  version: 1,
  async setup(tx) {
    await tx.query(`CREATE TABLE programs (id uuid PRIMARY KEY, name text NOT NULL, type text NOT NULL)`);
    await tx.query(`CREATE TABLE subjects (id uuid PRIMARY KEY, program_id uuid NOT NULL, name text NOT NULL)`);
    await tx.query('CREATE INDEX subjects_program_idx ON subjects (program_id)');
    await tx.query(`CREATE TABLE assignments (id uuid PRIMARY KEY, teacher_id uuid NOT NULL, subject_id uuid NOT NULL)`);
    await tx.query('CREATE INDEX assignments_teacher_idx ON assignments (teacher_id, subject_id)');
    await tx.query(`CREATE TABLE weeks (
      id uuid PRIMARY KEY,
      subject_id uuid NOT NULL,
      week_number integer NOT NULL,
      title text NOT NULL,
      objectives text NOT NULL,
      is_published boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      version integer NOT NULL,
      UNIQUE (subject_id, week_number)
    )`);
    await tx.query(`CREATE TABLE tasks (id uuid PRIMARY KEY, week_id uuid NOT NULL, day_number integer NOT NULL, title text NOT NULL, description text NOT NULL, instructions text NOT NULL, due_at timestamptz)`);
    await tx.query('CREATE INDEX tasks_week_idx ON tasks (week_id, day_number)');
    await tx.query(`CREATE TABLE capstones (id uuid PRIMARY KEY, week_id uuid NOT NULL UNIQUE, title text NOT NULL, description text NOT NULL, instructions text NOT NULL, due_at timestamptz)`);
    await tx.query(`CREATE TABLE enrollments (id uuid PRIMARY KEY, student_id uuid NOT NULL, program_id uuid NOT NULL, status text NOT NULL, current_week integer NOT NULL, enrolled_at timestamptz NOT NULL, activated_at timestamptz)`);
    await tx.query('CREATE INDEX enrollments_student_idx ON enrollments (student_id, status)');
    // The latest attempt of a student at an item (task or capstone), with its grade.
    await tx.query(`CREATE TABLE work (
      student_id uuid NOT NULL,
      item_id uuid NOT NULL,
      submission_id uuid NOT NULL,
      github_url text NOT NULL,
      notes text NOT NULL,
      submitted_at timestamptz NOT NULL,
      late boolean NOT NULL,
      attempt integer NOT NULL,
      grade_status text,
      score numeric(5, 2),
      feedback text,
      PRIMARY KEY (student_id, item_id)
    )`);
  },
  handlers: {
    [LEARNING_EVENTS.WeekCreated]: async (e, tx) => {
      const d = WeekCreatedV1.parse(e);
      await tx.query(
        `INSERT INTO weeks (id, subject_id, week_number, title, objectives, created_at, version) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
        [d.weekId, d.subjectId, d.weekNumber, d.title, d.objectives, e.metadata.occurredAt, e.streamVersion],
      );
    },
    [LEARNING_EVENTS.WeekUpdated]: async (e, tx) => {
      // Learning's own internal event (not published): its own code wrote it.
      const d = e.data as WeekUpdatedData;
      await tx.query('UPDATE weeks SET title = $2, objectives = $3, version = $4 WHERE id = $1', [d.weekId, d.title, d.objectives, e.streamVersion]);
    },
    [LEARNING_EVENTS.WeekPublished]: (e, tx) => publication(e, tx, true),
    [LEARNING_EVENTS.WeekUnpublished]: (e, tx) => publication(e, tx, false),
    [LEARNING_EVENTS.TaskAdded]: upsertTask,
    [LEARNING_EVENTS.TaskUpdated]: upsertTask,
    [LEARNING_EVENTS.TasksReordered]: async (e, tx) => {
      const d = TasksReorderedV1.parse(e);
      for (const o of d.order) await tx.query('UPDATE tasks SET day_number = $2 WHERE id = $1', [o.taskId, o.dayNumber]);
      await bump(e, d.weekId, tx);
    },
    [LEARNING_EVENTS.TaskRemoved]: async (e, tx) => {
      const d = TaskRemovedV1.parse(e);
      await tx.query('DELETE FROM tasks WHERE id = $1', [d.taskId]);
      await bump(e, d.weekId, tx);
    },
    [LEARNING_EVENTS.CapstoneSet]: async (e, tx) => {
      const d = CapstoneSetV1.parse(e);
      await tx.query(
        `INSERT INTO capstones (id, week_id, title, description, instructions, due_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO UPDATE SET title = excluded.title, description = excluded.description, instructions = excluded.instructions, due_at = excluded.due_at`,
        [d.capstoneId, d.weekId, d.title, d.description, d.instructions, d.dueAt],
      );
      await bump(e, d.weekId, tx);
    },
    [LEARNING_EVENTS.CapstoneRemoved]: async (e, tx) => {
      const d = CapstoneRemovedV1.parse(e);
      await tx.query('DELETE FROM capstones WHERE id = $1', [d.capstoneId]);
      await bump(e, d.weekId, tx);
    },
    [CATALOG_EVENTS.ProgramCreated]: upsertProgram,
    [CATALOG_EVENTS.ProgramUpdated]: upsertProgram,
    [CATALOG_EVENTS.ProgramDeleted]: async (e, tx) => {
      await tx.query('DELETE FROM programs WHERE id = $1', [ProgramDeletedV1.parse(e).programId]);
    },
    [CATALOG_EVENTS.SubjectCreated]: upsertSubject,
    [CATALOG_EVENTS.SubjectUpdated]: upsertSubject,
    [CATALOG_EVENTS.SubjectDeleted]: async (e, tx) => {
      await tx.query('DELETE FROM subjects WHERE id = $1', [SubjectDeletedV1.parse(e).subjectId]);
    },
    [CATALOG_EVENTS.TeacherAssigned]: async (e, tx) => {
      const d = TeacherAssignedV1.parse(e);
      await tx.query('INSERT INTO assignments (id, teacher_id, subject_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [d.assignmentId, d.teacherId, d.subjectId]);
    },
    [CATALOG_EVENTS.TeacherUnassigned]: async (e, tx) => {
      await tx.query('DELETE FROM assignments WHERE id = $1', [TeacherUnassignedV1.parse(e).assignmentId]);
    },
    [ENROLLMENT_EVENTS.StudentEnrolled]: async (e, tx) => {
      const d = StudentEnrolledV1.parse(e);
      await tx.query(
        `INSERT INTO enrollments (id, student_id, program_id, status, current_week, enrolled_at) VALUES ($1, $2, $3, 'pending', 1, $4) ON CONFLICT (id) DO NOTHING`,
        [d.enrollmentId, d.studentId, d.programId, e.metadata.occurredAt],
      );
    },
    [ENROLLMENT_EVENTS.EnrollmentStatusChanged]: async (e, tx) => {
      const d = EnrollmentStatusChangedV1.parse(e);
      await tx.query('UPDATE enrollments SET status = $2, activated_at = coalesce($3, activated_at) WHERE id = $1', [d.enrollmentId, d.status, d.activatedAt ?? null]);
    },
    [ENROLLMENT_EVENTS.EnrollmentWeekAdvanced]: async (e, tx) => {
      const d = EnrollmentWeekAdvancedV2.parse(e);
      await tx.query('UPDATE enrollments SET current_week = $2 WHERE id = $1', [d.enrollmentId, d.currentWeek]);
    },
    [GRADING_EVENTS.WorkSubmitted]: async (e, tx) => {
      const d = WorkSubmittedV1.parse(e);
      const notes = WorkSubmittedV1.personal(e)?.notes ?? '';
      await tx.query(
        `INSERT INTO work (student_id, item_id, submission_id, github_url, notes, submitted_at, late, attempt) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (student_id, item_id) DO UPDATE SET submission_id = excluded.submission_id, github_url = excluded.github_url, notes = excluded.notes,
           submitted_at = excluded.submitted_at, late = excluded.late, attempt = excluded.attempt, grade_status = NULL, score = NULL, feedback = NULL`,
        [d.studentId, d.itemId, d.submissionId, d.githubUrl, notes, e.metadata.occurredAt, d.late, d.attempt],
      );
    },
    [GRADING_EVENTS.SubmissionGraded]: async (e, tx) => {
      const d = SubmissionGradedV1.parse(e);
      const feedback = SubmissionGradedV1.personal(e)?.feedback ?? '';
      await tx.query('UPDATE work SET grade_status = $3, score = $4, feedback = $5 WHERE student_id = $1 AND submission_id = $2', [d.studentId, d.submissionId, d.status, d.score, feedback]);
    },
    [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
      const { userId } = UserDeletedV1.parse(e);
      await tx.query('DELETE FROM enrollments WHERE student_id = $1', [userId]);
      await tx.query('DELETE FROM work WHERE student_id = $1', [userId]);
      await tx.query('DELETE FROM assignments WHERE teacher_id = $1', [userId]);
    },
  },
};
