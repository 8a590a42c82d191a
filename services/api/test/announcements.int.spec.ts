// The announcements context over real HTTP, Postgres and Redis (see modules-harness.ts): who may post
// to whom (every endpoint × every role, a teacher outside their subjects), whom each audience reaches,
// the dashboards' pinned list and the bell, the mail job (job id = event id) and the announcements
// preference, edit and withdraw, and hostile input (ADR 0029).
import { Queue } from 'bullmq';
import { EntityManager } from '@mikro-orm/postgresql';
import { createRedis, MAIL_QUEUE, type MailTemplateContext, withMailRoutes } from '@academy/backend';
import { Dispatcher, type StoredEvent } from '@academy/event-store';
import { bodyOf, testRedisUrl } from '@academy/testing';
import { ANNOUNCEMENT_EVENTS, ANNOUNCEMENT_LIMITS, ANNOUNCEMENT_MESSAGES, announcementAudiencesResponseSchema, type AnnouncementPostedData, announcementResponseSchema, apiErrorSchema, enrollmentResponseSchema, managedAnnouncementsResponseSchema, messageResponseSchema, myAnnouncementsResponseSchema, notificationPreferencesResponseSchema, notificationsResponseSchema, type Program, programResponseSchema, type Subject, subjectResponseSchema, UNSTORABLE_TEXT_MESSAGE } from '@academy/contracts';
import { announcementsInAppTemplates, announcementsMailTemplates } from '@academy/announcements';
import { recipientDirectory } from '@academy/notifications';
import { type Account, type Harness, startHarness } from './modules-harness.js';

let h: Harness;
let teacher: Account;
let otherTeacher: Account;
let student: Account;
let otherStudent: Account;
let pendingStudent: Account;
let studentAdmin: Account;
let auditor: Account;
let programA: Program;
let programB: Program;
let subjectA: Subject;
let subjectB: Subject;
let redis: ReturnType<typeof createRedis>;
let dispatcher: Dispatcher;
let mail: Queue;
const admin = () => h.admin.token;
const nobody = '00000000-0000-4000-8000-0000000000ff';

const posts = async () => (await h.store.readAll(0, 1_000_000)).filter((e) => e.type === ANNOUNCEMENT_EVENTS.AnnouncementPosted);
const postedEvent = async (id: string): Promise<StoredEvent> => (await h.store.readStream(`announcement-${id}`)).find((e) => e.type === ANNOUNCEMENT_EVENTS.AnnouncementPosted)!;
const recipientsOf = async (id: string) => ((await postedEvent(id)).data as AnnouncementPostedData).recipientIds;
// Each post carries the newest position (as a web client that has seen the enrollments and assignments would): its audience is read from there.
const post = async (who: Account | string, body: unknown) => h.call('POST', '/announcements', { token: typeof who === 'string' ? who : who.token, body, minPosition: await h.head() });
const mine = async (a: Account) => bodyOf(await h.call('GET', '/announcements/mine', { token: a.token, minPosition: await h.head() }), myAnnouncementsResponseSchema).announcements;
const bell = async (a: Account) => bodyOf(await h.call('GET', '/notifications', { token: a.token, minPosition: await h.head() }), notificationsResponseSchema).notifications;

async function enroll(s: Account, programId: string, subjectId: string, status: 'active' | 'pending') {
  const e = bodyOf(await h.call('POST', '/enrollments', { token: admin(), body: { studentId: s.userId, programId, subjectId } }), enrollmentResponseSchema).enrollment;
  if (status === 'active') expect((await h.call('PUT', `/enrollments/${e.id}/status`, { token: admin(), body: { status: 'active' } })).status).toBe(200);
}

