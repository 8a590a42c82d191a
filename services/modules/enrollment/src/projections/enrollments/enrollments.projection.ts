// enrollment: the enrollment context's read tables. Its own events, and foreign integration events
// from the shared log: identity's (who is a student, their name and email; UserDeleted removes the
// person and their enrollments) and the catalog's (program name/type/description, subject name and
// program), so a screen needs no other context. On MikroORM (ADR 0018): the tables are the entities
// of enrollments.orm.ts, made by the context's migrations; the handlers write through tx.em.
import { peopleReplica } from '@academy/backend';
import { instant, type Projection, type ProjectionTx, type StoredEvent } from '@academy/event-store';
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
import { EnrollmentRecord } from './enrollment.entity.js';
import { enrollmentOrm } from './enrollments.orm.js';
import { Person } from './person.entity.js';
import { Program } from './program.entity.js';
import { Subject } from './subject.entity.js';

export const ENROLLMENT_PROJECTION = 'enrollment';
/** Answers and command checks wait for this projection: every enrollment screen reads it. */
export const ENROLLMENT_READ_MODEL = [ENROLLMENT_PROJECTION] as const;

// Set-based statements through the QueryBuilder of the transaction's EntityManager (tx.em): one
// statement per change, as the SQL was, with no entity loaded into the identity map.
const enrollments = (tx: ProjectionTx) => tx.em.createQueryBuilder(EnrollmentRecord);
const programs = (tx: ProjectionTx) => tx.em.createQueryBuilder(Program);
const subjects = (tx: ProjectionTx) => tx.em.createQueryBuilder(Subject);
/** The enrollment context's `people` replica (libs/backend's handlers over its entity). */
const people = peopleReplica(Person);

async function upsertProgram(e: StoredEvent, tx: ProjectionTx) {
  const d = publishedEventFor([ProgramCreatedV1, ProgramUpdatedV1], e).parse(e);
  await programs(tx).insert({ id: d.programId, name: d.name, type: d.type, description: d.description }).onConflict('id').merge(['name', 'type', 'description']).execute();
}

async function upsertSubject(e: StoredEvent, tx: ProjectionTx) {
  const d = publishedEventFor([SubjectCreatedV1, SubjectUpdatedV1], e).parse(e);
  await subjects(tx).insert({ id: d.subjectId, programId: d.programId, name: d.name }).onConflict('id').merge(['programId', 'name']).execute();
}

export const enrollmentProjection: Projection = {
  name: ENROLLMENT_PROJECTION,
  // Still v1 on MikroORM (ADR 0018): its migration makes exactly the tables v1's SQL made (same
  // columns, types, order, constraint and index names) and the handlers write the same rows.
  version: 1,
  orm: enrollmentOrm,
  handlers: {
    [ENROLLMENT_EVENTS.StudentEnrolled]: async (e, tx) => {
      const d = StudentEnrolledV1.parse(e);
      await enrollments(tx)
        .insert({
          id: d.enrollmentId,
          code: d.code,
          studentId: d.studentId,
          programId: d.programId,
          subjectId: d.subjectId,
          status: 'pending',
          currentWeek: 1,
          enrolledAt: instant(e.metadata.occurredAt),
          version: e.streamVersion,
        })
        .onConflict('id')
        .ignore()
        .execute();
    },
    [ENROLLMENT_EVENTS.EnrollmentStatusChanged]: async (e, tx) => {
      const d = EnrollmentStatusChangedV1.parse(e);
      // A stamp the event does not carry keeps the one the row has (the SQL's coalesce).
      await enrollments(tx)
        .update({
          status: d.status,
          ...(d.activatedAt != null ? { activatedAt: instant(d.activatedAt) } : {}),
          ...(d.completedAt != null ? { completedAt: instant(d.completedAt) } : {}),
          version: e.streamVersion,
        })
        .where({ id: d.enrollmentId })
        .execute();
    },
    // v2 (a stored v1 is upcast on read, ADR 0017): the week is the event's, not an increment.
    [ENROLLMENT_EVENTS.EnrollmentWeekAdvanced]: async (e, tx) => {
      const d = EnrollmentWeekAdvancedV2.parse(e);
      await enrollments(tx).update({ currentWeek: d.currentWeek, version: e.streamVersion }).where({ id: d.enrollmentId }).execute();
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
    ...people.handlers,
    // Spec §5: deleting a user removes their enrollments.
    [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
      await people.forget(e, tx);
      const { userId } = UserDeletedV1.parse(e);
      await enrollments(tx).delete().where({ studentId: userId }).execute();
    },
  },
};
