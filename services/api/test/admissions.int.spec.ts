// The admissions context over real HTTP, Postgres and Redis (see modules-harness.ts): the two public
// forms (every spec §5 rule, honeypot, per-IP limit), the staff pipeline and its list/counts, convert
// to student (account, credentials, double and concurrent converts, a taken address), the in-app
// notices; every endpoint × every role. The Redis outage test runs in the worker
// (services/worker/test/admissions-redis-outage.int.spec.ts): it needs the worker's dispatcher and mail.
import { z } from 'zod';
import { ADMISSIONS_MESSAGES, admissionsCountsSchema, apiErrorSchema, ApplicationSubmittedV1, convertProspectResponseSchema, COURSE_OPTIONS, HONEYPOT_FIELD, IDENTITY_MESSAGES, messageResponseSchema, notificationsResponseSchema, prospectResponseSchema, prospectsResponseSchema, sessionSchema, studentsListResponseSchema, userResponseSchema, usersListResponseSchema } from '@academy/contracts';
import { bodyOf } from '@academy/testing';
import { EmailLookup } from '@academy/event-store';
import { admissionsInAppTemplates } from '@academy/admissions';
import { type Account, type Harness, ROLES, startHarness } from './modules-harness.js';

let h: Harness;
let student: Account;
let teacher: Account;
let studentAdmin: Account;
let auditor: Account;

beforeAll(async () => {
  h = await startHarness('admissions', { inAppTemplates: admissionsInAppTemplates });
  student = await h.account('student');
  teacher = await h.account('teacher');
  studentAdmin = await h.account('student_admin', 'Sipho Admissions');
  auditor = await h.account('auditor');
}, 120_000);
afterAll(async () => h?.stop());

let n = 0;
const application = (over: Record<string, unknown> = {}) => ({
  firstName: 'Thandi',
  lastName: `Nkosi${++n}`,
  email: `thandi.${n}.${Date.now()}@example.com`,
  phone: '+27 82 123 4567',
  course: 'Web Development',
  message: 'Are there evening classes?',
  ...over,
});
const quickContact = (over: Record<string, unknown> = {}) => ({ name: `Tendai ${++n}`, email: `tendai.${n}.${Date.now()}@example.zw`, message: 'Prices in USD?', ...over });
const apply = (body: unknown, ip?: string) => h.call('POST', '/public/applications', { body, ip });
const contact = (body: unknown, ip?: string) => h.call('POST', '/public/quick-contacts', { body, ip });
/** Who changed a prospect's status, in the events that say so. */
const byUser = z.looseObject({ byUserId: z.string().nullish() });
const prospectEvents = async () => (await h.store.readAll(0, 1_000_000)).filter((e) => e.streamId.startsWith('prospect-'));
const list = (query = '', token = studentAdmin.token, minPosition = 0) => h.call('GET', `/admissions/prospects${query}`, { token, minPosition });
/** Submits an application and returns its row as staff see it. */
async function submitted(over: Record<string, unknown> = {}) {
  const body = application(over);
  const res = await apply(body);
  expect(res.status).toBe(201);
  const rows = bodyOf(await list(`?q=${encodeURIComponent(body.email)}`, studentAdmin.token, res.position), prospectsResponseSchema).prospects;
  expect(rows).toHaveLength(1);
  return { body, row: rows[0] };
}