beforeAll(async () => {
  h = await startHarness('announcements', { inAppTemplates: announcementsInAppTemplates });
  teacher = await h.account('teacher', 'Tess Teacher');
  otherTeacher = await h.account('teacher', 'Otto Other');
  student = await h.account('student', 'Ada Student');
  otherStudent = await h.account('student', 'Bob Student');
  pendingStudent = await h.account('student', 'Cy Pending');
  studentAdmin = await h.account('student_admin', 'Sam Admin');
  auditor = await h.account('auditor');
  programA = bodyOf(await h.call('POST', '/programs', { token: admin(), body: { name: 'Web Development', type: 'evening' } }), programResponseSchema).program;
  programB = bodyOf(await h.call('POST', '/programs', { token: admin(), body: { name: 'Data Science', type: 'evening' } }), programResponseSchema).program;
  subjectA = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: 'HTML & CSS', programId: programA.id } }), subjectResponseSchema).subject;
  subjectB = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: 'Statistics', programId: programB.id } }), subjectResponseSchema).subject;
  await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: teacher.userId, subjectId: subjectA.id } });
  await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: otherTeacher.userId, subjectId: subjectB.id } });
  await enroll(student, programA.id, subjectA.id, 'active');
  await enroll(otherStudent, programB.id, subjectB.id, 'active');
  await enroll(pendingStudent, programA.id, subjectA.id, 'pending');
  redis = createRedis(testRedisUrl(), 'announcements-test-dispatcher');
  dispatcher = new Dispatcher({ name: 'notifications', store: h.store, pool: h.pool, connection: redis, prefix: h.queuePrefix, routes: withMailRoutes({}, announcementsMailTemplates) }).start();
  mail = new Queue(MAIL_QUEUE, { connection: redis, prefix: h.queuePrefix });
}, 90_000);

afterAll(async () => {
  await dispatcher?.stop();
  await mail?.close();
  await redis?.quit();
  await h?.stop();
});

