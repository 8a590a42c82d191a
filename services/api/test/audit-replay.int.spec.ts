// The auditor's Replay (issue 16 "Replay", ADR 0034) over real HTTP, Postgres and Redis: the request is an
// event, the worker's dispatcher makes it a BullMQ job (in process here, as in audit.int.spec.ts), the job
// replays every projection with progress and appends the outcome; a live row changed behind the runners'
// back shows as differing, masked for an auditor without a personal-data grant, clear with one.
import { EntityManager } from '@mikro-orm/postgresql';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRedis } from '@academy/backend';
import { AUDIT_MASK, replayAcceptedSchema, replayLatestSchema, replayStatusSchema } from '@academy/contracts';
import { Dispatcher } from '@academy/event-store';
import { AUDIT_QUEUE, auditRoutes, REPLAY_JOB, type ReplayJob, runReplayJob } from '@academy/audit';
import { bodyOf, testRedisUrl } from '@academy/testing';
import { type Account, type Harness, startHarness } from './modules-harness.js';

let h: Harness;
let auditor: Account;
let granted: Account;
let student: Account;
let dispatcher: Dispatcher;
let jobs: Worker;
let queue: Queue;
const redis: Redis[] = [];

beforeAll(async () => {
  h = await startHarness('audit-replay');
  redis.push(createRedis(testRedisUrl(), 'replay-test-dispatcher'), createRedis(testRedisUrl(), 'replay-test-worker'), createRedis(testRedisUrl(), 'replay-test-queue'));
  dispatcher = new Dispatcher({ name: 'notifications', store: h.store, pool: h.pool, connection: redis[0], prefix: h.queuePrefix, routes: auditRoutes, standbyPollMs: 100 }).start();
  // The worker's audit processor, reduced to the replay (services/worker/src/audit/audit.processor.ts).
  jobs = new Worker(AUDIT_QUEUE, async (job) => (job.name === REPLAY_JOB ? runReplayJob({ store: h.store, pool: h.pool, em: h.app.get(EntityManager), projections: h.projections }, job as unknown as ReplayJob) : null), {
    connection: redis[1],
    prefix: h.queuePrefix,
  });
  queue = new Queue(AUDIT_QUEUE, { connection: redis[2], prefix: h.queuePrefix });
  auditor = await h.account('auditor', 'Audrey Auditor');
  granted = await h.account('auditor', 'Grace Granted');
  expect((await h.call('PUT', `/audit/personal-data-access/${granted.userId}`, { token: h.admin.token })).status).toBe(200);
  student = await h.account('student', 'Sizwe Student');
}, 60_000);
afterAll(async () => {
  await jobs?.close();
  await dispatcher?.stop();
  await queue?.close();
  await h?.stop();
  for (const r of redis) r.disconnect();
});