describe('authorization', () => {
  it('answers every admissions endpoint as expected for anonymous, student, teacher, admin, student admin and auditor callers', async () => {
    const token = { anonymous: undefined, student: student.token, teacher: teacher.token, admin: h.admin.token, student_admin: studentAdmin.token, auditor: auditor.token };
    const nobody = '00000000-0000-4000-8000-0000000000ff';
    const matrix: [string, string, () => unknown, number, number, number, number, number, number][] = [
      ['POST', '/public/applications', () => application(), 201, 201, 201, 201, 201, 201],
      ['POST', '/public/quick-contacts', () => quickContact(), 201, 201, 201, 201, 201, 201],
      ['GET', '/admissions/prospects', () => undefined, 401, 403, 403, 200, 200, 403],
      ['GET', '/admissions/prospects?kind=quick_contact', () => undefined, 401, 403, 403, 200, 200, 403],
      ['GET', '/admissions/counts', () => undefined, 401, 403, 403, 200, 200, 403],
      ['POST', `/admissions/prospects/${nobody}/contacted`, () => ({}), 401, 403, 403, 404, 404, 403],
      ['POST', `/admissions/prospects/${nobody}/decline`, () => ({}), 401, 403, 403, 404, 404, 403],
      ['POST', `/admissions/prospects/${nobody}/convert`, () => ({}), 401, 403, 403, 404, 404, 403],
      ['POST', `/admissions/prospects/${nobody}/erase`, () => undefined, 401, 403, 403, 404, 404, 403],
      ['POST', '/admissions/prospects/not-a-uuid/erase', () => undefined, 401, 403, 403, 404, 404, 403],
    ];
    const got: string[] = [];
    const want: string[] = [];
    for (const [method, path, body, ...expected] of matrix) {
      for (const [i, role] of ROLES.entries()) {
        const res = await h.call(method, path, { body: body(), token: token[role] });
        got.push(`${method} ${path} ${role} → ${res.status}`);
        want.push(`${method} ${path} ${role} → ${expected[i]}`);
      }
    }
    expect(got).toEqual(want);
  });
});

