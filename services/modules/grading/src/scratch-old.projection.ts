// grading: the grading context's read tables. Its own events (attempts and grades) and foreign
// integration events from the shared log: identity's (names and emails of students and teachers),
// the catalog's (programs, subjects, who teaches what), learning's (weeks, tasks, capstones: titles,
// due dates, published or not) and enrollment's (active enrollments and current weeks).
// Version 2: a stored `pending` column (the Submissions tab) and the subject index on (subject, pending,
// submitted_at, id) of latest rows serve the teacher Submissions' keyset pages and tab counts; a new
// version is how a table change rolls out (rebuilt beside v1, then swapped in).
import { forgetPerson, PEOPLE_TABLE, peopleHandlers } from '@academy/backend';
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

export const GRADING_PROJECTION = 'grading';

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
async function upsertItem(kind: 'task' | 'capstone', id: string, d: { weekId: string; title: string; dueAt: string | null; dayNumber?: number }, tx: ProjectionTx) {
  await tx.query(
    `INSERT INTO items (id, kind, week_id, title, day_number, due_at, removed) VALUES ($1, $2, $3, $4, $5, $6, false)
     ON CONFLICT (id) DO UPDATE SET title = excluded.title, day_number = excluded.day_number, due_at = excluded.due_at, removed = false`,
    [id, kind, d.weekId, d.title, d.dayNumber ?? null, d.dueAt],
  );
}
async function upsertTask(d: TaskData, tx: ProjectionTx) {
  await upsertItem('task', d.taskId, d, tx);
}
async function publication(e: StoredEvent, tx: ProjectionTx, published: boolean) {
  await tx.query('UPDATE weeks SET is_published = $2 WHERE id = $1', [publishedEventFor([WeekPublishedV1, WeekUnpublishedV1], e).parse(e).weekId, published]);
}

