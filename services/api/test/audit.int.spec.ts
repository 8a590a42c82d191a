// The audit context over real HTTP, Postgres and Redis (see modules-harness.ts), issue 16: every audit
// endpoint × every principal; the Event log's filters and keyset pages; an event's detail with its
// hashes; personal fields masked for an auditor without a grant, clear with one, erased once shredded;
// and every audit action leaving its own event in the log.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EntityManager } from '@mikro-orm/postgresql';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRedis } from '@academy/backend';
import { apiErrorSchema, AUDIT_MASK, AUDIT_MESSAGES, AUDIT_VERIFY_MESSAGES, auditAccessStateResponseSchema, auditChainStateSchema, auditCheckpointResponseSchema, auditCheckpointsResponseSchema, auditEventDetailSchema, auditEventsResponseSchema, type AuditOverview, auditOverviewSchema, auditWhyResponseSchema, meResponseSchema, signedCheckpointSchema, verificationAcceptedSchema, verificationStatusSchema } from '@academy/contracts';
import { Dispatcher, type EventMetadata, rewriteHistory, verifyBundle } from '@academy/event-store';
import { AUDIT_QUEUE, auditRoutes, REPLAY_JOB, type ReplayJob, runReplayJob, runVerifyChainJob, type VerifyChainJob } from '@academy/audit';
import { bodyOf, repoRoot, testRedisUrl } from '@academy/testing';
import { type Account, type Harness, ROLES, startHarness } from './modules-harness.js';

let h: Harness;
let student: Account;
let teacher: Account;
let studentAdmin: Account;
let auditor: Account;
// The worker's part, in process: the dispatcher turns verification requests into jobs, a BullMQ worker runs them.
let dispatcher: Dispatcher;
let jobs: Worker;
let queue: Queue;
const redis: Redis[] = [];

// The checkpoints' Ed25519 seed, as a deployment gives it: in the environment, never in the database.
const SIGNING_SEED = Buffer.alloc(32, 9).toString('base64');

beforeAll(async () => {
  process.env.AUDIT_SIGNING_KEY = SIGNING_SEED;
  h = await startHarness('audit');
  redis.push(createRedis(testRedisUrl(), 'audit-test-dispatcher'), createRedis(testRedisUrl(), 'audit-test-worker'), createRedis(testRedisUrl(), 'audit-test-queue'));
  dispatcher = new Dispatcher({ name: 'notifications', store: h.store, pool: h.pool, connection: redis[0], prefix: h.queuePrefix, routes: auditRoutes, standbyPollMs: 100 }).start();
  jobs = new Worker(
    AUDIT_QUEUE,
    (job) => (job.name === REPLAY_JOB ? runReplayJob({ store: h.store, pool: h.pool, em: h.app.get(EntityManager), projections: h.projections }, job as unknown as ReplayJob) : runVerifyChainJob(h.store, job as unknown as VerifyChainJob)),
    { connection: redis[1], prefix: h.queuePrefix },
  );
  queue = new Queue(AUDIT_QUEUE, { connection: redis[2], prefix: h.queuePrefix });
  student = await h.account('student', 'Sizwe Student');
  teacher = await h.account('teacher');
  studentAdmin = await h.account('student_admin');
  auditor = await h.account('auditor', 'Audrey Auditor');
}, 60_000);
afterAll(async () => {
  await jobs?.close();
  await dispatcher?.stop();
  await queue?.close();
  await h?.stop();
  for (const r of redis) r.disconnect();
  delete process.env.AUDIT_SIGNING_KEY;
});

const admin = () => h.admin.token;
/** The events of a stream, by type. */
const typesOf = async (stream: string) => (await h.store.readStream(stream)).map((e) => e.type);
/**
 * A capstone loop as the log holds it, written straight to the store: the teacher's grading command
 * appends SubmissionGraded then CapstonePassed (one metadata), and the enrollment's reaction appends
 * EnrollmentWeekAdvanced naming CapstonePassed as its cause. Returns the enrollment and submission ids.
 */