describe('the public forms', () => {
  it('stores an application as one event in its own stream (and its link under the keyed email lookup), the person encrypted and readable only through the store', async () => {
    const body = application({ email: `Mixed.Case.${Date.now()}@Example.com` });
    const res = await apply(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: ADMISSIONS_MESSAGES.applicationSubmittedDescription });
    const [event] = (await prospectEvents()).filter((e) => e.personal?.data.lastName === body.lastName);
    expect(event.type).toBe('ApplicationSubmitted');
    const { prospectId } = ApplicationSubmittedV1.parse(event);
    expect(event.streamId).toBe(`prospect-${prospectId}`);
    expect(event.streamVersion).toBe(1);
    // The address only as its keyed lookup (HMAC under a subkey of the harness's master key), never a plain hash; the
    // lookup stream links the prospect to it in the same append, for the erasure that follows an account's deletion.
    const lookup = new EmailLookup(Buffer.alloc(32, 7)).of(body.email);
    expect(event.data).toEqual({ prospectId: expect.any(String), course: 'Web Development', emailLookup: lookup });
    expect((await h.store.readStream(`applicant-email-${lookup}`)).map((e) => [e.type, e.data, e.position])).toEqual([['ProspectEmailLinked', { prospectId }, event.position + 1]]);
    expect(event.personal).toEqual({
      subjectId: `prospect-${prospectId}`,
      data: { firstName: 'Thandi', lastName: body.lastName, email: body.email.toLowerCase(), phone: body.phone, message: body.message },
    });
    // On disk the person is ciphertext only.
    const { rows } = await h.pool.query<{ personal: string; data: string }>('SELECT personal::text, data::text FROM event_store.events WHERE event_id = $1', [event.id]);
    expect(rows[0].personal).not.toContain(body.lastName);
    expect(rows[0].personal).not.toContain(body.email.toLowerCase());
    expect(rows[0].data).not.toContain(body.lastName);
  });

  it('stores a quick-contact message the same way', async () => {
    const body = quickContact();
    const res = await contact(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: ADMISSIONS_MESSAGES.quickContactSentDescription });
    const [event] = (await prospectEvents()).filter((e) => e.personal?.data.name === body.name);
    expect(event).toMatchObject({ type: 'QuickContactReceived', streamVersion: 1, personal: { data: { name: body.name, email: body.email, message: body.message } } });
  });

  it('answers every spec §5 rule of the application form with 400 and the field message, and stores nothing', async () => {
    const before = await h.head();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: undefined }, 'firstName', 'First name is required'],
      [{ firstName: '   ' }, 'firstName', 'First name is required'],
      [{ lastName: '' }, 'lastName', 'Last name is required'],
      [{ email: undefined }, 'email', 'Email is required'],
      [{ email: 'thandi@' }, 'email', 'Enter a valid email address'],
      [{ email: 'not an email' }, 'email', 'Enter a valid email address'],
      [{ phone: '' }, 'phone', 'Phone is required'],
      [{ phone: 'call me' }, 'phone', 'Enter a phone number, e.g. +27 82 123 4567'],
      [{ course: undefined }, 'course', 'Choose a course'],
      [{ course: 'Astrology' }, 'course', 'Choose a course'],
      [{ message: undefined }, 'message', 'Message is required'],
      [{ message: ' \n ' }, 'message', 'Message is required'],
      [{ message: 'x'.repeat(2001) }, 'message', 'Message must be at most 2000 characters'],
    ];
    for (const [over, field, message] of cases) {
      const res = await apply(application(over));
      expect({ over, status: res.status, fields: bodyOf(res, apiErrorSchema).fields }).toEqual({ over, status: 400, fields: { [field]: [message] } });
    }
    const empty = await apply({});
    expect(empty.status).toBe(400);
    expect(Object.keys(bodyOf(empty, apiErrorSchema).fields ?? {}).sort()).toEqual(['course', 'email', 'firstName', 'lastName', 'message', 'phone']);
    expect(await h.head()).toBe(before);
  });

  it('accepts each of the six courses of spec §5', async () => {
    for (const course of COURSE_OPTIONS) expect((await apply(application({ course }))).status).toBe(201);
  });

  it('answers every spec §5 rule of quick contact with 400 and the field message, and stores nothing', async () => {
    const before = await h.head();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: undefined }, 'name', 'Name is required'],
      [{ name: ' ' }, 'name', 'Name is required'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'tendai.example.zw' }, 'email', 'Enter a valid email address'],
      [{ message: '' }, 'message', 'Message is required'],
    ];
    for (const [over, field, message] of cases) {
      const res = await contact(quickContact(over));
      expect({ over, status: res.status, fields: bodyOf(res, apiErrorSchema).fields }).toEqual({ over, status: 400, fields: { [field]: [message] } });
    }
    expect((await contact('not json at all')).status).toBe(400);
    expect(await h.head()).toBe(before);
  });

  it('answers a filled honeypot exactly like a success and stores nothing', async () => {
    const before = await h.head();
    const a = await apply(application({ [HONEYPOT_FIELD]: 'http://spam.example' }));
    const q = await contact(quickContact({ [HONEYPOT_FIELD]: 'http://spam.example' }));
    expect([a.status, a.body]).toEqual([201, { message: ADMISSIONS_MESSAGES.applicationSubmittedDescription }]);
    expect([q.status, q.body]).toEqual([201, { message: ADMISSIONS_MESSAGES.quickContactSentDescription }]);
    expect(await h.head()).toBe(before);
  });

  it('limits each form per IP: the 11th within the hour gets 429 with the message and Retry-After; other IPs are unaffected', async () => {
    for (const [send, body] of [
      [apply, application],
      [contact, quickContact],
    ] as const) {
      const ip = `203.0.113.${++n % 250}`;
      for (let i = 0; i < 10; i++) expect((await send(body(), ip)).status).toBe(201);
      const before = await h.head();
      const limited = await send(body(), ip);
      expect(limited.status).toBe(429);
      expect(bodyOf(limited, messageResponseSchema).message).toBe(ADMISSIONS_MESSAGES.rateLimited);
      expect(bodyOf(limited, apiErrorSchema).retryAfter).toBeGreaterThan(3500);
      expect(await h.head()).toBe(before);
      expect((await send(body(), `198.51.100.${n % 250}`)).status).toBe(201);
    }
  });
});

