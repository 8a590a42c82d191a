// Issue 17 §3, replicas proven here: two API processes and two worker processes (the built ones, as
// deployed) on one PostgreSQL and one Redis, requests spread over both APIs by a round-robin proxy
// (the load balancer of deploy/). The traffic is `npm run demo` itself: users, mails, submissions,
// grades, capstones the enrollment reactor turns into week advances, applications. Mid-traffic the
// worker that leads every projection and consumer is killed with SIGKILL:
// - the standby holds every leader lock within 5 s of the kill;
// - 0 events skipped and 0 applied twice: every projection rebuilt from position 0 is "equal" to the
//   live tables (`audit replay`);
// - 0 effects doubled or lost: one EnrollmentWeekAdvanced per CapstonePassed;
// - 0 mails lost or doubled: one credentials mail per account created, as many mails caught as
//   sent_mail records, and no mail job left waiting or failed.
// Then, on the same pair: a session ended through API A is refused by API B at once, sign-in limits
// count across both, and a write through one API is read through the other at its position.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import {
  createTestDatabase,
  expectLogReplaysEqual,
  freePort,
  outputOf,
  repoRoot,
  spawnService,
  startSmtpCatcher,
  stopProcess,
  testRedisUrl,
  uniquePrefix,
  until,
  untilValue,
  type SpawnedService,
  type TestDatabase,
  type TestSmtpCatcher,
} from '@academy/testing';
import { MAIL_CONCURRENCY } from '@academy/backend';

const MASTER_KEY = Buffer.alloc(32, 17).toString('base64');
let db: TestDatabase;
let smtp: TestSmtpCatcher;
let env: Record<string, string>;
const services: (SpawnedService & { url?: string })[] = [];
let proxy: http.Server;
let proxyUrl = '';
const [workerA, workerB, apiA, apiB] = [0, 1, 2, 3];

/** Round robin over the two APIs, as the deployment's reverse proxy does. */
function startProxy(targets: string[]): Promise<http.Server> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]);
    const forward = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(forward);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Advisory locks (the projections' and consumers' leader locks) held by each process, by its pid in application_name. */
async function leaderLocks(): Promise<Map<number, number>> {
  const { rows } = await db.pool.query<{ pid: string; n: string }>(
    `SELECT substring(a.application_name from '^academy-event-store (\\d+)@') AS pid, count(*) AS n
       FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND a.datname = current_database() AND a.application_name LIKE 'academy-event-store %'
      GROUP BY 1`,
  );
  return new Map(rows.map((r) => [Number(r.pid), Number(r.n)]));
}
/** How many leaders there are: every live projection version and every consumer. */
async function leaderCount(): Promise<number> {
  const { rows } = await db.pool.query<{ n: string }>(
    `SELECT (SELECT count(*) FROM projections.checkpoints WHERE status = 'live') + (SELECT count(*) FROM projections.consumer_checkpoints) AS n`,
  );
  return Number(rows[0].n);
}

async function call(base: string, method: string, p: string, o: { token?: string; cookie?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...o.headers };
  if (o.cookie) headers.cookie = o.cookie;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  const res = await fetch(`${base}/api${p}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
  const text = await res.text();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('academy_refresh='))?.split(';')[0];
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers, cookie };
}

beforeAll(async () => {
  [db, smtp] = await Promise.all([createTestDatabase('replicas'), startSmtpCatcher({ keep: 100_000 })]);
  env = {
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: uniquePrefix('replicas'),
    QUEUE_STALL_MS: '5000', // the killed worker's mail jobs are taken over after 5 s, not BullMQ's 30 s
    SMTP_URL: smtp.url,
    JWT_SECRET: 'a-shared-test-secret-that-is-long-enough-0123456789',
    ACADEMY_MASTER_KEY: MASTER_KEY,
    PUBLIC_URL: 'https://academy.example',
    HOST: '127.0.0.1',
    ACADEMY_FRONTENDS_DIR: path.join(repoRoot, 'frontends'),
  };
  // Worker A first, alone, so that it leads every projection and consumer; worker B stands by.
  services.push({ name: 'worker', ...spawnService('worker', env) });
  await until(
    async () => {
      if (services[workerA].child.exitCode !== null) throw new Error(`worker A exited:\n${outputOf(services)}`);
      const locks = await leaderLocks().catch(() => new Map<number, number>());
      const n = await leaderCount().catch(() => 0);
      return n > 0 && locks.get(services[workerA].child.pid!) === n;
    },
    'worker A to lead every projection and consumer',
    60_000,
  );
  services.push({ name: 'worker', ...spawnService('worker', env) });
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    services.push({ name: 'api', ...spawnService('api', { ...env, PORT: String(port) }), url: `http://127.0.0.1:${port}` });
  }
  await until(
    async () => {
      for (const s of services) if (s.child.exitCode !== null) throw new Error(`the ${s.name} exited:\n${outputOf(services)}`);
      const healthy = await Promise.all([apiA, apiB].map((i) => fetch(`${services[i].url}/api/health`).then((r) => r.status === 200, () => false)));
      return healthy.every(Boolean);
    },
    'both APIs healthy',
    60_000,
  );
  proxy = await startProxy([services[apiA].url!, services[apiB].url!]);
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 150_000);

