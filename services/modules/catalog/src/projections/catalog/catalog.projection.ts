// catalog: the catalog's read tables. Its own events (programs, subjects, teacher assignments) and
// foreign integration events from the shared log: identity's (who is a teacher, their name and email;
// a deleted teacher or one whose role changes away from teacher loses their assignments) and
// enrollment's (how many enrollments reference a program or subject: the "in use" delete rules).
// Written through the QueryBuilder of the transaction's EntityManager (tx.em, ADR 0018): one
// statement per change, with no entity loaded into the identity map.
import { peopleReplica } from '@academy/backend';
import { instant, type Projection, type ProjectionTx, withTables } from '@academy/event-store';
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
import { CatalogAssignment } from './assignment.entity.js';
import { catalogOrm } from './catalog.orm.js';
import { CatalogEnrollment } from './enrollment.entity.js';
import { CATALOG_PROJECTION } from './names.js';
import { CatalogPerson } from './person.entity.js';
import { CatalogProgram } from './program.entity.js';
import { CatalogSubject } from './subject.entity.js';

export { CATALOG_PROJECTION } from './names.js';

const programs = (tx: ProjectionTx) => tx.em.createQueryBuilder(CatalogProgram);
const subjects = (tx: ProjectionTx) => tx.em.createQueryBuilder(CatalogSubject);
const assignments = (tx: ProjectionTx) => tx.em.createQueryBuilder(CatalogAssignment);
const enrollments = (tx: ProjectionTx) => tx.em.createQueryBuilder(CatalogEnrollment);
/** The catalog's `people` replica (libs/backend's handlers over its entity). */
const people = peopleReplica(CatalogPerson);

export const catalogProjection: Projection = {
  name: CATALOG_PROJECTION,
  // Still v1 on MikroORM (ADR 0018): its migration makes exactly the tables v1's SQL made (same
  // columns, types, order, primary keys and index names) and the handlers write the same rows.
  version: 1,
  orm: catalogOrm,
  handlers: {
    ...people.handlers,
    ...withTables({ writes: ['programs', 'subjects', 'assignments', 'enrollments', people.table] }, {
      [CATALOG_EVENTS.ProgramCreated]: async (e, tx) => {
        const d = ProgramCreatedV1.parse(e);
        await programs(tx)
          .insert({ id: d.programId, name: d.name, type: d.type, description: d.description, createdAt: instant(e.metadata.occurredAt) })
          .onConflict('id')
          .ignore()
          .execute();
      },
      [CATALOG_EVENTS.ProgramUpdated]: async (e, tx) => {
        const d = ProgramUpdatedV1.parse(e);
        await programs(tx).update({ name: d.name, type: d.type, description: d.description }).where({ id: d.programId }).execute();
      },
      [CATALOG_EVENTS.ProgramDeleted]: async (e, tx) => {
        await programs(tx).delete().where({ id: ProgramDeletedV1.parse(e).programId }).execute();
      },
      [CATALOG_EVENTS.SubjectCreated]: async (e, tx) => {
        const d = SubjectCreatedV1.parse(e);
        await subjects(tx)
          .insert({ id: d.subjectId, programId: d.programId, name: d.name, weekNumber: d.weekNumber, description: d.description, createdAt: instant(e.metadata.occurredAt) })
          .onConflict('id')
          .ignore()
          .execute();
      },
      [CATALOG_EVENTS.SubjectUpdated]: async (e, tx) => {
        const d = SubjectUpdatedV1.parse(e);
        await subjects(tx).update({ programId: d.programId, name: d.name, weekNumber: d.weekNumber, description: d.description }).where({ id: d.subjectId }).execute();
      },
      [CATALOG_EVENTS.SubjectDeleted]: async (e, tx) => {
        await subjects(tx).delete().where({ id: SubjectDeletedV1.parse(e).subjectId }).execute();
      },
      [CATALOG_EVENTS.TeacherAssigned]: async (e, tx) => {
        const d = TeacherAssignedV1.parse(e);
        // A teacher deleted or no longer a teacher by now (a replay) keeps no assignment.
        const teacher = await tx.em.createQueryBuilder(CatalogPerson).select('id').where({ id: d.teacherId, role: 'teacher' }).limit(1).execute('get');
        if (!teacher) return;
        await assignments(tx)
          .insert({ id: d.assignmentId, teacherId: d.teacherId, subjectId: d.subjectId, assignedAt: instant(e.metadata.occurredAt) })
          .onConflict('id')
          .ignore()
          .execute();
      },
      [CATALOG_EVENTS.TeacherUnassigned]: async (e, tx) => {
        await assignments(tx).delete().where({ id: TeacherUnassignedV1.parse(e).assignmentId }).execute();
      },
      [ENROLLMENT_EVENTS.StudentEnrolled]: async (e, tx) => {
        const d = StudentEnrolledV1.parse(e);
        await enrollments(tx)
          .insert({ id: d.enrollmentId, studentId: d.studentId, programId: d.programId, subjectId: d.subjectId })
          .onConflict('id')
          .ignore()
          .execute();
      },
      [IDENTITY_EVENTS.RoleAssigned]: async (e, tx) => {
        await people.changeRole(e, tx);
        const d = RoleAssignedV1.parse(e);
        if (d.role !== 'teacher') await assignments(tx).delete().where({ teacherId: d.userId }).execute();
      },
      // Spec §5: deleting a user removes their enrollments (and, for a teacher, their assignments).
      [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
        await people.forget(e, tx);
        const { userId } = UserDeletedV1.parse(e);
        await assignments(tx).delete().where({ teacherId: userId }).execute();
        await enrollments(tx).delete().where({ studentId: userId }).execute();
      },
    }),
  },
};