describe('the staff pipeline', () => {
  it('lists applications newest first with every column of the Prospective table', async () => {
    const { body, row } = await submitted();
    expect(row).toEqual({
      id: expect.any(String),
      kind: 'application',
      name: `Thandi ${body.lastName}`,
      firstName: 'Thandi',
      lastName: body.lastName,
      email: body.email,
      phone: '+27 82 123 4567',
      courseInterest: 'Web Development',
      message: 'Are there evening classes?',
      status: 'pending',
      appliedAt: expect.any(String),
      statusChangedAt: null,
      statusChangedBy: null,
      studentId: null,
      version: 1,
    });
    const all = bodyOf(await list('', h.admin.token), prospectsResponseSchema).prospects;
    expect(all[0].id).toBe(row.id);
    expect(all.every((p) => p.kind === 'application')).toBe(true);
    const times = all.map((p) => p.appliedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by kind, status and search (case-insensitive; % and _ are plain text)', async () => {
    const unique = `Zanele${Date.now()}`;
    const { row } = await submitted({ firstName: unique, course: 'IT Support', message: 'I want 100% of the_course' });
    const q = quickContact({ name: `${unique} Q` });
    const sent = await contact(q);
    expect(bodyOf(await list(`?q=${unique.toLowerCase()}`, studentAdmin.token, sent.position), prospectsResponseSchema).prospects.map((p) => p.id)).toEqual([row.id]);
    const quick = bodyOf(await list(`?kind=quick_contact&q=${unique}`), prospectsResponseSchema).prospects;
    expect(quick).toHaveLength(1);
    expect(quick[0]).toMatchObject({ kind: 'quick_contact', name: q.name, email: q.email, phone: '', courseInterest: null, message: q.message, status: 'pending' });
    expect(bodyOf(await list(`?q=${encodeURIComponent('100%')}&status=pending`), prospectsResponseSchema).prospects.map((p) => p.id)).toEqual([row.id]);
    expect(bodyOf(await list(`?q=${encodeURIComponent('100_')}`), prospectsResponseSchema).prospects).toEqual([]);
    expect(bodyOf(await list(`?q=${unique}&status=contacted`), prospectsResponseSchema).prospects).toEqual([]);
    const bad = await list('?status=maybe&kind=letter');
    expect(bad.status).toBe(400);
    expect(Object.keys(bodyOf(bad, apiErrorSchema).fields ?? {}).sort()).toEqual(['kind', 'status']);
  });

  it('marks contacted and declines, each with who and when; finished applicants refuse further changes', async () => {
    const { row } = await submitted();
    const contacted = await h.call('POST', `/admissions/prospects/${row.id}/contacted`, { token: studentAdmin.token, body: { expectedVersion: 1 } });
    expect(contacted.status).toBe(200);
    expect(contacted.body).toMatchObject({
      message: ADMISSIONS_MESSAGES.markedContacted,
      prospect: { id: row.id, status: 'contacted', statusChangedBy: { id: studentAdmin.userId, name: 'Sipho Admissions' }, version: 2 },
    });
    expect(Date.parse(bodyOf(contacted, prospectResponseSchema).prospect.statusChangedAt ?? '')).toBeGreaterThan(Date.parse(row.appliedAt) - 1);
    const again = await h.call('POST', `/admissions/prospects/${row.id}/contacted`, { token: h.admin.token, body: {} });
    expect([again.status, bodyOf(again, messageResponseSchema).message]).toEqual([409, ADMISSIONS_MESSAGES.alreadyContacted]);
    const stale = await h.call('POST', `/admissions/prospects/${row.id}/decline`, { token: h.admin.token, body: { expectedVersion: 1 } });
    expect([stale.status, bodyOf(stale, messageResponseSchema).message]).toEqual([409, ADMISSIONS_MESSAGES.changedMeanwhile]);

    const declined = await h.call('POST', `/admissions/prospects/${row.id}/decline`, { token: h.admin.token, body: {} });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ message: ADMISSIONS_MESSAGES.declined, prospect: { status: 'declined', statusChangedBy: { id: h.admin.userId, name: 'Administrator' }, version: 3 } });
    const events = (await h.store.readStream(`prospect-${row.id}`)).map((e) => [e.type, byUser.parse(e.data).byUserId ?? null, e.metadata.actorId]);
    expect(events).toEqual([
      ['ApplicationSubmitted', null, null],
      ['ApplicantContacted', studentAdmin.userId, studentAdmin.userId],
      ['ApplicantDeclined', h.admin.userId, h.admin.userId],
    ]);
    const before = await h.head();
    for (const step of ['contacted', 'decline', 'convert']) {
      const res = await h.call('POST', `/admissions/prospects/${row.id}/${step}`, { token: studentAdmin.token, body: {} });
      expect([step, res.status, bodyOf(res, messageResponseSchema).message]).toEqual([step, 409, ADMISSIONS_MESSAGES.alreadyDeclined]);
    }
    expect(await h.head()).toBe(before);
    expect((await h.call('POST', '/admissions/prospects/not-an-id/decline', { token: h.admin.token, body: {} })).status).toBe(404);
  });

  it('counts pending applications for the dashboards', async () => {
    const before = bodyOf(await h.call('GET', '/admissions/counts', { token: h.admin.token }), admissionsCountsSchema);
    const { row } = await submitted();
    await submitted();
    const sent = await contact(quickContact());
    const mid = bodyOf(await h.call('GET', '/admissions/counts', { token: studentAdmin.token, minPosition: sent.position }), admissionsCountsSchema);
    expect(mid).toEqual({
      pendingApplications: before.pendingApplications + 2,
      openApplications: before.openApplications + 2,
      pendingQuickContacts: before.pendingQuickContacts + 1,
    });
    const c = await h.call('POST', `/admissions/prospects/${row.id}/contacted`, { token: studentAdmin.token, body: {} });
    const after = bodyOf(await h.call('GET', '/admissions/counts', { token: h.admin.token, minPosition: c.position }), admissionsCountsSchema);
    expect(after).toEqual({ ...mid, pendingApplications: mid.pendingApplications - 1 });
  });

  it('tells every admin and student admin in the bell, with a link to their own Prospective page', async () => {
    const body = application({ firstName: 'Bell' });
    const res = await apply(body);
    for (const [who, link] of [
      [studentAdmin, '/dashboard/student-admin/prospective'],
      [h.admin, '/dashboard/admin/prospective'],
    ] as const) {
      const inbox = bodyOf(await h.call('GET', '/notifications', { token: who.token, minPosition: res.position }), notificationsResponseSchema);
      expect(inbox.notifications).toContainEqual(expect.objectContaining({ title: 'New application', body: `Bell ${body.lastName} applied for Web Development.`, link }));
    }
    for (const other of [student, teacher]) expect(bodyOf(await h.call('GET', '/notifications', { token: other.token, minPosition: res.position }), notificationsResponseSchema).unread).toBe(0);
  });
});

