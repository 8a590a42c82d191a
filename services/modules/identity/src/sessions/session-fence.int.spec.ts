// Two API processes on one database (ADR 0012): every command that ends sessions, answered by process
// A, is refused by process B on B's very next request, though B remembered the session as live. No
// polling after the answer: the answer itself is the promise. Real Postgres and Redis; the identity
// projection runs beside A as the worker would run it.
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type pg from 'pg';
import { applyHttpPlatform, AuthModule, BackboneModule, CONSISTENCY_WAITER, EVENT_STORE, EventSourcingModule, HttpPlatformModule, loadConfig, migrateUp, MikroORM, ormOptions, PG_POOL } from '@academy/backend';
import { type ConsistencyWaiter, EmailLookup, type EventStore, type RunningProjections, runCommand, startProjections } from '@academy/event-store';
import type { Role } from '@academy/contracts';
import { createTestDatabase, type TestDatabase, testRedisUrl, uniquePrefix, until } from '@academy/testing';
import { IdentityModule, IdentityProfileStatus, IdentitySessionValidator, identityProjections, identitySessionMigrations } from '../index.js';
import { registerAccount } from '../commands/register-account.js';
import { hashPassword } from '../passwords/passwords.js';
import { TRUST_MS } from './listener-row.js';
import { LiveSessions } from './live-sessions.js';

interface Api {
  app: INestApplication;
  url: string;
  live: LiveSessions;
}

let db: TestDatabase;
let a: Api;
let b: Api;
let store: EventStore;
let runners: RunningProjections;
let passwordHash: string;
const PASSWORD = 'correct horse battery staple';