async function capstoneLoopInLog(teacherId: string) {
  const [enrollmentId, submissionId, studentId, programId, capstoneId, weekId, subjectId] = Array.from({ length: 7 }, () => randomUUID());
  const meta = (m: Partial<EventMetadata>): EventMetadata => ({ actorId: null, actorRole: 'system', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString(), ...m });
  await h.store.append(`enrollment-${enrollmentId}`, [{ type: 'StudentEnrolled', data: { enrollmentId, code: 'ENR-2026-0001', studentId, programId, subjectId: randomUUID() }, metadata: meta({ actorId: h.admin.userId, actorRole: 'admin' }) }], 'any');
  const grading = meta({ actorId: teacherId, actorRole: 'teacher' });
  const passedId = randomUUID();
  await h.store.append(`work-${studentId}-${capstoneId}`, [
    { type: 'SubmissionGraded', data: { submissionId, studentId, kind: 'capstone', itemId: capstoneId, weekId, subjectId, teacherId, attempt: 1, score: 80, status: 'passed', previous: null }, personal: { subjectId: studentId, data: { feedback: 'Well done' } }, metadata: grading },
    { id: passedId, type: 'CapstonePassed', data: { studentId, capstoneId, submissionId, weekId, subjectId, programId }, metadata: grading },
  ], 'any');
  // Unrelated work between them: the walk follows ids, not neighbours.
  await h.store.append(`enrollment-${randomUUID()}`, [{ type: 'StudentEnrolled', data: { enrollmentId: randomUUID(), code: 'ENR-2026-0002', studentId, programId, subjectId: randomUUID() }, metadata: meta({ actorId: h.admin.userId }) }], 'any');
  await h.store.append(`enrollment-${enrollmentId}`, [{ type: 'EnrollmentWeekAdvanced', schemaVersion: 2, data: { enrollmentId, currentWeek: 2, capstoneId }, metadata: meta({ correlationId: grading.correlationId, causationId: passedId }) }], 'any');
  return { enrollmentId, submissionId };
}

const registeredAt = async (userId: string) => (await h.store.readStream(`user-${userId}`)).find((e) => e.type === 'UserRegistered')!;

describe('authorization', () => {
  it('answers every audit endpoint as expected for anonymous, student, teacher, admin, student admin and auditor callers', async () => {
    const token = { anonymous: undefined, student: student.token, teacher: teacher.token, admin: admin(), student_admin: studentAdmin.token, auditor: auditor.token };
    const nobody = '00000000-0000-4000-8000-0000000000ff';
    const loop = await capstoneLoopInLog(teacher.userId);
    // [method, path, anonymous, student, teacher, admin, student_admin, auditor]
    const matrix: [string, string, number, number, number, number, number, number][] = [
      ['GET', '/audit/events', 401, 403, 403, 200, 403, 200],
      ['GET', '/audit/events?limit=0', 401, 403, 403, 400, 403, 400],
      ['GET', '/audit/events/1', 401, 403, 403, 200, 403, 200],
      ['GET', '/audit/events/999999999', 401, 403, 403, 404, 403, 404],
      ['GET', '/audit/events/not-a-position', 401, 403, 403, 404, 403, 404],
      ['GET', '/audit/chain', 401, 403, 403, 200, 403, 200],
      ['PUT', `/audit/personal-data-access/${nobody}`, 401, 403, 403, 404, 403, 403],
      ['PUT', '/audit/personal-data-access/not-a-uuid', 401, 403, 403, 404, 403, 403],
      ['DELETE', `/audit/personal-data-access/${nobody}`, 401, 403, 403, 200, 403, 403],
      ['GET', `/audit/personal-data-access/${nobody}`, 401, 403, 403, 200, 403, 403],
      // Before any verification: nothing to sign yet (409).
      ['POST', '/audit/checkpoints', 401, 403, 403, 409, 403, 409],
      ['GET', '/audit/checkpoints', 401, 403, 403, 200, 403, 200],
      ['GET', `/audit/checkpoints/${nobody}/export`, 401, 403, 403, 404, 403, 404],
      ['GET', `/audit/verifications/${nobody}`, 401, 403, 403, 404, 403, 404],
      ['POST', '/audit/verifications', 401, 403, 403, 202, 403, 202],
      ['GET', '/audit/overview', 401, 403, 403, 200, 403, 200],
      ['GET', `/audit/why/enrollment-week/${loop.enrollmentId}`, 401, 403, 403, 200, 403, 200],
      ['GET', `/audit/why/enrollment-status/${loop.enrollmentId}`, 401, 403, 403, 200, 403, 200],
      ['GET', `/audit/why/grade-status/${loop.submissionId}`, 401, 403, 403, 200, 403, 200],
      ['GET', `/audit/why/enrollment-week/${nobody}`, 401, 403, 403, 404, 403, 404],
      ['GET', `/audit/why/current-mood/${loop.enrollmentId}`, 401, 403, 403, 400, 403, 400],
      ['GET', '/audit/as-of?at=2999-01-01T00:00:00Z&view=pipeline', 401, 403, 403, 200, 403, 200],
      ['GET', `/audit/as-of?at=2999-01-01T00:00:00Z&view=enrollment&id=${loop.enrollmentId}`, 401, 403, 403, 200, 403, 200],
      ['GET', `/audit/as-of?at=2999-01-01T00:00:00Z&view=gradebook&id=${nobody}`, 401, 403, 403, 200, 403, 200],
      ['GET', `/audit/as-of?at=2000-01-01T00:00:00Z&view=enrollment&id=${loop.enrollmentId}`, 401, 403, 403, 404, 403, 404],
      ['GET', '/audit/as-of?at=yesterday&view=enrollment', 401, 403, 403, 400, 403, 400],
      ['GET', '/audit/evidence?from=1&to=3', 401, 403, 403, 200, 403, 200],
      ['GET', '/audit/evidence?from=3&to=1', 401, 403, 403, 400, 403, 400],
      ['GET', '/audit/evidence?from=1&to=20001', 401, 403, 403, 400, 403, 400],
      ['GET', '/audit/replays', 401, 403, 403, 200, 403, 200],
      ['GET', `/audit/replays/${nobody}`, 401, 403, 403, 404, 403, 404],
      ['POST', '/audit/replays', 401, 403, 403, 202, 403, 202],
    ];
    const got: string[] = [];
    const want: string[] = [];
    for (const [method, path, ...expected] of matrix) {
      for (const [i, role] of ROLES.entries()) {
        const res = await h.call(method, path, { token: token[role], body: method === 'POST' ? {} : undefined });
        got.push(`${method} ${path} ${role} → ${res.status}`);
        want.push(`${method} ${path} ${role} → ${expected[i]}`);
      }
    }
    expect(got).toEqual(want);
  });

  it('gives an auditor nothing outside the audit API (their own account aside)', async () => {
    for (const path of ['/users', '/students', '/programs', '/enrollments', '/admissions/prospects', '/teacher/submissions', '/student/enrollment']) {
      expect(`${path} → ${(await h.call('GET', path, { token: auditor.token })).status}`).toBe(`${path} → 403`);
    }
    expect(bodyOf(await h.call('GET', '/auth/me', { token: auditor.token }), meResponseSchema)).toMatchObject({ role: 'auditor' });
  });
});