describe('convert to student', () => {
  it('creates the student account from the application and issues its credentials like Create User', async () => {
    const { body, row } = await submitted({ firstName: 'Lerato', course: 'Software Engineering', phone: '+27 71 555 0101' });
    const res = await h.call('POST', `/admissions/prospects/${row.id}/convert`, { token: studentAdmin.token, body: { expectedVersion: 1 } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: ADMISSIONS_MESSAGES.converted, studentId: expect.any(String), prospect: { id: row.id, status: 'converted', statusChangedBy: { id: studentAdmin.userId } } });
    const converted = bodyOf(res, convertProspectResponseSchema);
    expect(converted.message).toBe('Student account created successfully! Credentials sent via email.');
    const studentId = converted.studentId;
    expect(converted.prospect.studentId).toBe(studentId);
    // The Students screen shows the new account at once (the answer waited for identity's read model).
    const students = bodyOf(await h.call('GET', '/students', { token: studentAdmin.token }), studentsListResponseSchema).students;
    expect(students).toContainEqual(expect.objectContaining({ id: studentId, email: body.email, fullName: `Lerato ${body.lastName}`, phone: '+27 71 555 0101', firstLoginCompleted: false }));
    // The credentials event the worker mails (identity's AccountCredentialsIssued), caused by this convert.
    const userEvents = await h.store.readStream(`user-${studentId}`);
    const issued = userEvents.find((e) => e.type === 'AccountCredentialsIssued')!;
    expect(issued.data).toEqual({ userId: studentId, role: 'student' });
    expect(issued.personal!.data).toMatchObject({ email: body.email, fullName: `Lerato ${body.lastName}`, signInUrl: 'http://academy.test/auth' });
    expect(issued.metadata.actorId).toBe(studentAdmin.userId);
    const signIn = await h.call('POST', '/auth/sign-in', { body: { email: body.email, password: issued.personal!.data.temporaryPassword } });
    expect(signIn.status).toBe(200);
    expect(bodyOf(signIn, sessionSchema).user).toMatchObject({ id: studentId, role: 'student', firstLoginCompleted: false });
    const [convertedEvent] = (await h.store.readStream(`prospect-${row.id}`)).filter((e) => e.type === 'ApplicantConverted');
    expect(convertedEvent.data).toMatchObject({ prospectId: row.id, previousStatus: 'pending', byUserId: studentAdmin.userId, studentId });

    // Converted cannot be converted again (nor declined); nothing is written.
    const before = await h.head();
    const again = await h.call('POST', `/admissions/prospects/${row.id}/convert`, { token: h.admin.token, body: {} });
    expect([again.status, bodyOf(again, messageResponseSchema).message]).toEqual([409, ADMISSIONS_MESSAGES.alreadyConverted]);
    expect((await h.call('POST', `/admissions/prospects/${row.id}/decline`, { token: h.admin.token, body: {} })).status).toBe(409);
    expect(await h.head()).toBe(before);
  });

  it('of concurrent converts exactly one wins: one account, one ApplicantConverted, the others 409', async () => {
    const { body, row } = await submitted();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => h.call('POST', `/admissions/prospects/${row.id}/convert`, { token: i % 2 ? h.admin.token : studentAdmin.token, body: {} })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(bodyOf(a, messageResponseSchema).message).toBe(ADMISSIONS_MESSAGES.alreadyConverted);
    const users = bodyOf(await h.call('GET', '/users', { token: h.admin.token }), usersListResponseSchema).users.filter((u) => u.email === body.email);
    expect(users).toHaveLength(1);
    expect((await h.store.readStream(`prospect-${row.id}`)).filter((e) => e.type === 'ApplicantConverted')).toHaveLength(1);
  });

  it('refuses an address that already has an account (409, nothing converted) and a quick-contact message', async () => {
    const { row } = await submitted({ email: student.email });
    const before = await h.head();
    const res = await h.call('POST', `/admissions/prospects/${row.id}/convert`, { token: h.admin.token, body: {} });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: ADMISSIONS_MESSAGES.emailHasAccount, fields: { email: [ADMISSIONS_MESSAGES.emailHasAccount] } });
    expect(bodyOf(res, messageResponseSchema).message).not.toBe(IDENTITY_MESSAGES.emailTaken);
    expect(await h.head()).toBe(before);
    expect(bodyOf(await list(`?q=${encodeURIComponent(student.email)}`), prospectsResponseSchema).prospects[0]).toMatchObject({ id: row.id, status: 'pending', studentId: null });

    const q = await contact(quickContact());
    const quick = bodyOf(await list('?kind=quick_contact', studentAdmin.token, q.position), prospectsResponseSchema).prospects[0];
    const refused = await h.call('POST', `/admissions/prospects/${quick.id}/convert`, { token: h.admin.token, body: {} });
    expect([refused.status, bodyOf(refused, messageResponseSchema).message]).toEqual([409, ADMISSIONS_MESSAGES.onlyApplicationsConvert]);
  });
});