describe('authorization', () => {
  it('answers every announcements endpoint as expected for anonymous, student, teacher, admin, student admin and auditor callers', async () => {
    const token = { anonymous: undefined, student: student.token, teacher: teacher.token, admin: admin(), student_admin: studentAdmin.token, auditor: auditor.token };
    const edit = { title: 'T', body: 'B' };
    // columns: anonymous, student, teacher, admin, student admin, auditor
    const matrix: [string, string, unknown, number, number, number, number, number, number][] = [
      ['GET', '/announcements/mine', undefined, 401, 200, 200, 200, 200, 200],
      ['GET', '/announcements', undefined, 401, 403, 200, 200, 200, 403],
      ['GET', '/announcements/audiences', undefined, 401, 403, 200, 200, 200, 403],
      ['POST', '/announcements', {}, 401, 403, 400, 400, 400, 403],
      ['POST', '/announcements', { title: 'Hi', body: 'All', audience: { kind: 'everyone' } }, 401, 403, 403, 201, 201, 403],
      ['PUT', `/announcements/${nobody}`, edit, 401, 403, 404, 404, 404, 403],
      ['PUT', '/announcements/not-a-uuid', edit, 401, 403, 404, 404, 404, 403],
      ['POST', `/announcements/${nobody}/withdraw`, undefined, 401, 403, 404, 404, 404, 403],
    ];
    const roles = ['anonymous', 'student', 'teacher', 'admin', 'student_admin', 'auditor'] as const;
    for (const [method, path, body, ...expected] of matrix) {
      const got = [];
      for (const role of roles) got.push((await h.call(method, path, { token: token[role], body })).status);
      expect({ method, path, got }).toEqual({ method, path, got: expected });
    }
  });

  it('refuses a teacher outside their subjects or beyond them (403), and writes nothing', async () => {
    const before = (await posts()).length;
    const refused = [
      [teacher, { kind: 'subject', subjectId: subjectB.id }, ANNOUNCEMENT_MESSAGES.notYourSubject],
      [teacher, { kind: 'subject', subjectId: nobody }, ANNOUNCEMENT_MESSAGES.notYourSubject],
      [teacher, { kind: 'everyone' }, ANNOUNCEMENT_MESSAGES.audienceNotAllowed],
      [teacher, { kind: 'staff' }, ANNOUNCEMENT_MESSAGES.audienceNotAllowed],
      [teacher, { kind: 'program', programId: programA.id }, ANNOUNCEMENT_MESSAGES.audienceNotAllowed],
      [studentAdmin, { kind: 'subject', subjectId: subjectA.id }, ANNOUNCEMENT_MESSAGES.audienceNotAllowed],
      [studentAdmin, { kind: 'my_subjects' }, ANNOUNCEMENT_MESSAGES.audienceNotAllowed],
    ] as const;
    for (const [who, audience, message] of refused) {
      const res = await post(who, { title: 'Nope', body: 'Should not go out', audience });
      expect({ audience, status: res.status, message: bodyOf(res, messageResponseSchema).message }).toEqual({ audience, status: 403, message });
    }
    const unknownProgram = await post(h.admin.token, { title: 'Nope', body: 'x', audience: { kind: 'program', programId: nobody } });
    expect([unknownProgram.status, bodyOf(unknownProgram, messageResponseSchema).message]).toEqual([404, ANNOUNCEMENT_MESSAGES.programNotFound]);
    const noSubjects = await post(await h.account('teacher'), { title: 'Nope', body: 'x', audience: { kind: 'my_subjects' } });
    expect([noSubjects.status, bodyOf(noSubjects, messageResponseSchema).message]).toEqual([403, ANNOUNCEMENT_MESSAGES.noSubjects]);
    expect((await posts()).length).toBe(before);
  });

  it('offers each role the audiences it may address', async () => {
    expect(bodyOf(await h.call('GET', '/announcements/audiences', { token: teacher.token }), announcementAudiencesResponseSchema)).toEqual({
      kinds: ['subject', 'my_subjects'],
      subjects: [{ id: subjectA.id, name: 'HTML & CSS', programName: 'Web Development' }],
      programs: [],
    });
    const forAdmin = bodyOf(await h.call('GET', '/announcements/audiences', { token: studentAdmin.token }), announcementAudiencesResponseSchema);
    expect(forAdmin.kinds).toEqual(['everyone', 'program', 'staff']);
    expect(forAdmin.programs).toEqual([
      { id: programB.id, name: 'Data Science' },
      { id: programA.id, name: 'Web Development' },
    ]);
  });
});

