// Issue 15's migration check: a database made by main as it was before the read models moved to
// MikroORM (commit 03c81e3: hand-written SQL tables, unversioned event-store DDL, identity's session
// tables created by libs/backend), filled by that version's learning-loop browser test, is opened by
// today's worker and API. They migrate it forward by themselves. Nothing is lost: the log is the same
// to the byte, the people sign in with the passwords they had, the screens show what they showed,
// and a replay of the log from position 0 equals the tables the migration left (audit replay).
// How the fixture was made: test/fixtures/README.md.
import { lessonsResponseSchema, myEnrollmentResponseSchema, sessionSchema, teacherSubmissionsResponseSchema } from '@academy/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bodyOf, WORKER_PROJECTIONS,
  apiCaller,
  createTestDatabase,
  expectLogReplaysEqual,
  freePort,
  outputOf,
  repoRoot,
  spawnWorkerAndApi,
  stopProcess,
  testRedisUrl,
  type SpawnedService,
  type TestDatabase,
  uniquePrefix,
  untilValue,
  academyCliWith, } from '@academy/testing';

const FIXTURE = path.join(repoRoot, 'services/api/test/fixtures/main-03c81e3-learning-loop');
/** The key that version's services sealed personal data with (Buffer.alloc(32, 21)); kept apart from the dump, as in production. */
const MASTER_KEY = Buffer.alloc(32, 21).toString('base64');
const accounts = JSON.parse(readFileSync(`${FIXTURE}.accounts.json`, 'utf8')) as Record<'teacher' | 'student', { id: string; email: string; password: string }>;

let db: TestDatabase;
let url: string;
let env: Record<string, string>;
const services: SpawnedService[] = [];
let before: { position: string; hash: string }[];
const call = (...a: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(url)(...a);

beforeAll(async () => {
  db = await createTestDatabase('forward');
  // The dump is plain SQL (pg_dump --inserts): schemas, tables, rows, constraints, indexes.
  // Its set_config empties search_path for the session it runs in: that connection is closed after it.
  const restore = await db.pool.connect();
  await restore.query(readFileSync(`${FIXTURE}.sql`, 'utf8'));
  restore.release(true);
  before = (await db.pool.query<{ position: string; hash: string }>('SELECT position::text, hash FROM event_store.events e ORDER BY e.position')).rows;
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  env = {
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: uniquePrefix('forward'),
    PORT: String(port),
    HOST: '127.0.0.1',
    ACADEMY_MASTER_KEY: MASTER_KEY,
    ACADEMY_FRONTENDS_DIR: path.join(repoRoot, 'frontends'),
  };
  await spawnWorkerAndApi(services, env, async () => (await fetch(`${url}/api/health`).catch(() => null))?.status === 200, 'the API to be healthy on the migrated database', 90_000);
}, 120_000);

afterAll(async () => {
  await Promise.all(services.map(({ child }) => stopProcess(child)));
  await db?.drop();
});

const output = () => outputOf(services);

it("migrated: the event store's and identity's numbered migrations are recorded, every projection is live at the head", async () => {
  // The fixture has neither history: that version re-ran its DDL on every start.
  const storeMigrations = await db.pool.query<{ version: number }>('SELECT version FROM event_store.schema_migrations ORDER BY version');
  expect(storeMigrations.rows.length).toBeGreaterThan(0);
  const identity = await db.pool.query<{ name: string }>('SELECT name FROM identity_migrations');
  expect(identity.rows.length).toBeGreaterThan(0);
  // Every projection of today's code, including those the fixture's version did not have (they register
  // as the worker starts them), each one version only (a newer version replaces its older one), live at the head.
  const expected = [...WORKER_PROJECTIONS];
  const checkpoints = await untilValue(
    async () => (await db.pool.query<{ name: string; position: string; status: string }>("SELECT name, position::text, status FROM projections.checkpoints WHERE status <> 'retired' ORDER BY name")).rows,
    (rows) => rows.map((r) => r.name).join() === expected.join() && rows.every((r) => r.status === 'live' && Number(r.position) >= before.length),
    `every projection live at the head\n${output()}`,
    30_000,
  );
  expect(checkpoints.map((r) => r.name)).toEqual(expected);
}, 60_000);

it('keeps the log to the byte: every event, in order, with its hash; the chain verifies', async () => {
  expect(before.length).toBe(45);
  const after = (await db.pool.query<{ position: string; hash: string }>('SELECT position::text, hash FROM event_store.events e ORDER BY e.position')).rows;
  expect(after.slice(0, before.length)).toEqual(before);
  const verify = await academyCliWith({ DATABASE_URL: db.url, ACADEMY_MASTER_KEY: MASTER_KEY }, 'audit', 'verify');
  expect([verify.status, verify.stdout]).toEqual([0, expect.stringMatching(/^ok: /)]);
});

it('the student signs in with the password they chose then, and is in week 2 with week 2 to read', async () => {
  const signIn = await call('POST', '/auth/sign-in', undefined, { email: accounts.student.email, password: accounts.student.password });
  expect([signIn.status, output()]).toEqual([200, expect.anything()]);
  const token = bodyOf(signIn, sessionSchema).access_token;
  const mine = await untilValue(() => call('GET', '/student/enrollment', token), (r) => r.status === 200 && bodyOf(r, myEnrollmentResponseSchema).enrollment?.currentWeek === 2, 'the enrollment in week 2');
  expect(bodyOf(mine, myEnrollmentResponseSchema).enrollment?.currentWeek).toBe(2);
  const lessons = await call('GET', '/student/lessons', token);
  expect(lessons.status).toBe(200);
  // Week 2 first, then week 1, past (issue 18 §1: past weeks stay).
  expect(bodyOf(lessons, lessonsResponseSchema).weeks.map((w) => [w.weekNumber, w.past])).toEqual([
    [2, false],
    [1, true],
  ]);
}, 60_000);

it("the teacher signs in with the mailed password and finds the week's graded work", async () => {
  const signIn = await call('POST', '/auth/sign-in', undefined, { email: accounts.teacher.email, password: accounts.teacher.password });
  expect(signIn.status).toBe(200);
  const graded = await call('GET', '/teacher/submissions?tab=graded', bodyOf(signIn, sessionSchema).access_token);
  expect(graded.status).toBe(200);
  const tab = bodyOf(graded, teacherSubmissionsResponseSchema);
  expect(tab.counts.graded).toBeGreaterThan(0);
  expect(tab.items.every((i) => i.studentName !== undefined || i.studentId !== undefined)).toBe(true);
}, 60_000);

it('a replay of the log from position 0 equals the read models the migration left ("equal" for every projection)', async () => {
  await expectLogReplaysEqual({ DATABASE_URL: db.url, ACADEMY_MASTER_KEY: MASTER_KEY });
}, 120_000);