describe('erase applicant (right to erasure, ADR 0014)', () => {
  const metadata = () => ({ actorId: null, actorRole: 'admin', correlationId: 'test', causationId: null, occurredAt: new Date().toISOString() });

  it('erases an application: the row leaves the lists and counts, the bell stops naming them, the log keeps the facts without the person', async () => {
    const { body, row } = await submitted();
    const before = bodyOf(await h.call('GET', '/admissions/counts', { token: studentAdmin.token }), admissionsCountsSchema);
    expect(await h.call('POST', `/admissions/prospects/${row.id}/erase`, { token: studentAdmin.token })).toMatchObject({ status: 200, body: { message: 'Applicant erased' } });
    // Answered once the read models show it: no minimum position needed.
    expect(bodyOf(await list(`?q=${encodeURIComponent(body.email)}`), prospectsResponseSchema).prospects).toEqual([]);
    expect(bodyOf(await h.call('GET', '/admissions/counts', { token: studentAdmin.token }), admissionsCountsSchema).pendingApplications).toBe(before.pendingApplications - 1);
    const events = await h.store.readStream(`prospect-${row.id}`);
    expect(events.map((e) => e.type)).toEqual(['ApplicationSubmitted', 'ApplicantErased']);
    expect(events[0]).toMatchObject({ personal: null, erased: true });
    expect(events[1].data).toEqual({ prospectId: row.id, byUserId: studentAdmin.userId, at: expect.any(String), reason: 'request' });
    const lookup = (events[0].data as { emailLookup: string }).emailLookup;
    expect((await h.store.readStream(`applicant-email-${lookup}`)).map((e) => e.type)).toEqual(['ProspectEmailLinked', 'ProspectEmailUnlinked']);
    const inbox = bodyOf(await h.call('GET', '/notifications?limit=100', { token: h.admin.token }), notificationsResponseSchema).notifications;
    expect(JSON.stringify(inbox)).not.toContain(body.lastName);
    expect(inbox.filter((n: { id: string }) => n.id === events[0].id).map((n: { body: string }) => n.body)).toEqual(['An erased applicant applied for Web Development.']);
    // Gone for good: every further step is refused.
    for (const step of ['contacted', 'decline', 'convert', 'erase']) {
      const res = await h.call('POST', `/admissions/prospects/${row.id}/${step}`, { token: h.admin.token, body: step === 'erase' ? undefined : {} });
      expect([step, res.status, bodyOf(res, messageResponseSchema).message]).toEqual([step, 409, ADMISSIONS_MESSAGES.alreadyErased]);
    }
  });

  it('finishes a shredding the API did not get to: the worker destroys the key of every ApplicantErased', async () => {
    const { row } = await submitted();
    // As if the API stopped between the append and the key's destruction.
    await h.store.append(`prospect-${row.id}`, [{ type: 'ApplicantErased', data: { prospectId: row.id, byUserId: h.admin.userId, at: new Date().toISOString(), reason: 'request' }, metadata: metadata() }], 1);
    // Nothing else destroys the key now (the reactor may already have: it is quick).
    await h.reactionsSettled();
    expect((await h.store.readStream(`prospect-${row.id}`))[0]).toMatchObject({ erased: true, personal: null });
  });

  it("deleting an account erases the applications and messages sent with its address before the deletion, not later ones nor others'", async () => {
    const email = `Shared.${Date.now()}@Example.com`;
    const first = await submitted({ email });
    expect((await contact(quickContact({ email: email.toLowerCase() }))).status).toBe(201);
    const other = await submitted();
    const account = await h.call('POST', '/users', { token: h.admin.token, body: { fullName: 'Shared Person', email, role: 'student' } });
    expect(account.status).toBe(201);
    expect((await h.call('DELETE', `/users/${bodyOf(account, userResponseSchema).user.id}`, { token: h.admin.token })).status).toBe(200);
    expect((await apply(application({ email }))).status).toBe(201);
    await h.reactionsSettled();
    const head = await h.head();
    const emails = async (kind: string) => bodyOf(await list(`?kind=${kind}`, studentAdmin.token, head), prospectsResponseSchema).prospects.filter((p: { email: string }) => p.email === email.toLowerCase());
    const left = await emails('application');
    expect(left).toHaveLength(1);
    expect(left[0].id).not.toBe(first.row.id);
    expect(await emails('quick_contact')).toEqual([]);
    expect(bodyOf(await list(`?q=${encodeURIComponent(other.body.email)}`, studentAdmin.token, head), prospectsResponseSchema).prospects).toHaveLength(1);
    const erasures = (await prospectEvents()).filter((e) => e.type === 'ApplicantErased' && (e.data as { reason: string }).reason === 'account_deleted');
    expect(erasures).toHaveLength(2);
    expect(erasures.map((e) => e.data)).toContainEqual({ prospectId: first.row.id, byUserId: null, at: expect.any(String), reason: 'account_deleted' });
    expect((await h.store.readStream(`prospect-${first.row.id}`))[0]).toMatchObject({ erased: true, personal: null });
  });
});
