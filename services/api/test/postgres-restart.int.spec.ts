// Must show (issue 13, defect 4): Postgres restarts under traffic. The BUILT API and worker run as
// processes, as `npm start` runs them, against a Postgres of this file's own; it is stopped while an
// admin keeps creating programs, and started again on the same port and data directory. Then: both
// processes are the ones that started (0 crashes, nothing printed a stack), every answer during the
// outage was a clear 503 (never a 500), answers succeed again afterwards, and nothing is lost:
// every program the API accepted is listed, the projections and the notifications dispatcher resume
// from their checkpoints (an application made after the restart is mailed to the staff).
import { setupResponseSchema, sessionSchema, messageResponseSchema, programsResponseSchema, healthResponseSchema } from '@academy/contracts';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startPostgres, type EmbeddedPostgres } from '@academy/devstack';
import { bodyOf, outputOf, repoRoot, WORKER_PROJECTIONS, spawnWorkerAndApi, startSmtpCatcher, stopProcess, type SpawnedService, testRedisUrl, type TestSmtpCatcher, uniquePrefix, until } from '@academy/testing';

let dir: string;
let pgPort: number;
let server: EmbeddedPostgres | null = null;
let databaseUrl: string;
let catcher: TestSmtpCatcher;
let url: string;
const services: SpawnedService[] = [];
let stopTraffic = false;

const pgDir = () => path.join(dir, 'pg');
const output = () => outputOf(services);

