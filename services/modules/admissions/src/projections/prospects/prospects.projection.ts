// admissions: the Prospective screens' read tables. Its own events (every application and quick-contact
// message with its pipeline status), and identity's integration events for one thing only: the name
// of the staff member who last changed a status (people), so a screen needs no other context.
import { type Projection, type ProjectionTx, type StoredEvent, withTables } from '@academy/event-store';
import {
  ADMISSIONS_EVENTS,
  ApplicantErasedV1,
  ApplicationSubmittedV1,
  IDENTITY_EVENTS,
  ProfileCompletedV1,
  publishedEventFor,
  QuickContactReceivedV1,
  StudentContactUpdatedV1,
  type ApplicantConvertedData,
  type ApplicantStatusChangedData,
  type ProspectKind,
  type ProspectStatus,
  UserDeletedV1,
  UserRegisteredV1,
} from '@academy/contracts';
import { admissionsOrm } from './admissions.orm.js';
import { ADMISSIONS_PROJECTION } from './names.js';
import { Person } from './person.entity.js';
import { Prospect } from './prospect.entity.js';

// Set-based statements through the QueryBuilder of the transaction's EntityManager (tx.em, ADR 0018):
// one statement per change, as the SQL was, with no entity loaded into the identity map.
const prospects = (tx: ProjectionTx) => tx.em.createQueryBuilder(Prospect);
const people = (tx: ProjectionTx) => tx.em.createQueryBuilder(Person);

/** What the search box matches: one lower-case string per row. */
const searchText = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' \u0001 ').toLowerCase();

async function insertProspect(
  tx: ProjectionTx,
  e: StoredEvent,
  row: { id: string; kind: ProspectKind; firstName: string; lastName: string; name: string; email: string; phone: string; course: string | null; message: string },
) {
  await prospects(tx)
    .insert({
      ...row,
      status: 'pending',
      appliedAt: new Date(e.metadata.occurredAt),
      version: e.streamVersion,
      search: searchText(row.name, row.email, row.phone, row.course, row.message),
    })
    .onConflict('id')
    .ignore()
    .execute();
}

const statusChange = (status: ProspectStatus) => async (e: StoredEvent, tx: ProjectionTx) => {
  // Admissions' own internal events (not published): its own code wrote them.
  const d = e.data as ApplicantStatusChangedData & Partial<ApplicantConvertedData>;
  await prospects(tx)
    .update({
      status,
      statusChangedAt: new Date(d.at),
      statusChangedBy: d.byUserId,
      // Only a conversion names a student; the other changes keep the column as it is.
      ...(d.studentId != null ? { studentId: d.studentId } : {}),
      version: e.streamVersion,
    })
    .where({ id: d.prospectId })
    .execute();
};

async function rename(e: StoredEvent, tx: ProjectionTx) {
  const event = publishedEventFor([ProfileCompletedV1, StudentContactUpdatedV1], e);
  const name = event.personal(e)?.fullName;
  if (name) await people(tx).update({ fullName: name }).where({ id: event.parse(e).userId }).execute();
}

export const prospectsProjection: Projection = {
  name: ADMISSIONS_PROJECTION,
  // Still v1 on MikroORM (ADR 0018): its migration makes exactly the tables v1's SQL made (same
  // columns, types, order and indexes) and the handlers write the same rows, so a live v1 stays.
  version: 1,
  orm: admissionsOrm,
  handlers: {
    ...withTables({ writes: ['prospects', 'people'] }, {
      [ADMISSIONS_EVENTS.ApplicationSubmitted]: async (e, tx) => {
        const d = ApplicationSubmittedV1.parse(e);
        // Absent once the person is erased: the row stays (the pipeline's history), without the person.
        const p = ApplicationSubmittedV1.personal(e);
        const firstName = p?.firstName ?? '';
        const lastName = p?.lastName ?? '';
        await insertProspect(tx, e, {
          id: d.prospectId,
          kind: 'application',
          firstName,
          lastName,
          name: `${firstName} ${lastName}`.trim(),
          email: p?.email ?? '',
          phone: p?.phone ?? '',
          course: d.course,
          message: p?.message ?? '',
        });
      },
      [ADMISSIONS_EVENTS.QuickContactReceived]: async (e, tx) => {
        const d = QuickContactReceivedV1.parse(e);
        const p = QuickContactReceivedV1.personal(e);
        await insertProspect(tx, e, { id: d.prospectId, kind: 'quick_contact', firstName: '', lastName: '', name: p?.name ?? '', email: p?.email ?? '', phone: '', course: null, message: p?.message ?? '' });
      },
      [ADMISSIONS_EVENTS.ApplicantContacted]: statusChange('contacted'),
      [ADMISSIONS_EVENTS.ApplicantDeclined]: statusChange('declined'),
      [ADMISSIONS_EVENTS.ApplicantConverted]: statusChange('converted'),
      // An erased applicant leaves every list and count: the row held their data, and a row without it
      // (course, date) tells staff nothing they may act on. A replay gets here too (the row it inserted
      // from the shredded event was empty), so both paths end the same: no row.
      [ADMISSIONS_EVENTS.ApplicantErased]: async (e, tx) => {
        await prospects(tx).delete().where({ id: ApplicantErasedV1.parse(e).prospectId }).execute();
      },
      [IDENTITY_EVENTS.UserRegistered]: async (e, tx) => {
        const d = UserRegisteredV1.parse(e);
        await people(tx)
          .insert({ id: d.userId, fullName: UserRegisteredV1.personal(e)?.fullName ?? null })
          .onConflict('id')
          .ignore()
          .execute();
      },
      [IDENTITY_EVENTS.ProfileCompleted]: rename,
      [IDENTITY_EVENTS.StudentContactUpdated]: rename,
      [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
        await people(tx).delete().where({ id: UserDeletedV1.parse(e).userId }).execute();
      },
    }),
  },
};