/** Polls a replay until it is done; returns the states its answers went through (deduplicated) and the last answer. */
async function untilDone(id: string, token = auditor.token) {
  const states: string[] = [];
  let sawProgress = false;
  for (;;) {
    const res = await h.call('GET', `/audit/replays/${id}`, { token });
    expect(res.status).toBe(200);
    const status = bodyOf(res, replayStatusSchema);
    if (states.at(-1) !== status.state) states.push(status.state);
    if (status.state === 'running' && status.progress) sawProgress = true;
    if (status.state === 'done') {
      if (!status.result) throw new Error(`replay ${id} is done without a result`);
      return { states, status: { ...status, result: status.result }, sawProgress };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
async function replay() {
  const asked = await h.call('POST', '/audit/replays', { token: auditor.token });
  expect(asked.status).toBe(202);
  const { id } = bodyOf(asked, replayAcceptedSchema);
  return { id, ...(await untilDone(id)) };
}
/** The live version's schema of a projection (the runners' control table). */
async function liveSchema(name: string): Promise<string> {
  const { rows } = await h.pool.query<{ schema_name: string }>(`SELECT schema_name FROM projections.checkpoints WHERE name = $1 AND status = 'live'`, [name]);
  return rows[0].schema_name;
}

it('replays every projection as a job with progress and finds it equal; then names a live row changed with SQL, masked without a grant; every replay leaves its events', async () => {
  await h.projectionsCaughtUp();
  expect(bodyOf(await h.call('GET', '/audit/replays', { token: auditor.token }), replayLatestSchema)).toEqual({ replay: null });

  // 1. Equal: every projection, compared at its live checkpoint.
  const first = await replay();
  expect(first.states.at(-1)).toBe('done');
  expect(first.status).toMatchObject({ id: first.id, byUserId: auditor.userId, personal: 'masked', rows: [], rowsKept: true });
  expect(first.status.result.equal).toBe(true);
  expect(first.status.result.projections.map((p) => p.name).sort()).toEqual(h.projections.map((p) => p.name).sort());
  for (const p of first.status.result.projections) expect(`${p.name}: ${p.result}`).toBe(`${p.name}: equal`);
  // The job reported its progress as it went (what the page's bar shows): the last projection, at its head.
  const reported = (await queue.getJob(first.id))!.progress as { index: number; count: number; applied: number; head: number };
  expect(reported).toMatchObject({ index: h.projections.length, count: h.projections.length });
  expect(reported.applied).toBe(reported.head);

  // 2. A live read-model row changed behind the runners' back.
  const users = await liveSchema('identity_users');
  await h.pool.query(`UPDATE "${users}".users SET full_name = 'Tampered Name' WHERE id = $1`, [student.userId]);
  const second = await replay();
  expect(second.status.result.equal).toBe(false);
  const identity = second.status.result.projections.find((p) => p.name === 'identity_users');
  expect(identity).toMatchObject({
    result: 'different',
    differing: [
      { table: 'users', side: 'live-only', rows: 1 },
      { table: 'users', side: 'replay-only', rows: 1 },
    ],
  });
  for (const p of second.status.result.projections.filter((x) => x.name !== 'identity_users')) expect(`${p.name}: ${p.result}`).toBe(`${p.name}: equal`);
  // Masked for the auditor without a grant: ids and statuses kept, the name and email not.
  expect(second.status.personal).toBe('masked');
  expect(second.status.rows).toHaveLength(2);
  for (const [row, side] of second.status.rows.map((r) => [r.row, r.side] as const)) {
    expect(`${side} ${row.id} ${row.full_name} ${row.email} ${row.role}`).toBe(`${side} ${student.userId} ${AUDIT_MASK} ${AUDIT_MASK} student`);
  }
  expect(JSON.stringify(second.status)).not.toContain('Tampered');
  // Clear for an auditor with a grant (and the admin): the live side holds the tampered name, the replay the real one.
  for (const token of [granted.token, h.admin.token]) {
    const clear = bodyOf(await h.call('GET', `/audit/replays/${second.id}`, { token }), replayStatusSchema);
    expect(clear.personal).toBe('clear');
    expect(clear.rows.map((r) => `${r.side}: ${r.row.full_name}`)).toEqual(['live-only: Tampered Name', `replay-only: ${student.fullName}`]);
  }
  // The last replay asked for is the page's starting point.
  expect(bodyOf(await h.call('GET', '/audit/replays', { token: auditor.token }), replayLatestSchema).replay).toMatchObject({ id: second.id, state: 'done' });

  // 3. Every replay leaves its events; the outcome and the job's return value carry counts, never rows.
  const stream = await h.store.readStream('audit-replays');
  expect(stream.map((e) => e.type)).toEqual(['ReplayRequested', 'ReplayCompleted', 'ReplayRequested', 'ReplayCompleted']);
  expect(stream[0]).toMatchObject({ id: first.id, data: { byUserId: auditor.userId }, metadata: { actorId: auditor.userId } });
  expect(stream[3]).toMatchObject({ data: { requestId: second.id, equal: false, byUserId: auditor.userId }, metadata: { causationId: second.id } });
  expect(JSON.stringify(stream)).not.toContain('Tampered');
  expect(JSON.stringify((await queue.getJob(second.id))!.returnvalue)).not.toContain('Tampered');
  // Showing differing rows is a view of read-model data: recorded, with whether it was in clear.
  const views = (await h.store.readStream(`audit-trail-${auditor.userId}`)).map((e) => e.data as { view: string; personalInClear: boolean; query: unknown });
  expect(views).toContainEqual({ view: 'replay', viewerId: auditor.userId, query: { id: second.id }, personalInClear: false });
  // The job run again (a Redis that lost it) appends nothing new.
  await runReplayJob({ store: h.store, pool: h.pool, em: h.app.get(EntityManager), projections: h.projections }, { data: { eventId: second.id, data: { byUserId: auditor.userId }, metadata: stream[2].metadata }, updateProgress: async () => {} });
  expect((await h.store.readStream('audit-replays')).length).toBe(4);
}, 120_000);

it('answers 404 for an unknown replay and keeps only the last replay\'s rows', async () => {
  expect((await h.call('GET', '/audit/replays/00000000-0000-4000-8000-0000000000ff', { token: auditor.token })).status).toBe(404);
  const before = bodyOf(await h.call('GET', '/audit/replays', { token: auditor.token }), replayLatestSchema).replay;
  const users = await liveSchema('identity_users');
  await h.pool.query(`UPDATE "${users}".users SET full_name = $2 WHERE id = $1`, [student.userId, student.fullName]);
  const again = await replay();
  expect(again.status.result.equal).toBe(true);
  // The earlier replay's outcome is still an event; its rows were replaced by this one's (none).
  const earlier = bodyOf(await h.call('GET', `/audit/replays/${before?.id}`, { token: auditor.token }), replayStatusSchema);
  expect(earlier).toMatchObject({ state: 'done', rows: [], rowsKept: false, result: { equal: false } });
}, 120_000);
