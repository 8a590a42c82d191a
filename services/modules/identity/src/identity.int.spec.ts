// The identity context over real HTTP, real Postgres and real Redis: the module as the API composes
// it (global AuthGuard, rate limiter, read-your-writes), its projection run in-process like the
// worker runs it, and the notifications dispatcher feeding the real 'mail' queue.
import { Controller, Get, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { INestApplication } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  applyHttpPlatform,
  AuthModule,
  BackboneModule,
  CONSISTENCY_WAITER,
  createRedis,
  CurrentUser,
  EVENT_STORE,
  EventSourcingModule,
  HttpPlatformModule,
  loadConfig,
  MAIL_QUEUE,
  type MailMessage,
  migrateUp,
  MikroORM,
  ormOptions,
  PG_POOL,
  type Principal,
  Roles,
  withMailRoutes,
} from '@academy/backend';
import { type ConsistencyWaiter, Dispatcher, type EventStore, type RunningProjections, runCommand, startProjections } from '@academy/event-store';
import { apiErrorSchema, completeProfileResponseSchema, IDENTITY_MESSAGES, meResponseSchema, messageResponseSchema, sessionSchema, setupResponseSchema, UserRegisteredV1 } from '@academy/contracts';
import { bodyOf, createTestDatabase, type TestDatabase, testRedisUrl, uniquePrefix, until } from '@academy/testing';
import type pg from 'pg';
import { LiveSessions } from './sessions/live-sessions.js';
import { SessionStore } from './sessions/session-store.js';
import { IdentityModule, IdentitySessionValidator, IdentityProfileStatus, identityMailTemplates, identityProjections, identitySessionMigrations } from './index.js';
import { userDecider } from './domain/user.decide.js';
import { userStream } from './domain/user.js';

// A endpoint of "another context", to prove @Roles and @CurrentUser from libs/backend.
@Controller('probe')
class ProbeController {
  @Get('admin-only')
  @Roles('admin')
  adminOnly(@CurrentUser() p: Principal) {
    return { userId: p.userId, role: p.role };
  }
}
@Module({ controllers: [ProbeController] })
class ProbeModule {}

let db: TestDatabase;
let app: INestApplication;
let url: string;
let store: EventStore;
let runners: RunningProjections;
let dispatcher: Dispatcher;
let redis: Redis;
let mail: Queue;
const prefix = uniquePrefix('identity');

beforeAll(async () => {
  db = await createTestDatabase('identity');
  const config = loadConfig({
    // Its clients are "behind a proxy on loopback": X-Forwarded-For names each one's address.
    TRUST_PROXY: 'loopback',
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    NODE_ENV: 'test',
    ACADEMY_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
    JWT_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'http://academy.test',
    QUEUE_PREFIX: prefix,
  });
  process.env.ACADEMY_MASTER_KEY = config.ACADEMY_MASTER_KEY;
  const orm = await MikroORM.init(ormOptions(db.url));
  await migrateUp(orm, db.url, [identitySessionMigrations]);
  await orm.close();
  const moduleRef = await Test.createTestingModule({
    imports: [EventSourcingModule.forRoot(config), BackboneModule.forRoot(), MikroOrmModule.forRoot({ ...ormOptions(db.url), autoLoadEntities: true }), HttpPlatformModule.forRoot(config, 'identity-test'), AuthModule.forRoot(IdentitySessionValidator, IdentityProfileStatus), IdentityModule, ProbeModule],
  }).compile();
  app = moduleRef.createNestApplication({ logger: false });
  applyHttpPlatform(app);
  await app.listen(0, '127.0.0.1');
  url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  store = app.get(EVENT_STORE);
  runners = startProjections(identityProjections, { store, pool: app.get(PG_POOL), standbyPollMs: 100 });
  redis = createRedis(testRedisUrl(), 'identity-test-dispatcher');
  dispatcher = new Dispatcher({ name: 'notifications', store, pool: app.get(PG_POOL), connection: redis, prefix, routes: withMailRoutes({}, identityMailTemplates) }).start();
  mail = new Queue(MAIL_QUEUE, { connection: redis, prefix });
}, 60_000);

afterAll(async () => {
  await dispatcher?.stop();
  await mail?.close();
  await runners?.stop();
  await app?.close();
  await redis?.quit();
  await db?.drop();
  delete process.env.ACADEMY_MASTER_KEY;
});