async function startApi(name: string, config: ReturnType<typeof loadConfig>): Promise<Api> {
  const moduleRef = await Test.createTestingModule({
    imports: [EventSourcingModule.forRoot(config), BackboneModule.forRoot(), MikroOrmModule.forRoot({ ...ormOptions(db.url), autoLoadEntities: true }), HttpPlatformModule.forRoot(config, name), AuthModule.forRoot(IdentitySessionValidator, IdentityProfileStatus), IdentityModule],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  applyHttpPlatform(app);
  await app.listen(0, '127.0.0.1');
  const live = LiveSessions.of(app.get<pg.Pool>(PG_POOL));
  live.isKnownLive(randomUUID(), randomUUID(), 'student'); // starts listening
  return { app, url: (await app.getUrl()).replace('[::1]', '127.0.0.1'), live };
}

beforeAll(async () => {
  db = await createTestDatabase('session_fence');
  const config = loadConfig({
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    NODE_ENV: 'test',
    ACADEMY_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
    JWT_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'http://academy.test',
    QUEUE_PREFIX: uniquePrefix('session-fence'),
  });
  process.env.ACADEMY_MASTER_KEY = config.ACADEMY_MASTER_KEY;
  const orm = await MikroORM.init(ormOptions(db.url));
  await migrateUp(orm, db.url, [identitySessionMigrations]);
  await orm.close();
  a = await startApi('fence-a', config);
  b = await startApi('fence-b', config);
  store = a.app.get(EVENT_STORE);
  runners = startProjections(identityProjections, { store, pool: a.app.get(PG_POOL), standbyPollMs: 100 });
  passwordHash = await hashPassword(PASSWORD);
  await until(() => a.live.trusting && b.live.trusting, 'both processes to listen and beat');
}, 60_000);

afterAll(async () => {
  await runners?.stop();
  await a?.app.close();
  await b?.app.close();
  await db?.drop();
  delete process.env.ACADEMY_MASTER_KEY;
});

let ip = 0;
async function call(api: Api, method: string, path: string, o: { token?: string; refresh?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': `10.9.${Math.floor(++ip / 250)}.${ip % 250}` };
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.refresh) headers.cookie = `academy_refresh=${o.refresh}`;
  const res = await fetch(`${api.url}/api${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
  const text = await res.text();
  const raw = res.headers.getSetCookie().find((c) => c.startsWith('academy_refresh='));
  return { status: res.status, body: text ? JSON.parse(text) : null, refresh: raw ? decodeURIComponent(raw.slice('academy_refresh='.length).split(';')[0]) : null };
}

const meta = () => ({ actorId: null, actorRole: 'admin' as const, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() });

/** An account straight in the log (no mail round trip), readable by sign-in once the projection has it. */
async function account(role: Role): Promise<{ userId: string; email: string }> {
  const userId = randomUUID();
  const email = `fence.${userId}@example.com`;
  const { position } = await runCommand(store, meta(), {
    execute: (unit) =>
      registerAccount(unit, { type: 'RegisterUser', userId, role, email, emailHash: a.app.get(EmailLookup).of(email), fullName: 'Lindiwe Dube', passwordHash, selfRegistered: false, verification: null }),
  });
  expect((await a.app.get<ConsistencyWaiter>(CONSISTENCY_WAITER).wait(['identity_users'], position, 5000)).reached).toBe(true);
  return { userId, email };
}

async function signIn(email: string, password = PASSWORD) {
  const s = await call(a, 'POST', '/auth/sign-in', { body: { email, password } });
  expect(s.status).toBe(200);
  return { token: s.body.access_token as string, refresh: s.refresh! };
}

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string; sid: string; role: string };

/** B answers the token from memory: the state the race needs (a database read would be right anyway). */
async function rememberedByB(token: string) {
  expect((await call(b, 'GET', '/auth/me', { token })).status).toBe(200);
  expect((await call(b, 'GET', '/auth/me', { token })).status).toBe(200);
  const c = claims(token);
  expect(b.live.isKnownLive(c.sid, c.sub, c.role)).toBe(true);
}

const meOn = async (api: Api, token: string) => (await call(api, 'GET', '/auth/me', { token })).status;

describe('a command answered by one API process', () => {
  it('sign-out: the other process refuses the token at once', async () => {
    const u = await account('teacher');
    const s = await signIn(u.email);
    await rememberedByB(s.token);
    expect((await call(a, 'POST', '/auth/sign-out', { token: s.token, refresh: s.refresh })).status).toBe(204);
    expect(await meOn(b, s.token)).toBe(401);
  });

  it('sign out other sessions: the other process refuses the ended ones at once and keeps the asking one', async () => {
    const u = await account('teacher');
    const old = await signIn(u.email);
    const current = await signIn(u.email);
    await rememberedByB(old.token);
    await rememberedByB(current.token);
    expect((await call(a, 'POST', '/account/sessions/sign-out-others', { token: current.token })).status).toBe(200);
    expect(await meOn(b, old.token)).toBe(401);
    expect(await meOn(b, current.token)).toBe(200);
  });

  it('password change: the other process refuses the other sessions at once', async () => {
    const u = await account('teacher');
    const old = await signIn(u.email);
    const current = await signIn(u.email);
    await rememberedByB(old.token);
    const changed = await call(a, 'POST', '/account/password', { token: current.token, body: { currentPassword: PASSWORD, newPassword: 'a completely different passphrase 42', confirmPassword: 'a completely different passphrase 42' } });
    expect(changed.status).toBe(200);
    expect(await meOn(b, old.token)).toBe(401);
  });

  it('role change: neither process accepts the token naming the old role', async () => {
    const admin = await signIn((await account('admin')).email);
    const u = await account('teacher');
    const s = await signIn(u.email);
    await rememberedByB(s.token);
    const assigned = await call(a, 'PUT', `/users/${u.userId}/role`, { token: admin.token, body: { role: 'student' } });
    expect(assigned.status).toBe(200);
    expect(await meOn(b, s.token)).toBe(401);
    expect(await meOn(a, s.token)).toBe(401);
  });

  it('deletion: the other process refuses the deleted user at once', async () => {
    const admin = await signIn((await account('admin')).email);
    const u = await account('teacher');
    const s = await signIn(u.email);
    await rememberedByB(s.token);
    expect((await call(a, 'DELETE', `/users/${u.userId}`, { token: admin.token })).status).toBe(200);
    expect(await meOn(b, s.token)).toBe(401);
  });

  it('refresh-token reuse: the other process refuses the family at once', async () => {
    const u = await account('teacher');
    const s = await signIn(u.email);
    const rotated = await call(a, 'POST', '/auth/refresh', { refresh: s.refresh });
    expect(rotated.status).toBe(200);
    await rememberedByB(rotated.body.access_token);
    expect((await call(a, 'POST', '/auth/refresh', { refresh: s.refresh })).status).toBe(401); // the old cookie again
    expect(await meOn(b, rotated.body.access_token)).toBe(401);
    expect(await meOn(b, s.token)).toBe(401);
  });
});

describe('a process slow to hear', () => {
  /** B's LISTEN socket stops being read: notices and beat answers wait in the socket, as in a stalled process. */
  const deafen = (api: Api) => {
    const socket = (api.live as unknown as { listener: { connection: { stream: { pause(): void; resume(): void } } } }).listener.connection.stream;
    socket.pause();
    return () => socket.resume();
  };

  it('is waited for until it no longer trusts its memory: the command answers, and it refuses the token', async () => {
    const u = await account('teacher');
    const s = await signIn(u.email);
    await rememberedByB(s.token);
    const resume = deafen(b);
    try {
      const t0 = Date.now();
      expect((await call(a, 'POST', '/auth/sign-out', { token: s.token, refresh: s.refresh })).status).toBe(204);
      expect(await meOn(b, s.token)).toBe(401);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(TRUST_MS); // B's row went stale: by then B trusted nothing
    } finally {
      resume();
    }
    await until(() => b.live.trusting, 'B to beat again');
    expect(await meOn(b, s.token)).toBe(401);
  });
});

describe('the fence', () => {
  const listener = (heard: number, ageSeconds: number) =>
    db.pool.query(`INSERT INTO identity_session_listeners (id, process, heard, beat_at) VALUES ($1, 'test', $2, now() - make_interval(secs => $3)) RETURNING id`, [randomUUID(), heard, ageSeconds]).then((r) => r.rows[0].id as string);

  it('waits for a process that beat recently until it has heard the fence', async () => {
    const id = await listener(0, 0);
    try {
      let done = false;
      const fence = a.live.fence().then(() => (done = true));
      await new Promise((r) => setTimeout(r, 500));
      expect(done).toBe(false);
      await db.pool.query(`UPDATE identity_session_listeners SET heard = 9223372036854775807 WHERE id = $1`, [id]);
      await fence;
      expect(done).toBe(true);
    } finally {
      await db.pool.query('DELETE FROM identity_session_listeners WHERE id = $1', [id]);
    }
  });

  it('does not wait for a process whose last beat is older than its trust (it forgets everything before trusting again)', async () => {
    const id = await listener(0, 10);
    try {
      const t0 = Date.now();
      await a.live.fence();
      expect(Date.now() - t0).toBeLessThan(2000);
    } finally {
      await db.pool.query('DELETE FROM identity_session_listeners WHERE id = $1', [id]);
    }
  });

  it('a process that stops hearing leaves the fences at once', async () => {
    const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM identity_session_listeners`);
    expect(rows[0].n).toBe(2);
    await db.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'academy-live-sessions' AND datname = current_database()`);
    await until(async () => (await db.pool.query(`SELECT count(*)::int AS n FROM identity_session_listeners`)).rows[0].n === 0, 'both rows to go');
    expect(a.live.trusting || b.live.trusting).toBe(false);
  });
});