describe('recipients', () => {
  it("a teacher's post reaches the active students of their subject only: dashboard, bell and a mail job named by the event id", async () => {
    const res = await post(teacher, { title: 'Exam moved', body: 'The HTML exam moves to Friday.', audience: { kind: 'subject', subjectId: subjectA.id } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: ANNOUNCEMENT_MESSAGES.posted,
      announcement: { title: 'Exam moved', body: 'The HTML exam moves to Friday.', audience: 'HTML & CSS', audienceKind: 'subjects', authorId: teacher.userId, authorName: 'Tess Teacher', recipients: 1, withdrawnAt: null },
    });
    const id = bodyOf(res, announcementResponseSchema).announcement.id;
    expect(await recipientsOf(id)).toEqual([student.userId]);
    expect((await mine(student)).map((a) => a.id)).toContain(id);
    for (const other of [otherStudent, pendingStudent, otherTeacher, studentAdmin, auditor, teacher]) expect((await mine(other)).map((a) => a.id)).not.toContain(id);
    expect((await bell(student)).find((n) => n.title === ANNOUNCEMENT_MESSAGES.noticeTitle('Exam moved'))).toMatchObject({ body: 'The HTML exam moves to Friday.', link: '/dashboard/student' });
    expect((await bell(otherStudent)).some((n) => n.title === ANNOUNCEMENT_MESSAGES.noticeTitle('Exam moved'))).toBe(false);

    const event = await postedEvent(id);
    let job = await mail.getJob(event.id);
    while (!job) {
      await new Promise((r) => setTimeout(r, 50));
      job = await mail.getJob(event.id);
    }
    expect([job.id, job.name]).toEqual([event.id, ANNOUNCEMENT_EVENTS.AnnouncementPosted]);
  });

  it("'all my subjects', a program, the staff and everyone reach whom they say (never the author, never the auditor)", async () => {
    await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: teacher.userId, subjectId: subjectB.id } });
    const all = await post(teacher, { title: 'To all mine', body: 'Both subjects', audience: { kind: 'my_subjects' } });
    expect(all.status).toBe(201);
    expect(await recipientsOf(bodyOf(all, announcementResponseSchema).announcement.id)).toEqual([student.userId, otherStudent.userId].sort());
    expect(bodyOf(all, announcementResponseSchema).announcement.audience).toBe('HTML & CSS, Statistics');

    const program = await post(h.admin.token, { title: 'Data Science news', body: 'New lab', audience: { kind: 'program', programId: programB.id } });
    expect(await recipientsOf(bodyOf(program, announcementResponseSchema).announcement.id)).toEqual([otherStudent.userId, otherTeacher.userId, teacher.userId].sort());
    expect(bodyOf(program, announcementResponseSchema).announcement.audience).toBe('Data Science');

    const staff = await post(h.admin.token, { title: 'Staff meeting', body: 'Monday 9:00', audience: { kind: 'staff' } });
    const staffIds = await recipientsOf(bodyOf(staff, announcementResponseSchema).announcement.id);
    expect(staffIds).toEqual(expect.arrayContaining([teacher.userId, otherTeacher.userId, studentAdmin.userId]));
    expect(staffIds).not.toContain(h.admin.userId);
    for (const s of [student, otherStudent, auditor]) expect(staffIds).not.toContain(s.userId);
    expect((await mine(studentAdmin)).map((a) => a.title)).toContain('Staff meeting');
    expect((await mine(student)).map((a) => a.title)).not.toContain('Staff meeting');

    const everyone = await post(studentAdmin, { title: 'Holiday', body: 'Closed on Friday', audience: { kind: 'everyone' } });
    const everyoneIds = await recipientsOf(bodyOf(everyone, announcementResponseSchema).announcement.id);
    expect(everyoneIds).toEqual(expect.arrayContaining([h.admin.userId, teacher.userId, student.userId, otherStudent.userId, pendingStudent.userId]));
    expect(everyoneIds).not.toContain(studentAdmin.userId);
    expect(everyoneIds).not.toContain(auditor.userId);
  });

  it('mails each recipient who keeps the announcements preference on, and not one who turned it off', async () => {
    const res = await post(h.admin.token, { title: 'Preferences', body: 'Who gets mail?', audience: { kind: 'program', programId: programA.id } });
    const event = await postedEvent(bodyOf(res, announcementResponseSchema).announcement.id);
    const ctx: MailTemplateContext = { config: { PUBLIC_URL: 'http://academy.test', MAIL_FROM: 'academy@example.com', ADMISSIONS_EXTRA_EMAILS: [], ACADEMY_TIME_ZONE: 'Africa/Johannesburg' }, directory: recipientDirectory(h.app.get(EntityManager)) };
    const render = async () => [(await announcementsMailTemplates[ANNOUNCEMENT_EVENTS.AnnouncementPosted](event, ctx)) ?? []].flat();
    const before = await render();
    expect(before.map((m) => m.to).sort()).toEqual([`Ada Student <${student.email.toLowerCase()}>`, `Tess Teacher <${teacher.email.toLowerCase()}>`].sort());
    expect(before[0]).toMatchObject({ subject: ANNOUNCEMENT_MESSAGES.mailSubject('Preferences') });
    expect(before.find((m) => typeof m.to === 'string' && m.to.startsWith('Ada'))!.text).toContain('http://academy.test/dashboard/student');

    const saved = await h.call('PUT', '/account/notification-preferences', { token: student.token, body: { newApplications: true, newSubmissions: true, submissionGraded: true, announcements: false } });
    expect([saved.status, bodyOf(saved, notificationPreferencesResponseSchema).preferences.announcements]).toEqual([200, false]);
    expect(bodyOf(await h.call('GET', '/account/notification-preferences', { token: student.token }), notificationPreferencesResponseSchema).preferences.announcements).toBe(false);
    await h.projectionsCaughtUp();
    expect((await render()).map((m) => m.to)).toEqual([`Tess Teacher <${teacher.email.toLowerCase()}>`]);
    // The bell is not a mail: the student still sees it there and on the dashboard.
    expect((await mine(student)).map((a) => a.title)).toContain('Preferences');
  });
});