describe('the Event log', () => {
  it('pages newest first by position with a keyset: the pages join up with no gap and no repeat', async () => {
    const all = bodyOf(await h.call('GET', '/audit/events?limit=200', { token: auditor.token }), auditEventsResponseSchema);
    const positions: number[] = all.events.map((e: { position: number }) => e.position);
    expect([...positions].sort((a, b) => b - a)).toEqual(positions);
    const paged: number[] = [];
    let before: number | null = positions[0] + 1;
    for (let page = 0; page < 5; page++) {
      const res = await h.call('GET', `/audit/events?limit=3&before=${before}`, { token: auditor.token });
      expect(res.status).toBe(200);
      const page = bodyOf(res, auditEventsResponseSchema);
      paged.push(...page.events.map((e) => e.position));
      before = page.nextBefore;
    }
    expect(paged).toEqual(positions.slice(0, 15));
  });

  it('filters by stream, event type, context, actor, correlation id and time range', async () => {
    const list = async (q: string) => {
      const res = await h.call('GET', `/audit/events?limit=200&${q}`, { token: auditor.token });
      expect(res.status).toBe(200);
      return bodyOf(res, auditEventsResponseSchema).events;
    };
    const stream = `user-${student.userId}`;
    const byStream = await list(`stream=${stream}`);
    expect(byStream.map((e) => e.position)).toEqual((await h.store.readStream(stream)).map((e) => e.position).reverse());
    expect(byStream.every((e) => e.context === 'identity')).toBe(true);

    const byType = await list('type=UserRegistered');
    expect(byType.length).toBeGreaterThanOrEqual(5);
    expect(byType.every((e) => e.type === 'UserRegistered')).toBe(true);

    const catalog = await list('context=identity');
    expect(catalog.length).toBeGreaterThan(0);
    expect(catalog.every((e) => e.streamId.startsWith('user-') || e.streamId.startsWith('email-') || e.streamId.startsWith('application-account-'))).toBe(true);
    expect((await list('context=audit')).every((e) => e.streamId.startsWith('audit-'))).toBe(true);

    const byActor = await list(`actor=${h.admin.userId}`);
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.every((e) => e.metadata.actorId === h.admin.userId)).toBe(true);

    const one = byStream[0];
    const byCorrelation = await list(`correlation=${one.metadata.correlationId}`);
    expect(byCorrelation.map((e) => e.position)).toContain(one.position);
    expect(byCorrelation.every((e) => e.metadata.correlationId === one.metadata.correlationId)).toBe(true);

    // recordedAt has microseconds: the range [from, to) around one event holds it.
    const at = Date.parse(one.recordedAt);
    const around = await list(`from=${new Date(at - 1).toISOString()}&to=${new Date(at + 1).toISOString()}`);
    expect(around.map((e) => e.position)).toContain(one.position);
    const later = await list(`from=${new Date(at + 60_000).toISOString()}`);
    expect(later).toEqual([]);
    // Filters combine with AND.
    expect(await list(`stream=${stream}&type=NoSuchType`)).toEqual([]);
  });

  it('answers bad filters with 400 and field messages', async () => {
    const bad = async (q: string, fields: Record<string, string[]>) => {
      const res = await h.call('GET', `/audit/events?${q}`, { token: auditor.token });
      expect(res).toMatchObject({ status: 400, body: { fields } });
    };
    await bad('limit=500', { limit: ['Limit must be at most 200'] });
    await bad('before=-1', { before: ['Before must be a position'] });
    await bad('context=payroll', { context: ['Choose one of identity, catalog, enrollment, learning, grading, admissions, notifications, audit'] });
    await bad('actor=someone', { actor: ['Actor must be a user id'] });
    await bad('from=yesterday', { from: ['From must be a date and time (ISO 8601)'] });
    await bad('from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', { to: ['To must be after From'] });
  });
});