export const oldGradingProjection: Projection = {
  name: GRADING_PROJECTION,
  version: 2,
  async setup(tx) {
    await tx.query(PEOPLE_TABLE);
    await tx.query(`CREATE TABLE programs (id uuid PRIMARY KEY, name text NOT NULL, type text NOT NULL)`);
    await tx.query(`CREATE TABLE subjects (id uuid PRIMARY KEY, program_id uuid NOT NULL, name text NOT NULL)`);
    await tx.query(`CREATE TABLE assignments (id uuid PRIMARY KEY, teacher_id uuid NOT NULL, subject_id uuid NOT NULL)`);
    await tx.query('CREATE INDEX assignments_teacher_idx ON assignments (teacher_id, subject_id)');
    await tx.query(`CREATE TABLE weeks (id uuid PRIMARY KEY, subject_id uuid NOT NULL, week_number integer NOT NULL, is_published boolean NOT NULL DEFAULT false)`);
    // Tasks and capstones; a removed one keeps its row so its submissions keep their title.
    await tx.query(`CREATE TABLE items (id uuid PRIMARY KEY, kind text NOT NULL, week_id uuid NOT NULL, title text NOT NULL, day_number integer, due_at timestamptz, removed boolean NOT NULL)`);
    await tx.query(`CREATE TABLE enrollments (id uuid PRIMARY KEY, student_id uuid NOT NULL, program_id uuid NOT NULL, status text NOT NULL, current_week integer NOT NULL, enrolled_at timestamptz NOT NULL, activated_at timestamptz)`);
    await tx.query('CREATE INDEX enrollments_student_idx ON enrollments (student_id, status)');
    await tx.query('CREATE INDEX enrollments_program_idx ON enrollments (program_id, status)');
    // One row per attempt; `latest` marks the newest attempt of its (student, item) stream.
    await tx.query(`CREATE TABLE submissions (
      id uuid PRIMARY KEY,
      stream_id text NOT NULL,
      student_id uuid NOT NULL,
      kind text NOT NULL,
      item_id uuid NOT NULL,
      week_id uuid NOT NULL,
      subject_id uuid NOT NULL,
      github_url text NOT NULL,
      notes text NOT NULL,
      submitted_at timestamptz NOT NULL,
      due_at timestamptz,
      late boolean NOT NULL,
      attempt integer NOT NULL,
      latest boolean NOT NULL,
      status text,
      -- The teacher Submissions' tabs (spec §4): no grade, or a grade with status pending.
      pending boolean GENERATED ALWAYS AS (status IS NULL OR status = 'pending') STORED,
      score numeric(5, 2),
      feedback text,
      teacher_id uuid,
      graded_at timestamptz,
      version integer NOT NULL
    )`);
    await tx.query('CREATE INDEX submissions_stream_idx ON submissions (stream_id)');
    await tx.query('CREATE INDEX submissions_student_idx ON submissions (student_id, submitted_at DESC)');
    // The teacher Submissions page: a subject's latest attempts of one tab, newest first by (submitted_at,
    // id): a page reads its rows in index order and stops; the tab counts are an index-only scan.
    await tx.query('CREATE INDEX submissions_subject_idx ON submissions (subject_id, pending, submitted_at DESC, id DESC) WHERE latest');
  },
  handlers: {
    [GRADING_EVENTS.WorkSubmitted]: async (e, tx) => {
      const d = WorkSubmittedV1.parse(e);
      await tx.query('UPDATE submissions SET latest = false, version = $2 WHERE stream_id = $1', [e.streamId, e.streamVersion]);
      await tx.query(
        `INSERT INTO submissions (id, stream_id, student_id, kind, item_id, week_id, subject_id, github_url, notes, submitted_at, due_at, late, attempt, latest, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, true, $14) ON CONFLICT (id) DO NOTHING`,
        [d.submissionId, e.streamId, d.studentId, d.kind, d.itemId, d.weekId, d.subjectId, d.githubUrl, WorkSubmittedV1.personal(e)?.notes ?? '', e.metadata.occurredAt, d.dueAt, d.late, d.attempt, e.streamVersion],
      );
    },
    [GRADING_EVENTS.SubmissionGraded]: async (e, tx) => {
      const d = SubmissionGradedV1.parse(e);
      await tx.query('UPDATE submissions SET status = $2, score = $3, feedback = $4, teacher_id = $5, graded_at = $6 WHERE id = $1', [
        d.submissionId,
        d.status,
        d.score,
        SubmissionGradedV1.personal(e)?.feedback ?? '',
        d.teacherId,
        e.metadata.occurredAt,
      ]);
      await tx.query('UPDATE submissions SET version = $2 WHERE stream_id = $1', [e.streamId, e.streamVersion]);
    },
    [GRADING_EVENTS.CapstonePassed]: async (e, tx) => {
      await tx.query('UPDATE submissions SET version = $2 WHERE stream_id = $1', [e.streamId, e.streamVersion]);
    },
    [LEARNING_EVENTS.WeekCreated]: async (e, tx) => {
      const d = WeekCreatedV1.parse(e);
      await tx.query('INSERT INTO weeks (id, subject_id, week_number) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [d.weekId, d.subjectId, d.weekNumber]);
    },
    [LEARNING_EVENTS.WeekPublished]: (e, tx) => publication(e, tx, true),
    [LEARNING_EVENTS.WeekUnpublished]: (e, tx) => publication(e, tx, false),
    [LEARNING_EVENTS.TaskAdded]: (e, tx) => upsertTask(TaskAddedV1.parse(e), tx),
    [LEARNING_EVENTS.TaskUpdated]: (e, tx) => upsertTask(TaskUpdatedV1.parse(e), tx),
    [LEARNING_EVENTS.TasksReordered]: async (e, tx) => {
      for (const o of TasksReorderedV1.parse(e).order) await tx.query('UPDATE items SET day_number = $2 WHERE id = $1', [o.taskId, o.dayNumber]);
    },
    [LEARNING_EVENTS.TaskRemoved]: async (e, tx) => {
      await tx.query('UPDATE items SET removed = true WHERE id = $1', [TaskRemovedV1.parse(e).taskId]);
    },
    [LEARNING_EVENTS.CapstoneSet]: (e, tx) => {
      const d = CapstoneSetV1.parse(e);
      return upsertItem('capstone', d.capstoneId, d, tx);
    },
    [LEARNING_EVENTS.CapstoneRemoved]: async (e, tx) => {
      await tx.query('UPDATE items SET removed = true WHERE id = $1', [CapstoneRemovedV1.parse(e).capstoneId]);
    },
    [CATALOG_EVENTS.ProgramCreated]: upsertProgram,
    [CATALOG_EVENTS.ProgramUpdated]: upsertProgram,
    [CATALOG_EVENTS.SubjectCreated]: upsertSubject,
    [CATALOG_EVENTS.SubjectUpdated]: upsertSubject,
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
    ...peopleHandlers,
    // Spec §2: deleting a user removes their enrollments and submissions.
    [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
      await forgetPerson(e, tx);
      const { userId } = UserDeletedV1.parse(e);
      await tx.query('DELETE FROM enrollments WHERE student_id = $1', [userId]);
      await tx.query('DELETE FROM submissions WHERE student_id = $1', [userId]);
      await tx.query('DELETE FROM assignments WHERE teacher_id = $1', [userId]);
    },
  },
};
