// The enrollment read model from given events, against real Postgres (libs/testing projectionSpec),
// including the replay of EnrollmentWeekAdvanced events stored at v1, read as v2 (ADR 0017).
import { describe, expect, it } from '@jest/globals';
import { event, projectionSpec } from '@academy/testing/projection';
import { enrollmentProjection } from './enrollments.projection.js';

const PROGRAM = '00000000-0000-4000-8000-000000000001';
const SUBJECT = '00000000-0000-4000-8000-000000000002';
const STUDENT = '00000000-0000-4000-8000-000000000003';
const ENROLLMENT = '00000000-0000-4000-8000-000000000004';
const CAPSTONE = '00000000-0000-4000-8000-000000000005';

const spec = projectionSpec(() => enrollmentProjection, 'enrollment_projection');

const stream = `enrollment-${ENROLLMENT}`;
const background = [
  event(`user-${STUDENT}`, 'UserRegistered', { userId: STUDENT, role: 'student' }, { personal: { subjectId: STUDENT, data: { email: 'Ann@Example.com', fullName: 'Ann Lee', passwordHash: 'x' } } }),
  event(`program-${PROGRAM}`, 'ProgramCreated', { programId: PROGRAM, name: 'Evening', type: 'evening', description: 'd' }),
  event(`subject-${SUBJECT}`, 'SubjectCreated', { subjectId: SUBJECT, programId: PROGRAM, name: 'Web', weekNumber: null, description: '' }),
  event(stream, 'StudentEnrolled', { enrollmentId: ENROLLMENT, code: 'ENR-2026-0001', studentId: STUDENT, programId: PROGRAM, subjectId: SUBJECT }),
  event(stream, 'EnrollmentStatusChanged', { enrollmentId: ENROLLMENT, status: 'active', previousStatus: 'pending', activatedAt: '2026-01-02T00:00:00.000Z' }),
];
const enrollmentRow = 'SELECT code, student_id, status, current_week, version FROM enrollments';