describe('edit and withdraw', () => {
  it('the author edits (the dashboard shows the new text); others may not; an admin withdraws and it leaves the dashboards', async () => {
    const id = bodyOf(await post(teacher, { title: 'Lab', body: 'Room 1', audience: { kind: 'subject', subjectId: subjectA.id } }), announcementResponseSchema).announcement.id;
    const edited = await h.call('PUT', `/announcements/${id}`, { token: teacher.token, body: { title: 'Lab', body: 'Room 2' } });
    expect([edited.status, bodyOf(edited, messageResponseSchema).message, bodyOf(edited, announcementResponseSchema).announcement.body, bodyOf(edited, announcementResponseSchema).announcement.editedAt === null]).toEqual([200, ANNOUNCEMENT_MESSAGES.edited, 'Room 2', false]);
    expect((await mine(student)).find((a) => a.id === id)?.body).toBe('Room 2');

    for (const who of [otherTeacher, studentAdmin]) {
      const res = await h.call('PUT', `/announcements/${id}`, { token: who.token, body: { title: 'Hijack', body: 'x' } });
      expect([res.status, bodyOf(res, messageResponseSchema).message]).toEqual([403, ANNOUNCEMENT_MESSAGES.notAuthor]);
      expect((await h.call('POST', `/announcements/${id}/withdraw`, { token: who.token })).status).toBe(403);
    }
    expect(bodyOf(await h.call('GET', '/announcements', { token: otherTeacher.token }), managedAnnouncementsResponseSchema).announcements.map((a) => a.id)).not.toContain(id);
    expect(bodyOf(await h.call('GET', '/announcements', { token: teacher.token }), managedAnnouncementsResponseSchema).announcements.map((a) => a.id)).toContain(id);

    const withdrawn = await h.call('POST', `/announcements/${id}/withdraw`, { token: admin() });
    expect([withdrawn.status, bodyOf(withdrawn, messageResponseSchema).message, typeof bodyOf(withdrawn, announcementResponseSchema).announcement.withdrawnAt]).toEqual([200, ANNOUNCEMENT_MESSAGES.withdrawn, 'string']);
    expect((await mine(student)).map((a) => a.id)).not.toContain(id);
    // Still on the author's page, marked withdrawn; withdrawing again changes nothing; editing is refused.
    expect(bodyOf(await h.call('GET', '/announcements', { token: teacher.token }), managedAnnouncementsResponseSchema).announcements.find((a) => a.id === id)?.withdrawnAt).not.toBeNull();
    const events = (await h.store.readStream(`announcement-${id}`)).length;
    expect((await h.call('POST', `/announcements/${id}/withdraw`, { token: teacher.token })).status).toBe(200);
    const late = await h.call('PUT', `/announcements/${id}`, { token: teacher.token, body: { title: 'Lab', body: 'Room 3' } });
    expect([late.status, bodyOf(late, messageResponseSchema).message]).toEqual([409, ANNOUNCEMENT_MESSAGES.alreadyWithdrawn]);
    expect((await h.store.readStream(`announcement-${id}`)).length).toBe(events);
  });
});