// ── helpers ──────────────────────────────────────────────────────────────────────────────────────
interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
  /** The academy_refresh Set-Cookie, split into value and attributes. */
  cookie: { value: string; attributes: string } | null;
}
interface CallOptions {
  body?: unknown;
  token?: string;
  refresh?: string;
  ip?: string;
}
let ipCounter = 0;
/** Each call from a new client address unless given: the per-IP limits are tested on purpose only. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function call(method: string, path: string, o: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': o.ip ?? freshIp() };
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.refresh !== undefined) headers.cookie = `academy_refresh=${o.refresh}`;
  const res = await fetch(`${url}/api${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
  const text = await res.text();
  const raw = res.headers.getSetCookie().find((c) => c.startsWith('academy_refresh='));
  const cookie = raw ? { value: decodeURIComponent(raw.slice('academy_refresh='.length).split(';')[0]), attributes: raw } : null;
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers, cookie };
}

let emailCounter = 0;
const newEmail = (label = 'user') => `${label}.${++emailCounter}.${Date.now()}@Example.com`;
const GOOD_PASSWORD = 'correct horse battery staple';

/** The verification mail of `email` as the worker would send it: its job on the real mail queue, rendered by the template. */
async function verificationMailFor(email: string): Promise<{ message: MailMessage; userId: string; link: string; eventId: string }> {
  for (let i = 0; i < 100; i++) {
    const events = (await store.readAll(0, 10_000)).filter((e) => e.type === 'EmailVerificationRequested' && e.personal?.data.email === email.toLowerCase());
    const job = events.length ? await mail.getJob(events[0].id) : undefined;
    if (job) {
      // The job carries no personal data: the processor re-reads the event (ARCHITECTURE.md §7).
      expect(JSON.stringify(job.data)).not.toContain(email.toLowerCase());
      const message = (await identityMailTemplates.EmailVerificationRequested(events[0], { config: { PUBLIC_URL: 'http://academy.test', MAIL_FROM: 'x', ADMISSIONS_EXTRA_EMAILS: [], ACADEMY_TIME_ZONE: 'Africa/Johannesburg' }, directory: { byRoles: async () => [], byId: async () => null } } as never)) as MailMessage;
      const link = message.text.match(/http:\/\/academy\.test\/auth\/verify\?token=\S+/)?.[0] ?? '';
      return { message, userId: (events[0].data as { userId: string }).userId, link, eventId: events[0].id };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no verification mail job for ${email}`);
}

async function signUp(email: string, password = GOOD_PASSWORD, fullName = 'Thandi Nkosi') {
  return call('POST', '/auth/sign-up', { body: { fullName, email, password } });
}

async function verifiedStudent(label = 'student') {
  const email = newEmail(label);
  expect((await signUp(email)).status).toBe(201);
  const mail = await verificationMailFor(email);
  const token = new URL(mail.link).searchParams.get('token')!;
  expect((await call('POST', '/auth/verify-email', { body: { token } })).status).toBe(200);
  return { email, password: GOOD_PASSWORD, userId: mail.userId };
}

async function signIn(email: string, password: string, ip?: string) {
  return call('POST', '/auth/sign-in', { body: { email, password }, ip });
}

let admin: { email: string; password: string; token: string };

// ── setup (first, on the empty database) ─────────────────────────────────────────────────────────
describe('setup', () => {
  it('creates exactly one administrator even when two setups race; every later call gets 409', async () => {
    expect(await call('GET', '/setup')).toMatchObject({ status: 200, body: { done: false } });
    const [a, b] = await Promise.all([call('POST', '/setup'), call('POST', '/setup')]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([201, 409]);
    const won = a.status === 201 ? a : b;
    const lost = a.status === 201 ? b : a;
    expect(bodyOf(lost, messageResponseSchema).message).toBe('Setup is already done: an administrator exists.');
    expect(won.headers.get('cache-control')).toBe('no-store');
    const credentials = bodyOf(won, setupResponseSchema);
    expect(credentials.email).toBe('admin@academy.local');
    expect(credentials.password.length).toBeGreaterThanOrEqual(24);
    expect(await call('GET', '/setup')).toMatchObject({ status: 200, body: { done: true } });
    const again = await call('POST', '/setup');
    expect(again).toMatchObject({ status: 409, body: { message: 'Setup is already done: an administrator exists.' } });
    const registered = (await store.readAll(0, 10_000)).filter((e) => e.type === 'UserRegistered' && UserRegisteredV1.parse(e).role === 'admin');
    expect(registered).toHaveLength(1);

    const session = await signIn(credentials.email, credentials.password);
    expect(session.status).toBe(200);
    expect(bodyOf(session, sessionSchema).user).toMatchObject({ email: 'admin@academy.local', role: 'admin', firstLoginCompleted: false });
    admin = { email: credentials.email, password: credentials.password, token: bodyOf(session, sessionSchema).access_token };
  });
});

// ── the session life cycle ───────────────────────────────────────────────────────────────────────
describe('sign-up → verify → sign-in → me → refresh → reuse → sign-out', () => {
  it('walks the whole life of a session', async () => {
    const email = newEmail('life');
    const up = await signUp(email);
    expect(up).toMatchObject({ status: 201, body: { message: 'Account created! Please check your email to verify.' } });

    // Not verified yet: the right password gets 403 with the reason; nothing is issued.
    const early = await signIn(email, GOOD_PASSWORD);
    expect(early).toMatchObject({ status: 403, body: { message: 'Please verify your email before signing in.' } });
    expect(early.cookie).toBeNull();

    // The mail carries the link; the log stores only the token's hash in clear data.
    const job = await verificationMailFor(email);
    expect(job.message).toMatchObject({ to: `Thandi Nkosi <${email.toLowerCase()}>`, subject: 'Verify your email for Academy' });
    // The expiry in the academy's zone, named (not toUTCString's GMT).
    expect(job.message.text).toMatch(/The link works until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} Johannesburg time\./);
    expect(job.link).toMatch(/^http:\/\/academy\.test\/auth\/verify\?token=[A-Za-z0-9_-]{43}$/);
    const token = new URL(job.link).searchParams.get('token')!;
    const requested = (await store.readAll(0, 10_000)).find((e) => e.id === job.eventId)!;
    expect(JSON.stringify(requested.data)).not.toContain(token);
    const { rows } = await db.pool.query('SELECT verification_token_hash FROM identity_users.users WHERE id = $1', [job.userId]);
    expect(rows[0].verification_token_hash).toMatch(/^[0-9a-f]{64}$/);

    expect(await call('POST', '/auth/verify-email', { body: { token: 'not-the-token' } })).toMatchObject({ status: 400, body: { message: 'This verification link is invalid or has expired.' } });
    expect(await call('POST', '/auth/verify-email', { body: { token } })).toMatchObject({ status: 200, body: { message: expect.any(String) } });

    const session = await signIn(email.toUpperCase(), GOOD_PASSWORD);
    expect(session.status).toBe(200);
    expect(bodyOf(session, sessionSchema).user).toEqual({ id: job.userId, email: email.toLowerCase(), fullName: 'Thandi Nkosi', role: 'student', firstLoginCompleted: false });
    const now = Math.floor(Date.now() / 1000);
    expect(bodyOf(session, sessionSchema).expires_at).toBeGreaterThan(now + 14 * 60);
    expect(bodyOf(session, sessionSchema).expires_at).toBeLessThanOrEqual(now + 15 * 60 + 1);
    expect(session.body).not.toHaveProperty('refresh_token');
    expect(session.cookie!.attributes).toMatch(/HttpOnly/);
    expect(session.cookie!.attributes).toMatch(/SameSite=Strict/);
    expect(session.cookie!.attributes).toMatch(/Path=\/api\/auth/);
    expect(session.cookie!.attributes).not.toMatch(/Secure/); // PUBLIC_URL is http here
    // Its readable companion: the page learns from it that a refresh is worth trying.
    const hintOf = (answer: { headers: Headers }) => answer.headers.getSetCookie().find((c) => c.startsWith('academy_session='));
    expect(hintOf(session)).toMatch(/^academy_session=1; Max-Age=\d+; Path=\/; Expires=[^;]+; SameSite=Strict$/);
    const { rows: stored } = await db.pool.query('SELECT token_hash FROM identity_refresh_tokens');
    expect(stored.map((r) => r.token_hash)).not.toContain(session.cookie!.value);

    expect(await call('GET', '/auth/me', { token: bodyOf(session, sessionSchema).access_token })).toMatchObject({ status: 200, body: bodyOf(session, sessionSchema).user });

    // Refresh rotates: a new cookie, a new access token, the same user.
    const first = session.cookie!.value;
    const refreshed = await call('POST', '/auth/refresh', { refresh: first });
    expect(refreshed.status).toBe(200);
    expect(bodyOf(refreshed, sessionSchema).user).toEqual(bodyOf(session, sessionSchema).user);
    const second = refreshed.cookie!.value;
    expect(second).not.toBe(first);
    expect((await call('GET', '/auth/me', { token: bodyOf(refreshed, sessionSchema).access_token })).status).toBe(200);

    // The old cookie again = theft signal: 401 and the whole family ends (the newest cookie and its access tokens too).
    const reused = await call('POST', '/auth/refresh', { refresh: first });
    expect(reused).toMatchObject({ status: 401, body: { message: 'Your session has ended. Please sign in again.' } });
    expect(hintOf(reused)).toMatch(/^academy_session=; Path=\/; Expires=Thu, 01 Jan 1970/);
    expect((await call('POST', '/auth/refresh', { refresh: second })).status).toBe(401);
    expect((await call('GET', '/auth/me', { token: bodyOf(refreshed, sessionSchema).access_token })).status).toBe(401);
    expect((await call('GET', '/auth/me', { token: bodyOf(session, sessionSchema).access_token })).status).toBe(401);

    // A new sign-in is a new family; signing out ends it and clears the cookie.
    const again = await signIn(email, GOOD_PASSWORD);
    expect(again.status).toBe(200);
    const out = await call('POST', '/auth/sign-out', { refresh: again.cookie!.value });
    expect(out.status).toBe(204);
    expect(out.cookie).toEqual({ value: '', attributes: expect.stringMatching(/Expires=Thu, 01 Jan 1970/) });
    expect(hintOf(out)).toMatch(/^academy_session=; Path=\/; Expires=Thu, 01 Jan 1970/);
    expect((await call('POST', '/auth/refresh', { refresh: again.cookie!.value })).status).toBe(401);
    expect((await call('GET', '/auth/me', { token: bodyOf(again, sessionSchema).access_token })).status).toBe(401);
  });

  it('creates one account when the same email signs up several times at once; every caller gets the same answer', async () => {
    const email = newEmail('race');
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => signUp(email.replace('race', i % 2 ? 'RACE' : 'race'))));
    for (const a of answers) expect(a).toMatchObject({ status: 201, body: { message: IDENTITY_MESSAGES.signedUp } });
    const users = (await store.readAll(0, 10_000)).filter((e) => e.type === 'UserRegistered' && e.personal?.data.email === email.toLowerCase());
    expect(users).toHaveLength(1);
  });
});

describe('sign-in answers', () => {
  it('gives an unknown email and a wrong password the same status and body', async () => {
    const { email } = await verifiedStudent('same');
    const unknown = await signIn(newEmail('nobody'), GOOD_PASSWORD);
    const wrong = await signIn(email, 'not the password at all');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(bodyOf(unknown, messageResponseSchema).message).toBe('Invalid email or password');
    // That the unknown email pays for the same argon2 work is shown without a clock (a timed test
    // failed here under load): sign-in.credentials.unit.spec.ts.
  });

  it('limits wrong passwords per account and address (10 / 15 min) with 429 and Retry-After; the owner still signs in from elsewhere', async () => {
    const { email } = await verifiedStudent('limited');
    const guesser = '10.250.0.3';
    for (let i = 0; i < 10; i++) expect((await signIn(email, `wrong ${i}`, guesser)).status).toBe(401);
    const refused = await signIn(email, GOOD_PASSWORD, guesser);
    expect(refused).toMatchObject({ status: 429, body: { message: 'Too many attempts. Please wait a few minutes and try again.' } });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect((await signIn(email, GOOD_PASSWORD, '10.250.0.4')).status).toBe(200);
  });

  it('limits failed sign-ins (25 / 15 min) and sign-ups (20 / 15 min) per client address', async () => {
    const ip = '10.250.0.1';
    for (let i = 0; i < 25; i++) expect((await signIn(newEmail('ip'), 'some password', ip)).status).toBe(401);
    expect(await signIn(newEmail('ip'), 'some password', ip)).toMatchObject({ status: 429, body: { message: IDENTITY_MESSAGES.tooManyAttempts } });
    const upIp = '10.250.0.2';
    for (let i = 0; i < 20; i++) {
      expect((await call('POST', '/auth/sign-up', { body: { fullName: 'X', email: newEmail('ipup'), password: GOOD_PASSWORD }, ip: upIp })).status).toBe(201);
    }
    const before = await store.headPosition();
    const refused = await call('POST', '/auth/sign-up', { body: { fullName: 'X', email: newEmail('ipup'), password: GOOD_PASSWORD }, ip: upIp });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await store.headPosition()).toBe(before);
  });
});

describe('bad input', () => {
  it.each([
    ['sign-up without a name, a bad email and a short password', '/auth/sign-up', { fullName: ' ', email: 'not-an-email', password: 'short' }, ['fullName', 'email', 'password']],
    ['sign-up with a password over 128 characters', '/auth/sign-up', { fullName: 'A', email: 'a@b.co', password: 'x'.repeat(129) }, ['password']],
    ['sign-in without a password', '/auth/sign-in', { email: 'a@b.co' }, ['password']],
    ['verify-email without a token', '/auth/verify-email', {}, ['token']],
  ])('%s: 400 naming the fields, nothing appended', async (_label, path, body, fields) => {
    const before = await store.headPosition();
    const res = await call('POST', path, { body });
    expect(res.status).toBe(400);
    expect(Object.keys(bodyOf(res, apiErrorSchema).fields ?? {}).sort()).toEqual([...fields].sort());
    expect(await store.headPosition()).toBe(before);
  });

  it('refuses a common password at sign-up with a clear message, appending nothing', async () => {
    const before = await store.headPosition();
    const res = await signUp(newEmail('common'), 'Password123');
    expect(res).toMatchObject({ status: 400, body: { message: IDENTITY_MESSAGES.passwordTooCommon, fields: { password: [IDENTITY_MESSAGES.passwordTooCommon] } } });
    expect(await store.headPosition()).toBe(before);
  });

  it("refuses a 7-character password at sign-up naming the field, and takes 8 (ADR 0037: 8, not the spec's 6)", async () => {
    const before = await store.headPosition();
    const short = await signUp(newEmail('seven'), 'kx7qm2p');
    expect(short).toMatchObject({ status: 400, body: { fields: { password: ['Password must be at least 8 characters'] } } });
    expect(await store.headPosition()).toBe(before);
    expect((await signUp(newEmail('eight'), 'kx7qm2pz')).status).toBe(201);
  });

  it('accepts a 128-character password', async () => {
    expect((await signUp(newEmail('long'), 'p'.repeat(64) + 'q'.repeat(64))).status).toBe(201);
  });
});

describe('complete profile', () => {
  const profile = {
    fullName: 'Thandi M. Nkosi',
    phone: '+27 82 123 4567',
    address: '12 Long Street, Cape Town',
    dateOfBirth: '2001-04-30',
    emergencyContactName: 'Sipho Nkosi',
    emergencyContactPhone: '+27 83 765 4321',
  };

  it('says exactly what is wrong with the password, and writes nothing', async () => {
    const s = await verifiedStudent('profile-bad');
    const body = bodyOf(await signIn(s.email, s.password), sessionSchema);
    const before = await store.headPosition();
    const mismatch = await call('POST', '/profile/complete', { token: body.access_token, body: { ...profile, password: 'a fine new password', confirmPassword: 'another one' } });
    expect(mismatch.status).toBe(400);
    expect(bodyOf(mismatch, apiErrorSchema).fields).toEqual({ confirmPassword: ['Passwords do not match'] });
    const short = await call('POST', '/profile/complete', { token: body.access_token, body: { ...profile, password: 'short', confirmPassword: 'short' } });
    expect(short.status).toBe(400);
    expect(bodyOf(short, apiErrorSchema).fields?.password).toEqual(['Password must be at least 8 characters']);
    const missing = await call('POST', '/profile/complete', { token: body.access_token, body: { password: 'a fine new password', confirmPassword: 'a fine new password' } });
    expect(Object.keys(bodyOf(missing, apiErrorSchema).fields ?? {}).sort()).toEqual(['address', 'dateOfBirth', 'emergencyContactName', 'emergencyContactPhone', 'fullName', 'phone']);
    const badDate = await call('POST', '/profile/complete', { token: body.access_token, body: { ...profile, dateOfBirth: '2001-02-30', password: 'a fine new password', confirmPassword: 'a fine new password' } });
    expect(Object.keys(bodyOf(badDate, apiErrorSchema).fields ?? {})).toEqual(['dateOfBirth']);
    const common = await call('POST', '/profile/complete', { token: body.access_token, body: { ...profile, password: 'iloveyou1', confirmPassword: 'iloveyou1' } });
    expect(common).toMatchObject({ status: 400, body: { message: IDENTITY_MESSAGES.passwordTooCommon } });
    expect(await store.headPosition()).toBe(before);
  });

  it('completes the profile, sets the new password, keeps this session and ends the others', async () => {
    const s = await verifiedStudent('profile');
    const other = await signIn(s.email, s.password);
    const here = await signIn(s.email, s.password);
    const newPassword = 'my brand new passphrase';
    const res = await call('POST', '/profile/complete', { token: bodyOf(here, sessionSchema).access_token, body: { ...profile, password: newPassword, confirmPassword: newPassword } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: { id: s.userId, email: s.email.toLowerCase(), fullName: 'Thandi M. Nkosi', role: 'student', firstLoginCompleted: true } });
    // Read-your-writes: the answer came after the read model showed it.
    expect(bodyOf(await call('GET', '/auth/me', { token: bodyOf(here, sessionSchema).access_token }), meResponseSchema)).toEqual(bodyOf(res, completeProfileResponseSchema).user);
    const { rows } = await db.pool.query('SELECT phone, address, to_char(date_of_birth, $2) AS dob, emergency_contact_name FROM identity_users.users WHERE id = $1', [s.userId, 'YYYY-MM-DD']);
    expect(rows[0]).toEqual({ phone: profile.phone, address: profile.address, dob: profile.dateOfBirth, emergency_contact_name: profile.emergencyContactName });
    // Personal fields are in the encrypted part of the event, not in its clear data.
    const completed = (await store.readStream(userStream(s.userId))).find((e) => e.type === 'ProfileCompleted')!;
    expect(JSON.stringify(completed.data)).not.toContain('Long Street');
    expect(completed.personal?.data.address).toBe(profile.address);

    expect((await call('GET', '/auth/me', { token: bodyOf(other, sessionSchema).access_token })).status).toBe(401);
    expect((await call('POST', '/auth/refresh', { refresh: other.cookie!.value })).status).toBe(401);
    expect((await signIn(s.email, s.password)).status).toBe(401);
    expect(bodyOf(await signIn(s.email, newPassword), sessionSchema).user.firstLoginCompleted).toBe(true);
  });
});

describe('authorization', () => {
  // ACADEMY_REPEAT_ROLE_CHANGE=200 runs it 200 times in a row (the race it guards against: ADR 0012).
  const roleChangeRuns = Array.from({ length: Number(process.env.ACADEMY_REPEAT_ROLE_CHANGE ?? 1) }, (_, i) => i + 1);
  it.each(roleChangeRuns)('ends the sessions of a user whose role changed (the token names the old role) #%i', async () => {
    const s = await verifiedStudent('promoted');
    const session = await signIn(s.email, s.password);
    expect((await call('GET', '/auth/me', { token: bodyOf(session, sessionSchema).access_token })).status).toBe(200);
    // Not through AssignRoleHandler (which revokes the sessions itself): only the event, as the projection sees it.
    const { position } = await runCommand(store, { actorId: null, actorRole: 'admin', correlationId: 'test', causationId: null, occurredAt: new Date().toISOString() }, {
      execute: async (unit) => unit.decide(await unit.load(userStream(s.userId), userDecider), userDecider, { type: 'AssignRole', role: 'teacher', actorId: null }),
    });
    expect((await app.get<ConsistencyWaiter>(CONSISTENCY_WAITER).wait(['identity_users'], position, 5000)).reached).toBe(true);
    // What AssignRoleHandler does before it answers: the projection's notice has reached every process.
    await app.get(SessionStore).fence();
    expect((await call('GET', '/auth/me', { token: bodyOf(session, sessionSchema).access_token })).status).toBe(401);
    const refreshed = await call('POST', '/auth/refresh', { refresh: session.cookie!.value });
    expect(refreshed.status).toBe(200);
    expect(bodyOf(refreshed, sessionSchema).user.role).toBe('teacher');
    expect(bodyOf(await call('GET', '/auth/me', { token: bodyOf(refreshed, sessionSchema).access_token }), meResponseSchema).role).toBe('teacher');
  });

  it('a session ended by another process (revoked in the database) is refused as soon as its notice arrives, though it was remembered live', async () => {
    const s = await verifiedStudent('elsewhere');
    const session = await signIn(s.email, s.password);
    const me = () => call('GET', '/auth/me', { token: bodyOf(session, sessionSchema).access_token });
    const live = LiveSessions.of(app.get<pg.Pool>(PG_POOL));
    await until(() => live.trusting, 'the LISTEN connection and its first beat');
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(200); // now answered from memory
    // Not through SessionStore: as another API process would, straight in the database.
    await db.pool.query(`UPDATE identity_session_families SET revoked_at = now(), revoked_reason = 'test' WHERE user_id = $1`, [s.userId]);
    await until(async () => (await me()).status === 401, 'the revoked session to be refused');
  });

  it('remembers nothing while it cannot hear the notices: with LISTEN down every check reads the database', async () => {
    const s = await verifiedStudent('deaf');
    const session = await signIn(s.email, s.password);
    const me = () => call('GET', '/auth/me', { token: bodyOf(session, sessionSchema).access_token });
    const live = LiveSessions.of(app.get<pg.Pool>(PG_POOL));
    await until(() => live.trusting, 'the LISTEN connection and its first beat');
    expect((await me()).status).toBe(200);
    await db.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'academy-live-sessions' AND datname = current_database()`);
    await until(() => !live.listening, 'the LISTEN connection to drop');
    await db.pool.query(`UPDATE identity_session_families SET revoked_at = now(), revoked_reason = 'test' WHERE user_id = $1`, [s.userId]);
    expect((await me()).status).toBe(401);
    // It listens again on the next check after a pause, and starts from an empty memory.
    await until(async () => (await me(), live.listening), 'LISTEN again');
  });

  it('refuses forged, expired-looking and malformed tokens', async () => {
    const parts = admin.token.split('.');
    const forged = [parts[0], Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(parts[1], 'base64url').toString()), role: 'admin', sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url'), parts[2]].join('.');
    for (const token of [forged, 'garbage', `${admin.token}x`]) expect((await call('GET', '/auth/me', { token })).status).toBe(401);
    expect((await fetch(`${url}/api/auth/me`, { headers: { authorization: `Basic ${admin.token}` } })).status).toBe(401);
  });

  it('checks every identity endpoint for anonymous, student and admin callers', async () => {
    const s = await verifiedStudent('matrix');
    const student = bodyOf(await signIn(s.email, s.password), sessionSchema).access_token as string;
    const adminToken = bodyOf(await signIn(admin.email, admin.password), sessionSchema).access_token as string;
    const who: Record<'anonymous' | 'student' | 'admin', string | undefined> = { anonymous: undefined, student, admin: adminToken };
    // [method, path, body, expected status for anonymous, student, admin]
    const matrix: [string, string, unknown, number, number, number][] = [
      ['GET', '/setup', undefined, 200, 200, 200],
      ['POST', '/setup', undefined, 409, 409, 409],
      ['POST', '/auth/sign-up', {}, 400, 400, 400],
      ['POST', '/auth/verify-email', { token: 'unknown' }, 400, 400, 400],
      ['POST', '/auth/sign-in', { email: 'nobody@example.com', password: 'not it at all' }, 401, 401, 401],
      ['POST', '/auth/refresh', undefined, 401, 401, 401],
      ['GET', '/auth/me', undefined, 401, 200, 200],
      ['POST', '/profile/complete', {}, 401, 400, 400],
      ['GET', '/probe/admin-only', undefined, 401, 403, 200],
      // Last: it ends the caller's session.
      ['POST', '/auth/sign-out', undefined, 204, 204, 204],
    ];
    const seen: string[] = [];
    for (const [method, path, body, ...expected] of matrix) {
      for (const [i, role] of (['anonymous', 'student', 'admin'] as const).entries()) {
        const res = await call(method, path, { body, token: who[role] });
        seen.push(`${method} ${path} ${role} → ${res.status}`);
        expect(`${method} ${path} ${role} → ${res.status}`).toBe(`${method} ${path} ${role} → ${expected[i]}`);
      }
    }
    const me = await call('GET', '/probe/admin-only', { token: adminToken });
    expect(me.status).toBe(401); // signed out above
    expect(seen).toHaveLength(matrix.length * 3);
  });
});