describe("an event's detail and personal data", () => {
  it('shows data, metadata, hash and previous hash that link to the event before it', async () => {
    const e = await registeredAt(teacher.userId);
    const res = await h.call('GET', `/audit/events/${e.position}`, { token: auditor.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ position: e.position, streamId: e.streamId, type: 'UserRegistered', context: 'identity', data: e.data, metadata: e.metadata, hash: e.hash });
    const before = await h.call('GET', `/audit/events/${e.position - 1}`, { token: auditor.token });
    expect(bodyOf(res, auditEventDetailSchema).prevHash).toBe(bodyOf(before, auditEventDetailSchema).hash);
  });

  it('masks personal fields for an auditor without a grant, shows them with one (a recorded grant), masks again when revoked', async () => {
    const e = await registeredAt(student.userId);
    const email = (e.personal!.data as { email: string }).email;
    const masked = await h.call('GET', `/audit/events/${e.position}`, { token: auditor.token });
    expect(bodyOf(masked, auditEventDetailSchema).personal).toMatchObject({ state: 'masked', subjectId: student.userId, fields: { email: AUDIT_MASK, fullName: AUDIT_MASK } });
    expect(JSON.stringify(masked.body)).not.toContain(email);
    expect(JSON.stringify(masked.body)).not.toContain('Sizwe');
    // An admin sees personal data anyway (the Users page shows it too).
    expect(bodyOf(await h.call('GET', `/audit/events/${e.position}`, { token: admin() }), auditEventDetailSchema).personal).toMatchObject({ state: 'clear', fields: { email, fullName: 'Sizwe Student' } });

    const state = () => h.call('GET', `/audit/personal-data-access/${auditor.userId}`, { token: admin() });
    expect(await state()).toMatchObject({ status: 200, body: { access: { auditorId: auditor.userId, granted: false, since: null, byUserId: null } } });
    const granted = await h.call('PUT', `/audit/personal-data-access/${auditor.userId}`, { token: admin() });
    expect(granted).toMatchObject({ status: 200, body: { message: AUDIT_MESSAGES.accessGranted, access: { auditorId: auditor.userId, granted: true } } });
    // The Users page's switch reads it: granted, since when and by which admin.
    const standing = await state();
    expect(bodyOf(standing, auditAccessStateResponseSchema).access).toMatchObject({ granted: true, byUserId: expect.any(String), since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const clear = await h.call('GET', `/audit/events/${e.position}`, { token: auditor.token });
    expect(bodyOf(clear, auditEventDetailSchema).personal).toMatchObject({ state: 'clear', fields: { email, fullName: 'Sizwe Student' } });

    const revoked = await h.call('DELETE', `/audit/personal-data-access/${auditor.userId}`, { token: admin() });
    expect(revoked).toMatchObject({ status: 200, body: { message: AUDIT_MESSAGES.accessRevoked } });
    expect(bodyOf(await h.call('GET', `/audit/events/${e.position}`, { token: auditor.token }), auditEventDetailSchema).personal.state).toBe('masked');
    expect(bodyOf(await state(), auditAccessStateResponseSchema).access.granted).toBe(false);
    expect(await typesOf(`audit-access-${auditor.userId}`)).toEqual(['PersonalDataAccessGranted', 'PersonalDataAccessRevoked']);
  });

  it('grants only to an auditor (404 for anyone else), and a second grant records nothing', async () => {
    expect(await h.call('PUT', `/audit/personal-data-access/${teacher.userId}`, { token: admin() })).toMatchObject({ status: 404, body: { message: AUDIT_MESSAGES.auditorNotFound } });
    const other = await h.account('auditor');
    await h.call('PUT', `/audit/personal-data-access/${other.userId}`, { token: admin() });
    const head = await h.head();
    expect((await h.call('PUT', `/audit/personal-data-access/${other.userId}`, { token: admin() })).status).toBe(200);
    expect(await h.head()).toBe(head);
  });

  it('shows a crypto-shredded subject as erased, in the list and in the detail, whatever the grant', async () => {
    const gone = await h.account('student', 'Erin Erased');
    const e = await registeredAt(gone.userId);
    expect((await h.call('DELETE', `/users/${gone.userId}`, { token: admin() })).status).toBe(200);
    await h.call('PUT', `/audit/personal-data-access/${auditor.userId}`, { token: admin() });
    const detail = await h.call('GET', `/audit/events/${e.position}`, { token: auditor.token });
    expect(bodyOf(detail, auditEventDetailSchema).personal).toEqual({ state: 'erased', subjectId: gone.userId, fields: {} });
    expect(JSON.stringify(detail.body)).not.toContain('Erin');
    const row = bodyOf(await h.call('GET', `/audit/events?stream=user-${gone.userId}`, { token: auditor.token }), auditEventsResponseSchema).events.find((r) => r.position === e.position);
    expect(row?.personal).toBe('erased');
    await h.call('DELETE', `/audit/personal-data-access/${auditor.userId}`, { token: admin() });
  });
});

describe('watching the watchers', () => {
  it('records every audit view and grant as an event, visible in the Event log', async () => {
    const viewer = await h.account('auditor');
    const trail = `audit-trail-${viewer.userId}`;
    const lastViewed = async () => (await h.store.readStream(trail)).at(-1)!;

    await h.call('GET', '/audit/events?type=UserRegistered&limit=5', { token: viewer.token });
    expect((await lastViewed()).data).toEqual({ view: 'event-log', viewerId: viewer.userId, query: { type: 'UserRegistered', limit: 5 }, personalInClear: false });
    await h.call('GET', '/audit/events/1', { token: viewer.token });
    expect((await lastViewed()).data).toEqual({ view: 'event', viewerId: viewer.userId, query: { position: 1 }, personalInClear: false });
    const chain = await h.call('GET', '/audit/chain', { token: viewer.token });
    expect((await lastViewed()).data).toEqual({ view: 'chain', viewerId: viewer.userId, query: {}, personalInClear: false });
    // The head includes the view's own event (verifications the matrix asked for may have finished since).
    const { position, hash } = bodyOf(chain, auditChainStateSchema).head;
    expect(position).toBeGreaterThanOrEqual((await lastViewed()).position);
    expect((await h.store.readAll(position - 1, 1))[0].hash).toBe(hash);
    expect(await typesOf(trail)).toEqual(['AuditTrailViewed', 'AuditTrailViewed', 'AuditTrailViewed']);
    expect((await lastViewed()).metadata).toMatchObject({ actorId: viewer.userId, actorRole: 'auditor' });

    await h.call('PUT', `/audit/personal-data-access/${viewer.userId}`, { token: admin() });
    const grants = bodyOf(await h.call('GET', `/audit/events?type=PersonalDataAccessGranted&stream=audit-access-${viewer.userId}`, { token: viewer.token }), auditEventsResponseSchema).events;
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ context: 'audit', metadata: { actorId: h.admin.userId, actorRole: 'admin' } });
    // The viewer's own views are in the log they read.
    const views = bodyOf(await h.call('GET', `/audit/events?stream=${trail}`, { token: viewer.token }), auditEventsResponseSchema).events;
    expect(views.length).toBe(5);
    expect((await lastViewed()).data).toMatchObject({ view: 'event-log', query: { stream: trail } });
  });

  it('records a refused read too: a view of no event is still a view', async () => {
    const before = (await h.store.readStream(`audit-trail-${auditor.userId}`)).length;
    expect((await h.call('GET', '/audit/events/999999999', { token: auditor.token })).status).toBe(404);
    expect((await h.store.readStream(`audit-trail-${auditor.userId}`)).length).toBe(before + 1);
  });
});

