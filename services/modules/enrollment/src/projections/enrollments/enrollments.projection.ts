// enrollment: the enrollment context's read tables. Its own events, and foreign integration events
// from the shared log: identity's (who is a student, their name and email; UserDeleted removes the
// person and their enrollments) and the catalog's (program name/type/description, subject name and
// program), so a screen needs no other context. On MikroORM (ADR 0018): the tables are the entities
// of enrollments.orm.ts, made by the context's migrations; the handlers write through tx.em.
import { catalogReplica, peopleReplica } from '@academy/backend';
import { instant, type Projection, type ProjectionTx, withTables } from '@academy/event-store';
import {
  CertificateIssuedV1,
  CertificateRevokedV1,
  ENROLLMENT_EVENTS,
  EnrollmentStatusChangedV1,
  EnrollmentWeekAdvancedV2,
  IDENTITY_EVENTS,
  StudentEnrolledV1,
  UserDeletedV1,
} from '@academy/contracts';
import { CertificateRecord } from './certificate.entity.js';
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
const certificates = (tx: ProjectionTx) => tx.em.createQueryBuilder(CertificateRecord);
/** The enrollment context's `people` replica (libs/backend's handlers over its entity). */
const people = peopleReplica(Person);
/** Programs (with their description) and subjects: libs/backend's replica handlers over its entities (ADR 0019). */
const catalog = catalogReplica({ programs: Program, subjects: Subject }, { forgetDeleted: true, programDescription: true });

export const enrollmentProjection: Projection = {
  name: ENROLLMENT_PROJECTION,
  // v1's tables exactly as its SQL made them (ADR 0018), plus v2's `certificates` (ADR 0030): a new
  // table needs the rebuild from position 0 that a new version makes.
  version: 2,
  orm: enrollmentOrm,
  handlers: {
    ...catalog,
    ...people.handlers,
    ...withTables({ writes: ['enrollments', 'certificates', people.table] }, {
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
      // Certificates of completion (ADR 0030): the event's own position and hash are what /verify shows.
      [ENROLLMENT_EVENTS.CertificateIssued]: async (e, tx) => {
        const d = CertificateIssuedV1.parse(e);
        await certificates(tx)
          .insert({
            enrollmentId: d.enrollmentId,
            code: d.code,
            studentId: d.studentId,
            programId: d.programId,
            activatedAt: d.activatedAt != null ? instant(d.activatedAt) : null,
            completedAt: instant(d.completedAt),
            issuedAt: instant(e.metadata.occurredAt),
            position: e.position,
            hash: e.hash,
          })
          .onConflict('enrollmentId')
          .ignore()
          .execute();
      },
      [ENROLLMENT_EVENTS.CertificateRevoked]: async (e, tx) => {
        const d = CertificateRevokedV1.parse(e);
        const reason = CertificateRevokedV1.personal(e)?.reason ?? null;
        await certificates(tx).update({ revokedAt: instant(e.metadata.occurredAt), revokedReason: reason }).where({ enrollmentId: d.enrollmentId }).execute();
      },
      // Spec §5: deleting a user removes their enrollments.
      [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
        await people.forget(e, tx);
        const { userId } = UserDeletedV1.parse(e);
        await enrollments(tx).delete().where({ studentId: userId }).execute();
        // Their certificates stay verifiable (issued, revoked, dates, log entry) but name no one: the
        // name was only ever joined from `people`, and the revocation reason was theirs.
        await certificates(tx).update({ revokedReason: null }).where({ studentId: userId }).execute();
      },
    }),
  },
};
