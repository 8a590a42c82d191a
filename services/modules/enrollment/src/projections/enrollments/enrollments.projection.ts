// enrollment: the enrollment context's read tables. Its own events, and foreign integration events
// from the shared log: identity's (who is a student, their name and email; UserDeleted removes the
// person and their enrollments) and the catalog's (program name/type/description, subject name and
// program), so a screen needs no other context.
import { forgetPerson, PEOPLE_TABLE, peopleHandlers } from '@academy/backend';
import type { Projection, ProjectionTx, StoredEvent } from '@academy/event-store';
import {
  CATALOG_EVENTS,
  ENROLLMENT_EVENTS,
  EnrollmentStatusChangedV1,
  EnrollmentWeekAdvancedV2,
  IDENTITY_EVENTS,
  ProgramCreatedV1,
  ProgramDeletedV1,
  ProgramUpdatedV1,
  publishedEventFor,
  StudentEnrolledV1,
  SubjectCreatedV1,
  SubjectDeletedV1,
  SubjectUpdatedV1,
  UserDeletedV1,
} from '@academy/contracts';

export const ENROLLMENT_PROJECTION = 'enrollment';

async function upsertProgram(e: StoredEvent, tx: ProjectionTx) {
  const d = publishedEventFor([ProgramCreatedV1, ProgramUpdatedV1], e).parse(e);
  await tx.query(
    `INSERT INTO programs (id, name, type, description) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, type = excluded.type, description = excluded.description`,
    [d.programId, d.name, d.type, d.description],
  );
}

async function upsertSubject(e: StoredEvent, tx: ProjectionTx) {
  const d = publishedEventFor([SubjectCreatedV1, SubjectUpdatedV1], e).parse(e);
  await tx.query(`INSERT INTO subjects (id, program_id, name) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET program_id = excluded.program_id, name = excluded.name`, [
    d.subjectId,
    d.programId,
    d.name,
  ]);
}

export const enrollmentProjection: Projection = {
  name: ENROLLMENT_PROJECTION,
  version: 1,
  async setup(tx) {
    await tx.query(PEOPLE_TABLE);
    await tx.query('CREATE INDEX people_email_idx ON people (email)');
    await tx.query(`CREATE TABLE programs (id uuid PRIMARY KEY, name text NOT NULL, type text NOT NULL, description text NOT NULL)`);
    await tx.query(`CREATE TABLE subjects (id uuid PRIMARY KEY, program_id uuid NOT NULL, name text NOT NULL)`);
    await tx.query(`CREATE TABLE enrollments (
      id uuid PRIMARY KEY,
      code text NOT NULL UNIQUE,
      student_id uuid NOT NULL,
      program_id uuid NOT NULL,
      subject_id uuid NOT NULL,
      status text NOT NULL,
      current_week integer NOT NULL,
      enrolled_at timestamptz NOT NULL,
      activated_at timestamptz,
      completed_at timestamptz,
      version integer NOT NULL
    )`);
    await tx.query('CREATE INDEX enrollments_student_idx ON enrollments (student_id, program_id)');
    await tx.query('CREATE INDEX enrollments_enrolled_at_idx ON enrollments (enrolled_at DESC)');
  },
  handlers: {
    [ENROLLMENT_EVENTS.StudentEnrolled]: async (e, tx) => {
      const d = StudentEnrolledV1.parse(e);
      await tx.query(
        `INSERT INTO enrollments (id, code, student_id, program_id, subject_id, status, current_week, enrolled_at, version)
         VALUES ($1, $2, $3, $4, $5, 'pending', 1, $6, $7) ON CONFLICT (id) DO NOTHING`,
        [d.enrollmentId, d.code, d.studentId, d.programId, d.subjectId, e.metadata.occurredAt, e.streamVersion],
      );
    },
    [ENROLLMENT_EVENTS.EnrollmentStatusChanged]: async (e, tx) => {
      const d = EnrollmentStatusChangedV1.parse(e);
      await tx.query(
        `UPDATE enrollments SET status = $2, activated_at = coalesce($3, activated_at), completed_at = coalesce($4, completed_at), version = $5 WHERE id = $1`,
        [d.enrollmentId, d.status, d.activatedAt ?? null, d.completedAt ?? null, e.streamVersion],
      );
    },
    [ENROLLMENT_EVENTS.EnrollmentWeekAdvanced]: async (e, tx) => {
      const d = EnrollmentWeekAdvancedV2.parse(e);
      await tx.query('UPDATE enrollments SET current_week = $2, version = $3 WHERE id = $1', [d.enrollmentId, d.currentWeek, e.streamVersion]);
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
    ...peopleHandlers,
    // Spec §5: deleting a user removes their enrollments.
    [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
      await forgetPerson(e, tx);
      const { userId } = UserDeletedV1.parse(e);
      await tx.query('DELETE FROM enrollments WHERE student_id = $1', [userId]);
    },
  },
};