describe('Why?', () => {
  it("walks a student's current week back to the grading that caused it, with actors and times, and records the view", async () => {
    const { enrollmentId, submissionId } = await capstoneLoopInLog(teacher.userId);
    const res = await h.call('GET', `/audit/why/enrollment-week/${enrollmentId}`, { token: auditor.token });
    expect(res.status).toBe(200);
    const why = bodyOf(res, auditWhyResponseSchema);
    expect(why.value).toBe('Week 2');
    expect(why.chain.map((s) => `${s.link} ${s.type}`)).toEqual(['value EnrollmentWeekAdvanced', 'caused CapstonePassed', 'same-command SubmissionGraded']);
    const graded = why.chain[2];
    expect(graded).toMatchObject({ context: 'grading', metadata: { actorId: teacher.userId, actorRole: 'teacher' } });
    expect(typeof graded.recordedAt).toBe('string');
    expect((await h.store.readStream(`audit-trail-${auditor.userId}`)).at(-1)!.data).toEqual({ view: 'why', viewerId: auditor.userId, query: { view: 'enrollment-week', id: enrollmentId }, personalInClear: false });

    // A grade's status is its own value: the teacher's grading, nothing before it.
    const grade = bodyOf(await h.call('GET', `/audit/why/grade-status/${submissionId}`, { token: admin() }), auditWhyResponseSchema);
    expect(grade.value).toBe('passed');
    expect(grade.chain.map((s) => s.type)).toEqual(['SubmissionGraded']);
    const status = bodyOf(await h.call('GET', `/audit/why/enrollment-status/${enrollmentId}`, { token: admin() }), auditWhyResponseSchema);
    expect(status).toMatchObject({ value: 'pending', chain: [{ type: 'StudentEnrolled', metadata: { actorId: h.admin.userId } }] });
  });

  it('answers an unknown view with 400 and a field message', async () => {
    const res = await h.call('GET', '/audit/why/current-mood/x', { token: auditor.token });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('View must be one of enrollment-week, enrollment-status, grade-status');
  });
});