afterAll(async () => {
  await new Promise((r) => (proxy ? proxy.close(r) : r(undefined)));
  await Promise.all(services.map((s) => stopProcess(s.child)));
  await smtp?.stop();
  await db?.drop();
}, 60_000);

function runDemo(): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let out = '';
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/demo.mjs'), '--url', proxyUrl, '--inbox', smtp.inboxUrl], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ACADEMY_DATA_DIR: path.join(repoRoot, 'tmp', 'replicas-test-no-stack') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (b) => (out += b));
  child.stderr.on('data', (b) => (out += b));
  return { child, output: () => out, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

describe('two APIs and two workers on one Postgres and one Redis', () => {
  it('the leading worker killed mid-traffic: the standby takes over within 5 s; no event skipped, no effect doubled, no mail lost', async () => {
    const demo = runDemo();
    // Mid-traffic: while students submit and teachers grade, so capstones are passing and weeks advancing.
    await until(() => /cohorts with 12 published weeks/.test(demo.output()) || demo.child.exitCode !== null, 'the demo to reach the students', 180_000);
    await new Promise((r) => setTimeout(r, 3000));
    const leader = services[workerA].child;
    const standby = services[workerB].child.pid!;
    const leaders = await leaderCount();
    // Polled, not read once: besides its leader locks a worker holds an advisory lock for the few
    // milliseconds of each append its reactors make (the log's append lock), and the traffic is running.
    await until(async () => (await leaderLocks()).get(leader.pid!) === leaders, 'worker A to hold exactly its leader locks', 5_000);
    const killedAt = Date.now();
    leader.kill('SIGKILL');
    await until(async () => (await leaderLocks()).get(standby) === leaders, 'the standby worker to hold every leader lock', 30_000);
    const takeoverMs = Date.now() - killedAt;
    process.stdout.write(`replicas: worker B led all ${leaders} projections and consumers ${takeoverMs} ms after worker A was killed\n`);
    expect(takeoverMs).toBeLessThan(5_000);

    expect(await demo.exited).toBe(0);
    expect(demo.output()).toMatch(/academy demo: done in/);

    // Effects: one week advance per passed capstone, none twice.
    const effects = await untilValue(
      async () =>
        (
          await db.pool.query<{ passed: string; advanced: string; doubled: string }>(
            `SELECT (SELECT count(*) FROM event_store.events WHERE type = 'CapstonePassed') AS passed,
                    (SELECT count(*) FROM event_store.events WHERE type = 'EnrollmentWeekAdvanced') AS advanced,
                    (SELECT count(*) FROM (SELECT 1 FROM event_store.events WHERE type = 'EnrollmentWeekAdvanced'
                                            GROUP BY metadata->>'causationId' HAVING count(*) > 1) d) AS doubled`,
          )
        ).rows[0],
      (r) => r.passed === r.advanced,
      'a week advance for every passed capstone',
      30_000,
    );
    expect(Number(effects.passed)).toBeGreaterThan(100);
    expect(effects.doubled).toBe('0');

    // Mails: every account's credentials once (a stalled job of the killed worker is taken over by
    // the other after BullMQ's stall check), and nothing sent twice or left behind.
    const accounts = (await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM event_store.events WHERE type = 'AccountCredentialsIssued'`)).rows[0].n;
    const connection = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    const queue = new Queue('mail', { connection, prefix: env.QUEUE_PREFIX });
    try {
      await until(
        async () => {
          const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
          return Object.values(c).every((n) => n === 0);
        },
        'the mail queue to drain',
        90_000,
      );
      expect(await queue.getJobCounts('failed')).toEqual({ failed: 0 });
    } finally {
      await queue.close();
      await connection.quit();
    }
    const credentials = smtp.messages().filter((m) => m.subject === 'Your Academy account');
    // Counted by Message-ID: a resend of the one mail caught mid-send is the same mail to its reader.
    const perAddress = new Map<string, Set<string | null>>();
    for (const m of credentials) for (const to of m.to) perAddress.set(to, (perAddress.get(to) ?? new Set()).add(m.messageId));
    expect(perAddress.size).toBe(Number(accounts));
    expect([...perAddress.entries()].filter(([, ids]) => ids.size !== 1)).toEqual([]);
    // Every recorded mail was delivered and every delivery was recorded, by Message-ID. A mail the
    // killed worker handed to the server just before it died (not yet recorded) goes again on the
    // stalled job's retry with the same Message-ID: at most the jobs it was sending at once arrive
    // twice (seen under load: two of them).
    const recorded = (await db.pool.query<{ message_id: string }>(`SELECT message_id FROM sent_mail WHERE sent_at IS NOT NULL`)).rows.map((r) => r.message_id);
    const delivered = smtp.messages().map((m) => m.messageId);
    expect(new Set(delivered)).toEqual(new Set(recorded));
    expect(recorded.length).toBe(new Set(recorded).size);
    expect(delivered.length - recorded.length).toBeLessThanOrEqual(MAIL_CONCURRENCY);

    // Events: every projection rebuilt from position 0 equals what the two workers built live.
    await expectLogReplaysEqual({ DATABASE_URL: db.url, ACADEMY_MASTER_KEY: MASTER_KEY });
  }, 420_000);

  const a = () => services[apiA].url!;
  const b = () => services[apiB].url!;
  let adminToken = '';
  let teacherEmail = '';

  it('a session ended through API A is refused by API B at once', async () => {
    // A teacher the demo made, with the password mailed to them.
    const teacherMail = smtp.messages().find((m) => m.subject === 'Your Academy account' && m.to.some((t) => t.startsWith('teacher2@')))!;
    const email = teacherMail.to[0];
    const password = /Temporary password: (\S+)/.exec(teacherMail.text)![1];
    const signedIn = await call(a(), 'POST', '/auth/sign-in', { body: { email, password } });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.access_token as string;
    expect((await call(b(), 'GET', '/auth/me', { token })).status).toBe(200);
    expect((await call(b(), 'GET', '/auth/me', { token })).status).toBe(200);
    expect((await call(a(), 'POST', '/auth/sign-out', { token, cookie: signedIn.cookie })).status).toBe(204);
    expect((await call(b(), 'GET', '/auth/me', { token })).status).toBe(401);
    teacherEmail = email;
  });

  it('sign-in limits count across both APIs', async () => {
    // 10 failures per (account, address) in 15 minutes, half through each API: the next try, on either, is refused.
    for (let i = 0; i < 10; i++) {
      const r = await call(i % 2 ? b() : a(), 'POST', '/auth/sign-in', { body: { email: teacherEmail, password: `not-the-password-${i}` } });
      expect(r.status).toBe(401);
    }
    expect((await call(a(), 'POST', '/auth/sign-in', { body: { email: teacherEmail, password: 'not-the-password-again' } })).status).toBe(429);
    expect((await call(b(), 'POST', '/auth/sign-in', { body: { email: teacherEmail, password: 'not-the-password-again' } })).status).toBe(429);
  });

  it('a write through one API is read through the other at its position (read-your-writes)', async () => {
    const sa = smtp.messages().find((m) => m.subject === 'Your Academy account' && m.to.some((t) => t.startsWith('student-admin1@')))!;
    const signedIn = await call(a(), 'POST', '/auth/sign-in', { body: { email: sa.to[0], password: /Temporary password: (\S+)/.exec(sa.text)![1] } });
    expect(signedIn.status).toBe(200);
    adminToken = signedIn.body.access_token;
    for (let i = 0; i < 6; i++) {
      const [write, read] = i % 2 ? [b(), a()] : [a(), b()];
      const email = `ryw-${i}-${Date.now()}@example.com`;
      const created = await call(write, 'POST', '/users', { token: adminToken, body: { fullName: `Rudo Ryw ${i}`, email, role: 'student' } });
      expect([201, 202]).toContain(created.status);
      const position = created.headers.get('x-academy-position')!;
      expect(position).toMatch(/^\d+$/);
      // The web client's re-read after a write: at least that position, from whichever API answers.
      const list = await untilValue(
        () => call(read, 'GET', '/students', { token: adminToken, headers: { 'x-academy-min-position': position } }),
        (r) => r.status === 200,
        'the other API to answer at the write’s position',
        15_000,
      );
      expect(list.body.students.map((s: { email: string }) => s.email)).toContain(email);
    }
  });
});