describe('enrollment projection', () => {
  it('keeps an enrollment with its status, week and stream version, and the people and catalog it shows', async () => {
    const t = await spec.given([...background, event(stream, 'EnrollmentWeekAdvanced', { enrollmentId: ENROLLMENT, currentWeek: 2, capstoneId: CAPSTONE })]);
    expect(await t.rows(enrollmentRow)).toEqual([{ code: 'ENR-2026-0001', student_id: STUDENT, status: 'active', current_week: 2, version: 3 }]);
    expect(await t.rows('SELECT id, full_name, email FROM people')).toEqual([{ id: STUDENT, full_name: 'Ann Lee', email: 'ann@example.com' }]);
    expect(await t.rows('SELECT name FROM programs')).toEqual([{ name: 'Evening' }]);
  });

  it('forgets a deleted student and their enrollments', async () => {
    const t = await spec.given([...background, event(`user-${STUDENT}`, 'UserDeleted', { userId: STUDENT, emailLookup: null })]);
    expect(await t.rows(enrollmentRow)).toEqual([]);
    expect(await t.rows('SELECT id FROM people')).toEqual([]);
  });

  it('stamps activation and completion from the events and keeps a stamp an event does not carry', async () => {
    const t = await spec.given([
      ...background,
      event(stream, 'EnrollmentStatusChanged', { enrollmentId: ENROLLMENT, status: 'dropped', previousStatus: 'active' }),
      event(stream, 'EnrollmentStatusChanged', { enrollmentId: ENROLLMENT, status: 'completed', previousStatus: 'dropped', completedAt: '2026-02-03T04:05:06.789Z' }),
    ]);
    // StudentEnrolled is the fourth event of the scenario's clock (one second apart from 2026-01-01T00:00:00Z).
    expect(await t.rows('SELECT status, enrolled_at, activated_at, completed_at, version FROM enrollments')).toEqual([
      { status: 'completed', enrolled_at: new Date('2026-01-01T00:00:03.000Z'), activated_at: new Date('2026-01-02T00:00:00.000Z'), completed_at: new Date('2026-02-03T04:05:06.789Z'), version: 4 },
    ]);
  });

  it('keeps the catalog and the people as their later events say', async () => {
    const SUBJECT_2 = '00000000-0000-4000-8000-000000000006';
    const t = await spec.given([
      ...background,
      event(`program-${PROGRAM}`, 'ProgramUpdated', { programId: PROGRAM, name: 'Evening II', type: 'daytime', description: 'e' }),
      event(`subject-${SUBJECT}`, 'SubjectUpdated', { subjectId: SUBJECT, programId: PROGRAM, name: 'Web II', weekNumber: null, description: '' }),
      event(`subject-${SUBJECT_2}`, 'SubjectCreated', { subjectId: SUBJECT_2, programId: PROGRAM, name: 'Data', weekNumber: null, description: '' }),
      event(`subject-${SUBJECT_2}`, 'SubjectDeleted', { subjectId: SUBJECT_2 }),
      event(`user-${STUDENT}`, 'StudentContactUpdated', { userId: STUDENT }, { personal: { subjectId: STUDENT, data: { fullName: 'Ann B. Lee' } } }),
      event(`user-${STUDENT}`, 'RoleAssigned', { userId: STUDENT, role: 'teacher', previousRole: 'student' }),
    ]);
    expect(await t.rows('SELECT id, name, type, description FROM programs')).toEqual([{ id: PROGRAM, name: 'Evening II', type: 'daytime', description: 'e' }]);
    expect(await t.rows('SELECT id, program_id, name FROM subjects')).toEqual([{ id: SUBJECT, program_id: PROGRAM, name: 'Web II' }]);
    expect(await t.rows('SELECT id, role, full_name, email FROM people')).toEqual([{ id: STUDENT, role: 'teacher', full_name: 'Ann B. Lee', email: 'ann@example.com' }]);
    const gone = await t.andThen([event(`program-${PROGRAM}`, 'ProgramDeleted', { programId: PROGRAM })]);
    expect(await gone.rows('SELECT id FROM programs')).toEqual([]);
    // The enrollment stays (its program's name is gone from the screens, not the enrollment).
    expect(await gone.rows('SELECT program_id FROM enrollments')).toEqual([{ program_id: PROGRAM }]);
  });

  it('replays EnrollmentWeekAdvanced stored at v1 as v2: the same weeks, the log untouched', async () => {
    // As the producer wrote them before v2: `week`, and `capstoneId` only sometimes.
    const v1 = [
      event(stream, 'EnrollmentWeekAdvanced', { enrollmentId: ENROLLMENT, week: 2, capstoneId: CAPSTONE }, { legacyVersion: 1 }),
      event(stream, 'EnrollmentWeekAdvanced', { enrollmentId: ENROLLMENT, week: 3 }, { legacyVersion: 1 }),
    ];
    const t = await spec.given([...background, ...v1]);
    expect(await t.rows(enrollmentRow)).toEqual([{ code: 'ENR-2026-0001', student_id: STUDENT, status: 'active', current_week: 3, version: 4 }]);

    // A v2 event after them (the producer now writes v2; the store stamps the version).
    const after = await t.andThen([event(stream, 'EnrollmentWeekAdvanced', { enrollmentId: ENROLLMENT, currentWeek: 4, capstoneId: null })]);
    expect(await after.rows(enrollmentRow)).toEqual([{ code: 'ENR-2026-0001', student_id: STUDENT, status: 'active', current_week: 4, version: 5 }]);

    // Upcasting happens on read only: the stored rows keep their v1 body, and the hash chain still verifies.
    const stored = await spec.database().pool.query<{ schema_version: number; data: Record<string, unknown> }>(
      `SELECT schema_version, data FROM ${t.store.schema}.events WHERE type = 'EnrollmentWeekAdvanced' ORDER BY position`,
    );
    expect(stored.rows).toEqual([
      { schema_version: 1, data: { enrollmentId: ENROLLMENT, week: 2, capstoneId: CAPSTONE } },
      { schema_version: 1, data: { enrollmentId: ENROLLMENT, week: 3 } },
      { schema_version: 2, data: { enrollmentId: ENROLLMENT, currentWeek: 4, capstoneId: null } },
    ]);
    expect(await t.store.verify()).toMatchObject({ ok: true, checked: background.length + 3 });
    const read = (await t.store.readStream(stream)).filter((e) => e.type === 'EnrollmentWeekAdvanced');
    expect(read.map((e) => [e.schemaVersion, e.data])).toEqual([
      [2, { enrollmentId: ENROLLMENT, currentWeek: 2, capstoneId: CAPSTONE }],
      [2, { enrollmentId: ENROLLMENT, currentWeek: 3, capstoneId: null }],
      [2, { enrollmentId: ENROLLMENT, currentWeek: 4, capstoneId: null }],
    ]);
  });

  it('refuses to store a published event that does not fit its schema (a producer bug), writing nothing', async () => {
    const t = await spec.given(background);
    await expect(t.store.append(stream, [{ type: 'EnrollmentWeekAdvanced', data: { enrollmentId: ENROLLMENT, week: 2 }, metadata: { actorId: null, actorRole: null, correlationId: 'c', causationId: null, occurredAt: '2026-01-03T00:00:00.000Z' } }], 'any')).rejects.toMatchObject({
      name: 'InvalidEventError',
      eventType: 'EnrollmentWeekAdvanced',
    });
    expect((await t.store.readStream(stream)).length).toBe(2);
  });

  describe('certificates (v2, ADR 0030)', () => {
    const certificateStream = `certificate-${ENROLLMENT}`;
    const CODE = 'q3Jx0-bT5yZ_aW9kLm2n4p';
    const certified = [
      ...background,
      event(stream, 'EnrollmentStatusChanged', { enrollmentId: ENROLLMENT, status: 'completed', previousStatus: 'active', completedAt: '2026-03-01T00:00:00.000Z' }),
      event(certificateStream, 'CertificateIssued', { enrollmentId: ENROLLMENT, code: CODE, studentId: STUDENT, programId: PROGRAM, activatedAt: '2026-01-02T00:00:00.000Z', completedAt: '2026-03-01T00:00:00.000Z' }),
      event(certificateStream, 'CertificateRevoked', { enrollmentId: ENROLLMENT, code: CODE }, { personal: { subjectId: STUDENT, data: { reason: 'Plagiarised capstone' } } }),
    ];
    const certificateRow = 'SELECT code, student_id, completed_at, position, hash, revoked_at IS NOT NULL AS revoked, revoked_reason FROM certificates';

    it('keeps the certificate with the issuing event’s log position and hash, and its revocation with the reason', async () => {
      const t = await spec.given(certified);
      const issued = (await t.store.readStream(certificateStream))[0]!;
      expect(await t.rows(certificateRow)).toEqual([
        { code: CODE, student_id: STUDENT, completed_at: new Date('2026-03-01T00:00:00.000Z'), position: String(issued.position), hash: issued.hash, revoked: true, revoked_reason: 'Plagiarised capstone' },
      ]);
    });

    it('keeps an erased holder’s certificate, without the reason, on the live tables and in a replay', async () => {
      const t = await spec.given([...certified, event(`user-${STUDENT}`, 'UserDeleted', { userId: STUDENT, emailLookup: null })]);
      const row = { code: CODE, revoked: true, revoked_reason: null };
      expect(await t.rows('SELECT code, revoked_at IS NOT NULL AS revoked, revoked_reason FROM certificates')).toEqual([row]);
      expect(await t.rows('SELECT id FROM people')).toEqual([]);
      // Crypto-shredded: a rebuild cannot read the reason any more.
      await t.store.eraseSubject(STUDENT);
      const replayed = await t.rebuild();
      expect(await replayed.rows('SELECT code, revoked_at IS NOT NULL AS revoked, revoked_reason FROM certificates')).toEqual([row]);
    });
  });
});