describe('the Overview', () => {
  it("counts today's events by context and type, lists every projection and consumer with its lag and status, and records the view", async () => {
    const viewer = await h.account('auditor');
    const dayBefore = new Date().toISOString().slice(0, 10);
    const before = bodyOf(await h.call('GET', '/audit/overview', { token: viewer.token }), auditOverviewSchema);
    await capstoneLoopInLog(teacher.userId);
    const res = await h.call('GET', '/audit/overview', { token: viewer.token });
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    // Summed over the days shown: the two calls may fall either side of midnight (UTC).
    const count = (o: AuditOverview, type: string) => o.activity.filter((a) => a.type === type).reduce((n, a) => n + a.count, 0);
    const overview = bodyOf(res, auditOverviewSchema);
    const passed = overview.activity.find((a) => a.type === 'CapstonePassed');
    expect(passed).toMatchObject({ context: 'grading' });
    expect([dayBefore, today]).toContain(passed?.day);
    expect(count(overview, 'CapstonePassed') - count(before, 'CapstonePassed')).toBe(1);
    expect(count(overview, 'StudentEnrolled') - count(before, 'StudentEnrolled')).toBe(2);
    // The views are counted too (the second one's own event included).
    expect(count(overview, 'AuditTrailViewed') - count(before, 'AuditTrailViewed')).toBe(1);
    expect(overview.since <= today).toBe(true);

    const readers = overview.readers;
    const head = (await h.store.head()).position;
    expect(readers.some((r) => r.kind === 'projection')).toBe(true);
    expect(readers.find((r) => r.name === 'enrollment-week-advance')).toMatchObject({ kind: 'reactor' });
    for (const r of readers) {
      expect(r.lag).toBe(Math.max(0, r.head - r.checkpoint));
      expect(r.head).toBeLessThanOrEqual(head);
    }
    expect((await h.store.readStream(`audit-trail-${viewer.userId}`)).at(-1)!.data).toEqual({ view: 'overview', viewerId: viewer.userId, query: {}, personalInClear: false });
  });
});

