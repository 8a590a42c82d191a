// catalog: the catalog's read tables. Its own events (programs, subjects, teacher assignments) and
// foreign integration events from the shared log: identity's (who is a teacher, their name and email;
// a deleted teacher or one whose role changes away from teacher loses their assignments) and
// enrollment's (how many enrollments reference a program or subject: the "in use" delete rules).
import { changePersonRole, forgetPerson, PEOPLE_TABLE, peopleHandlers } from '@academy/backend';
import type { Projection } from '@academy/event-store';
import {
  CATALOG_EVENTS,
  ENROLLMENT_EVENTS,
  IDENTITY_EVENTS,
  ProgramCreatedV1,
  ProgramDeletedV1,
  ProgramUpdatedV1,
  RoleAssignedV1,
  StudentEnrolledV1,
  SubjectCreatedV1,
  SubjectDeletedV1,
  SubjectUpdatedV1,
  TeacherAssignedV1,
  TeacherUnassignedV1,
  UserDeletedV1,
} from '@academy/contracts';

export const CATALOG_PROJECTION = 'catalog';

export const catalogProjection: Projection = {
  name: CATALOG_PROJECTION,
  version: 1,
  async setup(tx) {
    await tx.query(`CREATE TABLE programs (id uuid PRIMARY KEY, name text NOT NULL, type text NOT NULL, description text NOT NULL, created_at timestamptz NOT NULL)`);
    await tx.query(`CREATE TABLE subjects (
      id uuid PRIMARY KEY, program_id uuid NOT NULL, name text NOT NULL, week_number integer, description text NOT NULL, created_at timestamptz NOT NULL)`);
    await tx.query('CREATE INDEX subjects_program_idx ON subjects (program_id)');
    await tx.query(PEOPLE_TABLE);
    await tx.query(`CREATE TABLE assignments (id uuid PRIMARY KEY, teacher_id uuid NOT NULL, subject_id uuid NOT NULL, assigned_at timestamptz NOT NULL)`);
    await tx.query('CREATE INDEX assignments_teacher_idx ON assignments (teacher_id)');
    await tx.query('CREATE INDEX assignments_subject_idx ON assignments (subject_id)');
    await tx.query(`CREATE TABLE enrollments (id uuid PRIMARY KEY, student_id uuid NOT NULL, program_id uuid NOT NULL, subject_id uuid NOT NULL)`);
    await tx.query('CREATE INDEX enrollments_program_idx ON enrollments (program_id)');
    await tx.query('CREATE INDEX enrollments_subject_idx ON enrollments (subject_id)');
    await tx.query('CREATE INDEX enrollments_student_idx ON enrollments (student_id)');
  },
  handlers: {
    [CATALOG_EVENTS.ProgramCreated]: async (e, tx) => {
      const d = ProgramCreatedV1.parse(e);
      await tx.query('INSERT INTO programs (id, name, type, description, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING', [
        d.programId,
        d.name,
        d.type,
        d.description,
        e.metadata.occurredAt,
      ]);
    },
    [CATALOG_EVENTS.ProgramUpdated]: async (e, tx) => {
      const d = ProgramUpdatedV1.parse(e);
      await tx.query('UPDATE programs SET name = $2, type = $3, description = $4 WHERE id = $1', [d.programId, d.name, d.type, d.description]);
    },
    [CATALOG_EVENTS.ProgramDeleted]: async (e, tx) => {
      await tx.query('DELETE FROM programs WHERE id = $1', [ProgramDeletedV1.parse(e).programId]);
    },
    [CATALOG_EVENTS.SubjectCreated]: async (e, tx) => {
      const d = SubjectCreatedV1.parse(e);
      await tx.query(
        'INSERT INTO subjects (id, program_id, name, week_number, description, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING',
        [d.subjectId, d.programId, d.name, d.weekNumber, d.description, e.metadata.occurredAt],
      );
    },
    [CATALOG_EVENTS.SubjectUpdated]: async (e, tx) => {
      const d = SubjectUpdatedV1.parse(e);
      await tx.query('UPDATE subjects SET program_id = $2, name = $3, week_number = $4, description = $5 WHERE id = $1', [d.subjectId, d.programId, d.name, d.weekNumber, d.description]);
    },
    [CATALOG_EVENTS.SubjectDeleted]: async (e, tx) => {
      await tx.query('DELETE FROM subjects WHERE id = $1', [SubjectDeletedV1.parse(e).subjectId]);
    },
    [CATALOG_EVENTS.TeacherAssigned]: async (e, tx) => {
      const d = TeacherAssignedV1.parse(e);
      // A teacher deleted or no longer a teacher by now (a replay) keeps no assignment.
      await tx.query(
        `INSERT INTO assignments (id, teacher_id, subject_id, assigned_at)
         SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM people WHERE id = $2 AND role = 'teacher') ON CONFLICT (id) DO NOTHING`,
        [d.assignmentId, d.teacherId, d.subjectId, e.metadata.occurredAt],
      );
    },
    [CATALOG_EVENTS.TeacherUnassigned]: async (e, tx) => {
      await tx.query('DELETE FROM assignments WHERE id = $1', [TeacherUnassignedV1.parse(e).assignmentId]);
    },
    [ENROLLMENT_EVENTS.StudentEnrolled]: async (e, tx) => {
      const d = StudentEnrolledV1.parse(e);
      await tx.query('INSERT INTO enrollments (id, student_id, program_id, subject_id) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING', [
        d.enrollmentId,
        d.studentId,
        d.programId,
        d.subjectId,
      ]);
    },
    ...peopleHandlers,
    [IDENTITY_EVENTS.RoleAssigned]: async (e, tx) => {
      await changePersonRole(e, tx);
      const d = RoleAssignedV1.parse(e);
      if (d.role !== 'teacher') await tx.query('DELETE FROM assignments WHERE teacher_id = $1', [d.userId]);
    },
    // Spec §5: deleting a user removes their enrollments (and, for a teacher, their assignments).
    [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
      await forgetPerson(e, tx);
      const { userId } = UserDeletedV1.parse(e);
      await tx.query('DELETE FROM assignments WHERE teacher_id = $1', [userId]);
      await tx.query('DELETE FROM enrollments WHERE student_id = $1', [userId]);
    },
  },
};