async function call(method: string, p: string, o: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  const res = await fetch(`${url}/api${p}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body), signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pg-restart-'));
  chmodSync(dir, 0o755);
  pgPort = await freePort();
  server = await startPostgres({ dataDir: pgDir(), port: pgPort });
  databaseUrl = await server.createDatabase('academy');
  catcher = await startSmtpCatcher();
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: testRedisUrl(),
    SMTP_URL: catcher.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    QUEUE_PREFIX: uniquePrefix('pg-restart'),
    ACADEMY_DATA_DIR: dir,
    ACADEMY_MASTER_KEY: Buffer.alloc(32, 13).toString('base64'),
    ACADEMY_FRONTENDS_DIR: path.join(repoRoot, 'frontends'),
    LOG_LEVEL: 'warn',
  };
  // The worker first: both migrate, the advisory lock makes one wait for the other.
  await spawnWorkerAndApi(services, env, async () => (await fetch(`${url}/api/health`).catch(() => null))?.status === 200, 'the API to be healthy');
}, 90_000);

afterAll(async () => {
  stopTraffic = true;
  await Promise.all(services.map(({ child }) => stopProcess(child)));
  await server?.stop();
  await catcher?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const application = (lastName: string) => ({
  firstName: 'Restart',
  lastName,
  email: `${lastName.toLowerCase()}@applicants.test`,
  phone: '+27 82 000 0000',
  course: 'IT Support',
  message: 'Applied around a database restart',
});

it('Postgres restarts under traffic: no process dies, 503 (never 500) while it is down, then success with nothing lost', async () => {
  const setup = await call('POST', '/setup');
  expect(setup.status).toBe(201);
  const { email, password } = bodyOf(setup, setupResponseSchema);
  const signIn = await call('POST', '/auth/sign-in', { body: { email, password } });
  expect(signIn.status).toBe(200);
  const token = bodyOf(signIn, sessionSchema).access_token;
  const pids = services.map((s) => s.child.pid);

  // Before: the path to the staff's mailbox works (the dispatcher runs).
  expect((await call('POST', '/public/applications', { body: application('Before') })).status).toBe(201);
  await catcher.waitFor((m) => m.subject.startsWith('New application: Restart Before'), 20_000);

  // Traffic: three admins' tabs creating programs and reading the list, all the time.
  type Answer = { at: number; status: number; name?: string; message?: string };
  const answers: Answer[] = [];
  let n = 0;
  const lane = async () => {
    while (!stopTraffic) {
      const name = `Restart Program ${++n}`;
      const created = await call('POST', '/programs', { token, body: { name } }).catch((e: Error) => ({ status: -1, body: { message: e.message } }));
      answers.push({ at: Date.now(), status: created.status, name, message: messageResponseSchema.safeParse(created.body).data?.message });
      const listed = await call('GET', '/programs', { token }).catch((e: Error) => ({ status: -1, body: { message: e.message } }));
      answers.push({ at: Date.now(), status: listed.status, message: messageResponseSchema.safeParse(listed.body).data?.message });
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const lanes = [lane(), lane(), lane()];
  await new Promise((r) => setTimeout(r, 1500));

  const down = Date.now();
  await server!.stop();
  server = null;
  const summary = () => `answers: ${JSON.stringify(answers.slice(-12))}\n${output().slice(-6000)}`;
  await until(() => answers.some((a) => a.at > down && a.status === 503), 'a 503 while Postgres is down', 10_000).catch((e: Error) => {
    throw new Error(`${e.message}\n${summary()}`);
  });
  await new Promise((r) => setTimeout(r, 2500));
  const health = await call('GET', '/health');
  expect(health.status).toBe(503);
  // …while the liveness probe's endpoint still answers: an outage must not get the APIs restarted.
  expect(await call('GET', '/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
  server = await startPostgres({ dataDir: pgDir(), port: pgPort });
  const up = Date.now();
  // Success again: a create answered after Postgres came back.
  await until(() => answers.some((a) => a.at > up && a.status === 201 && a.name), 'a program created after the restart', 30_000).catch((e: Error) => {
    throw new Error(`${e.message}\n${summary()}`);
  });
  await new Promise((r) => setTimeout(r, 1500));
  stopTraffic = true;
  await Promise.all(lanes);

  // No process died: the same two processes still run.
  expect(services.map((s) => [s.name, s.child.exitCode, s.child.signalCode, s.child.pid])).toEqual(services.map((s, i) => [s.name, null, null, pids[i]]));
  const statuses = [...new Set(answers.map((a) => a.status))].sort();
  // Every answer: a success, or a clear 503; never a 500, never a dropped connection.
  expect(statuses.filter((s) => ![200, 201, 202, 503].includes(s))).toEqual([]);
  const unavailable = answers.filter((a) => a.status === 503);
  expect(unavailable.length).toBeGreaterThan(0);
  expect(new Set(unavailable.map((a) => a.message))).toEqual(new Set(['The academy cannot reach its database right now. Please try again in a moment.']));
  expect(answers.some((a) => a.at < down && a.status === 201)).toBe(true);

  // Nothing lost: every program the API accepted is listed once the catalog projection resumed.
  const accepted = answers.filter((a) => a.name && (a.status === 201 || a.status === 202)).map((a) => a.name!);
  await until(
    async () => {
      const listed = await call('GET', '/programs', { token });
      if (listed.status !== 200) return false;
      const names = new Set(bodyOf(listed, programsResponseSchema).programs.map((p) => p.name));
      return accepted.every((a) => names.has(a));
    },
    `all ${accepted.length} accepted programs to be listed`,
    30_000,
  );

  // The dispatcher resumed too: an application after the restart reaches the staff's mailbox.
  expect((await call('POST', '/public/applications', { body: application('After') })).status).toBe(201);
  await catcher.waitFor((m) => m.subject.startsWith('New application: Restart After'), 30_000);

  // Every projection is live at the head of the log, and the worker's heartbeat is back.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => {});
  try {
    await until(
      async () => {
        const head = Number((await pool.query<{ p: string }>('SELECT coalesce(max(position), 0) AS p FROM event_store.events')).rows[0].p);
        const live = (await pool.query<{ position: string }>(`SELECT position FROM projections.checkpoints WHERE status = 'live'`)).rows;
        const consumers = (await pool.query<{ position: string }>('SELECT position FROM projections.consumer_checkpoints')).rows;
        return live.length === WORKER_PROJECTIONS.length && consumers.length > 0 && [...live, ...consumers].every((r) => Number(r.position) === head);
      },
      'every live projection and consumer (the dispatcher, the reactors) at the head of the log',
      30_000,
    );
  } finally {
    await pool.end();
  }
  await until(async () => healthResponseSchema.safeParse((await call('GET', '/health')).body).data?.info?.worker?.status === 'up', 'the worker heartbeat in /api/health', 30_000);

  const firstSuccess = Math.min(...answers.filter((a) => a.at > up && a.status === 201).map((a) => a.at)) - up;
  console.log(
    `Postgres down ${up - down} ms; ${answers.length} answers (${unavailable.length} × 503, none 5xx else); first 201 ${firstSuccess} ms after the restart; ${accepted.length} programs accepted, all listed; ${output().split('\n').length} log lines`,
  );

  // One line per problem, no stack traces, no crash report.
  expect(output()).not.toMatch(/Unhandled 'error' event|Unhandled error event|(\n|\\n)\s+at \S+|uncaughtException/);
}, 120_000);
