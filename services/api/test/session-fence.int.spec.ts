// Two API processes as deployed: the built API twice on one database (the worker beside the first).
// A command that ends sessions, answered by A, is refused by B on B's very next request, though B had
// remembered the session live (ADR 0012). B is a process of its own with its own event loop and its own
// LISTEN connection, so each command is tried a few times: without fences a round can pass by luck,
// not all of them on a busy machine (services/modules/identity/src/sessions/session-fence.int.spec.ts
// holds the deterministic protocol tests).
import type { ChildProcess } from 'node:child_process';
import { freePort, spawnService, startApi, stopProcess, startSmtpCatcher, testRedisUrl, uniquePrefix, until, type RunningApi, type TestSmtpCatcher } from '@academy/testing';

const ROUNDS = 5;
const env = {
  PUBLIC_URL: 'https://academy.example',
  JWT_SECRET: 'a-shared-test-secret-that-is-long-enough-0123456789',
  ACADEMY_MASTER_KEY: Buffer.alloc(32, 9).toString('base64'),
};

let smtp: TestSmtpCatcher;
let a: RunningApi;
let b: { child: ChildProcess; output: () => string; url: string };

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  a = await startApi({ withWorker: true, env: { ...env, SMTP_URL: smtp.url } });
  const port = await freePort();
  const spawned = spawnService('api', { ...env, SMTP_URL: smtp.url, DATABASE_URL: a.db.url, REDIS_URL: testRedisUrl(), PORT: String(port), HOST: '127.0.0.1', QUEUE_PREFIX: uniquePrefix('api-b') });
  b = { ...spawned, url: `http://127.0.0.1:${port}` };
  await until(
    async () => {
      if (b.child.exitCode !== null) throw new Error(`API B exited:\n${b.output()}`);
      return fetch(`${b.url}/api/health`).then(
        () => true,
        () => false,
      );
    },
    'API B to listen',
    30_000,
  );
}, 90_000);

afterAll(async () => {
  if (b) await stopProcess(b.child);
  await a?.stop();
  await smtp?.stop();
});

async function call(base: string, method: string, path: string, o: { token?: string; cookie?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.cookie) headers.cookie = o.cookie;
  const res = await fetch(`${base}/api${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
  const text = await res.text();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('academy_refresh='))?.split(';')[0];
  return { status: res.status, body: text ? JSON.parse(text) : null, cookie };
}

async function signIn(email: string, password: string) {
  const s = await call(a.url, 'POST', '/auth/sign-in', { body: { email, password } });
  expect(s.status).toBe(200);
  return { token: s.body.access_token as string, cookie: s.cookie!, userId: s.body.user.id as string };
}

/** B has seen the session live (twice: the second answer comes from its memory). */
async function warm(token: string) {
  expect((await call(b.url, 'GET', '/auth/me', { token })).status).toBe(200);
  expect((await call(b.url, 'GET', '/auth/me', { token })).status).toBe(200);
}

let admin: { token: string };
async function teacher(label: string): Promise<{ email: string; password: string }> {
  const email = `${label}@example.com`;
  const created = await call(a.url, 'POST', '/users', { token: admin.token, body: { fullName: 'Tendai Ncube', email, role: 'teacher' } });
  expect(created.status).toBe(201);
  const mail = await smtp.waitFor((m) => m.to.includes(email), 20_000);
  return { email, password: /Temporary password: (\S+)/.exec(mail.text)![1] };
}

describe('two API processes on one database', () => {
  beforeAll(async () => {
    const setup = await call(a.url, 'POST', '/setup');
    expect(setup.status).toBe(201);
    admin = await signIn(setup.body.email, setup.body.password);
  });

  it(`sign-out through A: B refuses the token on its next request (${ROUNDS} rounds)`, async () => {
    const t = await teacher('fence.signout');
    for (let round = 0; round < ROUNDS; round++) {
      const s = await signIn(t.email, t.password);
      await warm(s.token);
      expect((await call(a.url, 'POST', '/auth/sign-out', { token: s.token, cookie: s.cookie })).status).toBe(204);
      expect((await call(b.url, 'GET', '/auth/me', { token: s.token })).status).toBe(401);
    }
  });

  it(`role change through A: B refuses the token naming the old role on its next request (${ROUNDS} rounds)`, async () => {
    const t = await teacher('fence.role');
    const roles = ['admin', 'teacher'] as const;
    for (let round = 0; round < ROUNDS; round++) {
      const s = await signIn(t.email, t.password);
      await warm(s.token);
      const assigned = await call(a.url, 'PUT', `/users/${s.userId}/role`, { token: admin.token, body: { role: roles[round % 2] } });
      expect(assigned.status).toBe(200);
      expect((await call(b.url, 'GET', '/auth/me', { token: s.token })).status).toBe(401);
    }
  });
});
