// enrollment: the enrollment context's read tables. Its own events, and foreign integration events
// from the shared log: identity's (who is a student, their name and email; UserDeleted removes the
// person and their enrollments) and the catalog's (program name/type/description, subject name and
// program), so a screen needs no other context. On MikroORM (ADR 0018): the tables are the entities
// of enrollments.orm.ts, made by the context's migrations; the handlers write through tx.em.
import { catalogReplica, peopleReplica } from '@academy/backend';
import { instant, type Projection, type ProjectionTx } from '@academy/event-store';
import {
  ENROLLMENT_EVENTS,
  EnrollmentStatusChangedV1,
  EnrollmentWeekAdvancedV2,
  IDENTITY_EVENTS,
  StudentEnrolledV1,
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
/** The enrollment context's `people` replica (libs/backend's handlers over its entity). */
const people = peopleReplica(Person);
/** Programs (with their description) and subjects: libs/backend's replica handlers over its entities (ADR 0019). */
const catalog = catalogReplica({ programs: Program, subjects: Subject }, { forgetDeleted: true, programDescription: true });

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
    ...catalog,
    ...people.handlers,
    // Spec §5: deleting a user removes their enrollments.
    [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
      await people.forget(e, tx);
      const { userId } = UserDeletedV1.parse(e);
      await enrollments(tx).delete().where({ studentId: userId }).execute();
    },
  },
};