describe('verify and signed checkpoints', () => {
  /** Polls a verification until it is done; returns its answers' states in order (deduplicated). */
  async function untilDone(id: string) {
    const states: string[] = [];
    for (;;) {
      const res = await h.call('GET', `/audit/verifications/${id}`, { token: auditor.token });
      expect(res.status).toBe(200);
      const status = bodyOf(res, verificationStatusSchema);
      if (states.at(-1) !== status.state) states.push(status.state);
      if (status.state === 'done') {
        if (!status.result) throw new Error(`verification ${id} is done without a result`);
        return { states, status: { ...status, result: status.result } };
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const verify = async (body: unknown = {}) => {
    const res = await h.call('POST', '/audit/verifications', { token: auditor.token, body });
    expect(res.status).toBe(202);
    return untilDone(bodyOf(res, verificationAcceptedSchema).id);
  };

  it('verifies the whole chain as a job with progress; the outcome is an event, shown as the last verification', async () => {
    const asked = await h.call('POST', '/audit/verifications', { token: auditor.token, body: {} });
    const { id } = bodyOf(asked, verificationAcceptedSchema);
    const headAtRequest = await h.head();
    const { states, status } = await untilDone(id);
    expect(states.at(-1)).toBe('done');
    expect(status.result).toMatchObject({ id, ok: true, byUserId: auditor.userId, position: null, reason: null });
    expect(status.result.checked).toBeGreaterThanOrEqual(headAtRequest);
    expect(status.result.head?.position).toBe(status.result.checked);
    // The job reported its progress as it walked (BullMQ's job progress, what the page's bar shows).
    expect((await queue.getJob(id))!.progress).toEqual({ checked: status.result.checked, total: expect.any(Number) });
    const stream = await h.store.readStream('audit-verifications');
    const request = stream.find((e) => e.id === id)!;
    const outcome = stream.find((e) => e.type === 'ChainVerified' && (e.data as { requestId: string }).requestId === id)!;
    expect(request).toMatchObject({ type: 'ChainVerificationRequested', metadata: { actorId: auditor.userId, actorRole: 'auditor' } });
    expect(outcome.metadata).toMatchObject({ actorId: auditor.userId, causationId: id, correlationId: request.metadata.correlationId });
    expect(bodyOf(await h.call('GET', '/audit/chain', { token: auditor.token }), auditChainStateSchema).lastVerification).toEqual(status.result);
  });

  it('signs the verified head with the key outside the database, lists it with who made it, exports it as a file (recorded)', async () => {
    const { status } = await verify();
    const signed = await h.call('POST', '/audit/checkpoints', { token: auditor.token });
    expect(signed).toMatchObject({ status: 201, body: { message: AUDIT_VERIFY_MESSAGES.checkpointSigned, checkpoint: { format: 'academy-checkpoint/1', position: status.result.head?.position, headHash: status.result.head?.hash, byUserId: auditor.userId } } });
    const { id } = bodyOf(signed, auditCheckpointResponseSchema).checkpoint;
    const listed = await h.call('GET', '/audit/checkpoints', { token: auditor.token });
    expect(bodyOf(listed, auditCheckpointsResponseSchema).checkpoints[0]).toEqual(bodyOf(signed, auditCheckpointResponseSchema).checkpoint);
    const file = await h.call('GET', `/audit/checkpoints/${id}/export`, { token: auditor.token });
    expect(file.status).toBe(200);
    const { id: _id, byUserId: _by, ...content } = bodyOf(signed, auditCheckpointResponseSchema).checkpoint;
    expect(file.body).toEqual(content);
    const raw = await fetch(`${h.url}/api/audit/checkpoints/${id}/export`, { headers: { authorization: `Bearer ${auditor.token}` } });
    expect(raw.headers.get('content-disposition')).toBe(`attachment; filename="checkpoint-${content.position}.json"`);
    const exported = (await h.store.readStream('audit-checkpoints')).filter((e) => e.type === 'CheckpointExported');
    expect(exported.at(-1)).toMatchObject({ data: { checkpointId: id, position: content.position, byUserId: auditor.userId }, metadata: { actorRole: 'auditor' } });
    // The signing key is not in the database: its seed is in no table, as base64 or hex.
    const dump = (await h.pool.query<{ t: string }>(`SELECT string_agg(e::text, '') AS t FROM event_store.events e`)).rows[0].t;
    expect(dump).toContain(content.signature);
    expect(dump).not.toContain(SIGNING_SEED);
    expect(dump).not.toContain(Buffer.from(SIGNING_SEED, 'base64').toString('hex'));
  });

  it('catches a history rewritten together with its hashes through an exported checkpoint, and refuses an altered checkpoint', async () => {
    await verify();
    const checkpoint = bodyOf(await h.call('POST', '/audit/checkpoints', { token: auditor.token }), auditCheckpointResponseSchema).checkpoint;
    const file = bodyOf(await h.call('GET', `/audit/checkpoints/${checkpoint.id}/export`, { token: auditor.token }), signedCheckpointSchema);
    expect((await verify({ checkpoint: file })).status).toMatchObject({ checkpointPosition: file.position, result: { ok: true } });

    const victim = (await registeredAt(teacher.userId)).position;
    const old = await rewriteHistory(h.pool, 'event_store', victim, (d) => ({ ...(d as object), role: 'admin' }));
    try {
      // The chain alone verifies again after the rewrite: that is the attack a checkpoint defeats.
      expect((await verify()).status.result).toMatchObject({ ok: true });
      const caught = (await verify({ checkpoint: file })).status.result;
      expect(caught).toMatchObject({ ok: false, position: file.position, reason: `hash at the exported head ${file.position} differs from the exported one: the log was rewritten` });
      expect(bodyOf(await h.call('GET', '/audit/chain', { token: auditor.token }), auditChainStateSchema).lastVerification).toEqual(caught);
    } finally {
      await rewriteHistory(h.pool, 'event_store', victim, () => old);
    }
    expect((await verify({ checkpoint: file })).status.result.ok).toBe(true);

    const altered = await h.call('POST', '/audit/verifications', { token: auditor.token, body: { checkpoint: { ...file, position: file.position - 1 } } });
    expect(altered).toMatchObject({ status: 400, body: { fields: { checkpoint: ['The checkpoint does not verify: the signature does not match: the checkpoint was altered'] } } });
    const notOne = await h.call('POST', '/audit/verifications', { token: auditor.token, body: { checkpoint: { format: 'x' } } });
    expect(notOne.status).toBe(400);
    expect(Object.keys(bodyOf(notOne, apiErrorSchema).fields ?? {})[0]).toMatch(/^checkpoint/);
  });

  it('exports an evidence bundle that verifies offline (the built CLI, no database) and fails on any one-byte change; the export is an event', async () => {
    await verify();
    const checkpoint = bodyOf(await h.call('POST', '/audit/checkpoints', { token: auditor.token }), auditCheckpointResponseSchema).checkpoint;
    // A range that ends before the checkpoint: the bundle runs on to it, so the whole range hashes into a signed head.
    const res = await fetch(`${h.url}/api/audit/evidence?from=2&to=${checkpoint.position - 5}`, { headers: { authorization: `Bearer ${auditor.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="evidence-2-${checkpoint.position}.jsonl"`);
    const bundle = Buffer.from(await res.arrayBuffer());
    const lines = bundle.toString('utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    // Every signed checkpoint the chain of the bundle passes through (the earlier tests signed some), ours last.
    const within = bodyOf(await h.call('GET', '/audit/checkpoints', { token: auditor.token }), auditCheckpointsResponseSchema).checkpoints
      .map((c: { position: number }) => c.position)
      .filter((p: number) => p >= 1 && p <= checkpoint.position)
      .sort((a: number, b: number) => a - b);
    expect(within.at(-1)).toBe(checkpoint.position);
    expect(lines[0]).toMatchObject({ kind: 'header', format: 'academy-evidence/1', from: 2, to: checkpoint.position, events: checkpoint.position - 1, checkpoints: within.length });
    expect(lines.at(-2)).toEqual({ kind: 'checkpoint', checkpoint: (({ id: _i, byUserId: _b, ...file }) => file)(checkpoint) });
    expect(lines.at(-1)).toMatchObject({ kind: 'signature', keyId: checkpoint.keyId, publicKey: checkpoint.publicKey });
    // Personal data travels as stored: ciphertext (the hashes cover it), never a name.
    expect(bundle.toString('utf8')).not.toContain('Sizwe Student');

    const verdict = verifyBundle(bundle, { publicKey: checkpoint.publicKey });
    expect(verdict).toEqual({ ok: true, from: 2, to: checkpoint.position, events: checkpoint.position - 1, checkpoints: within, keyId: checkpoint.keyId });
    expect(verifyBundle(bundle, { publicKey: Buffer.alloc(32, 1).toString('base64') })).toMatchObject({ ok: false, problem: expect.stringMatching(/^signed by another key/) });
    // Any one byte changed, wherever it is: every byte of the header, of an event's data and of the
    // signature line, and 300 bytes spread over the rest at an odd stride. Refused. (Each check reads the
    // bundle up to the change: a fixed number of them, whatever the bundle's size, keeps the test's
    // time from growing with the events earlier tests made.)
    const dataStart = bundle.indexOf('"data":', bundle.indexOf('"kind":"event"'));
    const signatureLine = bundle.lastIndexOf('\n', bundle.length - 2) + 1;
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
    const offsets = [...range(0, bundle.indexOf('\n') + 1), ...range(dataStart, dataStart + 60), ...range(signatureLine, bundle.length), ...range(0, 300).map((i) => Math.min(bundle.length - 1, Math.floor((i * bundle.length) / 300) + (i % 7)))];
    const passed = offsets.filter((at) => {
      const changed = Buffer.from(bundle);
      changed[at] = changed[at] === 0x30 ? 0x31 : 0x30;
      return verifyBundle(changed).ok;
    });
    expect(passed).toEqual([]);

    const dir = mkdtempSync(path.join(tmpdir(), 'evidence-'));
    try {
      const file = path.join(dir, 'evidence.jsonl');
      writeFileSync(file, bundle);
      // The built CLI with no configuration at all: no DATABASE_URL, no key, no API.
      const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(repoRoot, 'services/worker/dist/cli/academy.js'), 'audit', 'verify-bundle', ...args], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' }, timeout: 60_000 });
      const ok = cli(file, '--public-key', checkpoint.publicKey);
      expect([ok.status, ok.stderr]).toEqual([0, '']);
      expect(ok.stdout).toBe(`ok: ${checkpoint.position - 1} events 2..${checkpoint.position}, every hash and link recomputed, through signed checkpoint${within.length === 1 ? '' : 's'} ${within.join(', ')}; signed by key ${checkpoint.keyId} (the key given)\n`);
      // The check the command makes (one start of the CLI is enough; audit-cli.int.spec.ts prints its
      // FAILED line): a changed file fails, naming the changed event, not the signature line that any
      // change also breaks (issue 28).
      const changed = Buffer.from(bundle);
      changed[dataStart + 9] = changed[dataStart + 9] === 0x30 ? 0x31 : 0x30;
      const changedLine = bundle.subarray(0, dataStart).toString('utf8').split('\n').length;
      expect(verifyBundle(changed)).toEqual({ ok: false, line: changedLine, item: `event at position ${lines[changedLine - 1].position}`, problem: 'its hash does not match its content' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // Watching the watchers: who took which range, and the digest of what they took.
    const exported = (await h.store.readStream('audit-evidence')).at(-1)!;
    expect(exported).toMatchObject({
      type: 'EvidenceExported',
      data: { from: 2, to: checkpoint.position - 5, lastPosition: checkpoint.position, events: checkpoint.position - 1, checkpoints: within, digest: lines.at(-1).digest, byUserId: auditor.userId },
      metadata: { actorRole: 'auditor' },
    });

    // Events after the last signed checkpoint are self-consistent but not proven to be the log's.
    const head = await h.head();
    const open = await fetch(`${h.url}/api/audit/evidence?from=${checkpoint.position + 1}&to=${head}`, { headers: { authorization: `Bearer ${auditor.token}` } });
    expect(verifyBundle(Buffer.from(await open.arrayBuffer()))).toMatchObject({ ok: false, problem: expect.stringMatching(/^no signed checkpoint closes the range/) });
  });
});