describe('concurrency', () => {
  it('an edit racing a withdrawal: both are decided on the stream, the post ends withdrawn and no edit lands after it', async () => {
    for (let i = 0; i < 5; i++) {
      const id = bodyOf(await post(teacher, { title: `Race ${i}`, body: 'v1', audience: { kind: 'subject', subjectId: subjectA.id } }), announcementResponseSchema).announcement.id;
      const [edit, withdraw] = await Promise.all([
        h.call('PUT', `/announcements/${id}`, { token: teacher.token, body: { title: `Race ${i}`, body: 'v2' } }),
        h.call('POST', `/announcements/${id}/withdraw`, { token: admin() }),
      ]);
      expect(withdraw.status).toBe(200);
      expect([200, 409]).toContain(edit.status);
      const types = (await h.store.readStream(`announcement-${id}`)).map((e) => e.type);
      expect(types.at(-1)).toBe(ANNOUNCEMENT_EVENTS.AnnouncementWithdrawn);
      expect(types.length).toBe(edit.status === 200 ? 3 : 2);
    }
  });
});

describe('erasure', () => {
  it("an erased author's posts stay without a name; an erased recipient's deliveries go with them", async () => {
    const author = await h.account('teacher', 'Erin Author');
    const reader = await h.account('student', 'Rae Reader');
    await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: author.userId, subjectId: subjectA.id } });
    await enroll(reader, programA.id, subjectA.id, 'active');
    const id = bodyOf(await post(author, { title: 'Before I go', body: 'Keep reading', audience: { kind: 'subject', subjectId: subjectA.id } }), announcementResponseSchema).announcement.id;
    expect(await recipientsOf(id)).toEqual([student.userId, reader.userId].sort());
    expect((await h.call('DELETE', `/users/${author.userId}`, { token: admin() })).status).toBe(200);
    expect((await mine(student)).find((a) => a.id === id)).toMatchObject({ title: 'Before I go', authorName: null });
    expect((await h.call('DELETE', `/users/${reader.userId}`, { token: admin() })).status).toBe(200);
    await h.projectionsCaughtUp();
    const { rows } = await h.pool.query('SELECT count(*)::int AS n FROM announcements.deliveries WHERE user_id = $1', [reader.userId]);
    expect(rows[0].n).toBe(0);
    const people = await h.pool.query('SELECT count(*)::int AS n FROM announcements.people WHERE id = ANY($1)', [[author.userId, reader.userId]]);
    expect(people.rows[0].n).toBe(0);
  });
});

describe('hostile input', () => {
  it('refuses NUL bytes, control characters, over-long text and a missing audience with field messages, and writes nothing', async () => {
    const before = (await posts()).length;
    const audience = { kind: 'subject', subjectId: subjectA.id };
    const cases: [unknown, string[]][] = [
      [{ title: 'a\u0000b', body: 'ok', audience }, ['title']],
      [{ title: 'ok', body: 'line\u0007bell', audience }, ['body']],
      [{ title: 'x'.repeat(ANNOUNCEMENT_LIMITS.title + 1), body: 'ok', audience }, ['title']],
      [{ title: 'ok', body: 'x'.repeat(ANNOUNCEMENT_LIMITS.body + 1), audience }, ['body']],
      [{ title: '   ', body: '', audience }, ['body', 'title']],
      [{ title: 'ok', body: 'ok' }, ['audience']],
      [{ title: 'ok', body: 'ok', audience: { kind: 'subject', subjectId: 'not-a-uuid' } }, ['audience.subjectId']],
      [{ title: 'ok', body: 'ok', audience: { kind: 'galaxy' } }, ['audience.kind']],
    ];
    for (const [body, fields] of cases) {
      const res = await post(teacher, body);
      expect({ body, status: res.status, fields: Object.keys(bodyOf(res, apiErrorSchema).fields ?? {}).sort() }).toEqual({ body, status: 400, fields });
    }
    const nul = await post(teacher, { title: 'a\u0000b', body: 'ok', audience });
    expect(bodyOf(nul, apiErrorSchema).fields?.title).toContain(UNSTORABLE_TEXT_MESSAGE);
    expect((await posts()).length).toBe(before);
  });
});
