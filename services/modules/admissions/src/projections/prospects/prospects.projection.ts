// admissions: the Prospective screens' read tables. Its own events (every application and quick-contact
// message with its pipeline status), and identity's integration events for one thing only: the name
// of the staff member who last changed a status (people), so a screen needs no other context.
import type { Projection, ProjectionTx, StoredEvent } from '@academy/event-store';
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
  type ProspectStatus,
  UserDeletedV1,
  UserRegisteredV1,
} from '@academy/contracts';

export const ADMISSIONS_PROJECTION = 'admissions';

/** What the search box matches: one lower-case string per row. */
const searchText = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' \u0001 ').toLowerCase();

async function insertProspect(
  tx: ProjectionTx,
  e: StoredEvent,
  row: { id: string; kind: string; firstName: string; lastName: string; name: string; email: string; phone: string; course: string | null; message: string },
) {
  await tx.query(
    `INSERT INTO prospects (id, kind, first_name, last_name, name, email, phone, course, message, status, applied_at, version, search)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11, $12) ON CONFLICT (id) DO NOTHING`,
    [row.id, row.kind, row.firstName, row.lastName, row.name, row.email, row.phone, row.course, row.message, e.metadata.occurredAt, e.streamVersion, searchText(row.name, row.email, row.phone, row.course, row.message)],
  );
}

const statusChange = (status: ProspectStatus) => async (e: StoredEvent, tx: ProjectionTx) => {
  // Admissions' own internal events (not published): its own code wrote them.
  const d = e.data as ApplicantStatusChangedData & Partial<ApplicantConvertedData>;
  await tx.query(
    `UPDATE prospects SET status = $2, status_changed_at = $3, status_changed_by = $4, student_id = coalesce($5, student_id), version = $6 WHERE id = $1`,
    [d.prospectId, status, d.at, d.byUserId, d.studentId ?? null, e.streamVersion],
  );
};

async function rename(e: StoredEvent, tx: ProjectionTx) {
  const event = publishedEventFor([ProfileCompletedV1, StudentContactUpdatedV1], e);
  const name = event.personal(e)?.fullName;
  if (name) await tx.query('UPDATE people SET full_name = $2 WHERE id = $1', [event.parse(e).userId, name]);
}

export const prospectsProjection: Projection = {
  name: ADMISSIONS_PROJECTION,
  version: 1,
  async setup(tx) {
    await tx.query(`CREATE TABLE prospects (
      id uuid PRIMARY KEY,
      kind text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      name text NOT NULL,
      email text NOT NULL,
      phone text NOT NULL,
      course text,
      message text NOT NULL,
      status text NOT NULL,
      applied_at timestamptz NOT NULL,
      status_changed_at timestamptz,
      status_changed_by uuid,
      student_id uuid,
      version integer NOT NULL,
      search text NOT NULL
    )`);
    await tx.query('CREATE INDEX prospects_list_idx ON prospects (kind, applied_at DESC)');
    await tx.query('CREATE INDEX prospects_status_idx ON prospects (kind, status)');
    await tx.query('CREATE TABLE people (id uuid PRIMARY KEY, full_name text)');
  },
  handlers: {
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
      await tx.query('DELETE FROM prospects WHERE id = $1', [ApplicantErasedV1.parse(e).prospectId]);
    },
    [IDENTITY_EVENTS.UserRegistered]: async (e, tx) => {
      const d = UserRegisteredV1.parse(e);
      await tx.query('INSERT INTO people (id, full_name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [d.userId, UserRegisteredV1.personal(e)?.fullName ?? null]);
    },
    [IDENTITY_EVENTS.ProfileCompleted]: rename,
    [IDENTITY_EVENTS.StudentContactUpdated]: rename,
    [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
      await tx.query('DELETE FROM people WHERE id = $1', [UserDeletedV1.parse(e).userId]);
    },
  },
};
