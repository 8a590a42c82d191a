// User management (admin Users / Create User, student-admin Students / Create) and the own-account
// endpoints (Settings), over real HTTP, real Postgres and real Redis, composed like the API composes
// the module; the projection and the notifications dispatcher run in-process like the worker runs them.
import { Test } from '@nestjs/testing';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { INestApplication } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  applyHttpPlatform,
  AuthModule,
  BackboneModule,
  CLOCK,
  createRedis,
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
} from '@academy/backend';
import { withMailRoutes } from '@academy/backend';
import { Dispatcher, type EventStore, type RunningProjections, runCommand, startProjections, type StoredEvent } from '@academy/event-store';
import { accountSessionsResponseSchema, apiErrorSchema, DEFAULT_NOTIFICATION_PREFERENCES, IDENTITY_MESSAGES, meResponseSchema, messageResponseSchema, notificationPreferencesResponseSchema, sessionSchema, setupResponseSchema, signOutOthersResponseSchema, studentResponseSchema, studentsListResponseSchema, USER_ADMIN_MESSAGES, userResponseSchema, usersListResponseSchema } from '@academy/contracts';
import { bodyOf, createTestDatabase, type TestDatabase, testRedisUrl, uniquePrefix } from '@academy/testing';
import { IdentityModule, IdentitySessionValidator, IdentityProfileStatus, identityMailTemplates, identityProjections, identitySessionMigrations } from './index.js';
import { userStream } from './domain/user.js';
import { userDecider } from './domain/user.decide.js';

let db: TestDatabase;
let app: INestApplication;
let url: string;
let store: EventStore;
let runners: RunningProjections;
let dispatcher: Dispatcher;
let redis: Redis;
let mail: Queue;
let clockOffsetMs = 0;
const prefix = uniquePrefix('users');

beforeAll(async () => {
  db = await createTestDatabase('users');
  const config = loadConfig({
    // Its clients are "behind a proxy on loopback": X-Forwarded-For names each one's address.
    TRUST_PROXY: 'loopback',
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    NODE_ENV: 'test',
    ACADEMY_MASTER_KEY: Buffer.alloc(32, 9).toString('base64'),
    JWT_SECRET: 'another-test-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'http://academy.test',
    QUEUE_PREFIX: prefix,
  });
  process.env.ACADEMY_MASTER_KEY = config.ACADEMY_MASTER_KEY;
  const orm = await MikroORM.init(ormOptions(db.url));
  await migrateUp(orm, db.url, [identitySessionMigrations]);
  await orm.close();
  const moduleRef = await Test.createTestingModule({
    imports: [EventSourcingModule.forRoot(config), BackboneModule.forRoot(), MikroOrmModule.forRoot({ ...ormOptions(db.url), autoLoadEntities: true }), HttpPlatformModule.forRoot(config, 'users-test'), AuthModule.forRoot(IdentitySessionValidator, IdentityProfileStatus), IdentityModule],
  })
    // Sign-in judges temporary passwords at this clock: a test moves it forward (clockOffsetMs).
    .overrideProvider(CLOCK)
    .useValue(() => new Date(Date.now() + clockOffsetMs))
    .compile();
  app = moduleRef.createNestApplication({ logger: false });
  applyHttpPlatform(app);
  await app.listen(0, '127.0.0.1');
  url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  store = app.get(EVENT_STORE);
  runners = startProjections(identityProjections, { store, pool: app.get(PG_POOL), standbyPollMs: 100 });
  redis = createRedis(testRedisUrl(), 'users-test-dispatcher');
  dispatcher = new Dispatcher({ name: 'notifications', store, pool: app.get(PG_POOL), connection: redis, prefix, routes: withMailRoutes({}, identityMailTemplates) }).start();
  mail = new Queue(MAIL_QUEUE, { connection: redis, prefix });

  const setup = await call('POST', '/setup');
  expect(setup.status).toBe(201);
  const { email, password } = bodyOf(setup, setupResponseSchema);
  const session = bodyOf(await signIn(email, password), sessionSchema);
  admin = { userId: session.user.id, email, password, token: session.access_token };
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
  cookie: string | null;
}
let ipCounter = 0;
const freshIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function call(method: string, path: string, o: { body?: unknown; token?: string; refresh?: string; ua?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': freshIp() };
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.refresh !== undefined) headers.cookie = `academy_refresh=${o.refresh}`;
  if (o.ua) headers['user-agent'] = o.ua;
  const res = await fetch(`${url}/api${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
  const text = await res.text();
  const raw = res.headers.getSetCookie().find((c) => c.startsWith('academy_refresh='));
  return { status: res.status, body: text ? JSON.parse(text) : null, cookie: raw ? decodeURIComponent(raw.slice('academy_refresh='.length).split(';')[0]) : null };
}

const signIn = (email: string, password: string, ua?: string) => call('POST', '/auth/sign-in', { body: { email, password }, ua });

let admin: { userId: string; email: string; password: string; token: string };
let counter = 0;
const newEmail = (label: string) => `${label}.${++counter}.${Date.now()}@example.com`;
// Identity's templates look nobody up: an empty directory.
const MAIL_CTX = { config: { PUBLIC_URL: 'http://academy.test', MAIL_FROM: 'x', ADMISSIONS_EXTRA_EMAILS: [], ACADEMY_TIME_ZONE: 'Africa/Johannesburg' }, directory: { byRoles: async () => [], byId: async () => null } } as never;

/** The AccountCredentialsIssued event of `userId` (personal part decrypted, or erased). */
async function invitationOf(userId: string): Promise<StoredEvent> {
  const event = (await store.readStream(userStream(userId))).find((e) => e.type === 'AccountCredentialsIssued');
  if (!event) throw new Error(`no invitation for ${userId}`);
  return event;
}

/** The invitation as the worker would send it: its job on the real mail queue, rendered by the template. */
async function invitationMail(userId: string): Promise<MailMessage> {
  const event = await invitationOf(userId);
  for (let i = 0; i < 100 && !(await mail.getJob(event.id)); i++) await new Promise((r) => setTimeout(r, 50));
  const job = await mail.getJob(event.id);
  expect(job).toBeDefined();
  expect(JSON.stringify(job!.data)).not.toContain((event.personal!.data as { email: string }).email);
  return (await identityMailTemplates.AccountCredentialsIssued(event, MAIL_CTX)) as MailMessage;
}

interface Account {
  userId: string;
  email: string;
  password: string;
  fullName: string;
}
/** An account made through POST /users, with the password of its invitation. */
async function createAccount(role: 'student' | 'teacher' | 'student_admin' | 'auditor', o: { token?: string; fullName?: string; phone?: string } = {}): Promise<Account> {
  const email = newEmail(role);
  const fullName = o.fullName ?? `Person ${++counter}`;
  const res = await call('POST', '/users', { token: o.token ?? admin.token, body: { fullName, email, role, phone: o.phone } });
  expect(res.status).toBe(201);
  const event = await invitationOf(bodyOf(res, userResponseSchema).user.id);
  return { userId: bodyOf(res, userResponseSchema).user.id, email, fullName, password: (event.personal!.data as { temporaryPassword: string }).temporaryPassword };
}

async function signedIn(account: Pick<Account, 'email' | 'password'>, ua?: string): Promise<{ token: string; refresh: string }> {
  const res = await signIn(account.email, account.password, ua);
  expect(res.status).toBe(200);
  return { token: bodyOf(res, sessionSchema).access_token, refresh: res.cookie! };
}

const head = () => store.headPosition();
const userTypes = async (email: string) => (await store.readAll(0, 100_000)).filter((e) => e.type === 'UserRegistered' && (e.personal?.data as { email?: string } | undefined)?.email === email.toLowerCase());

const PROFILE = { phone: '+27 82 555 0101', address: '1 Loop St', dateOfBirth: '1995-05-05', emergencyContactName: 'Kin', emergencyContactPhone: '+27 82 555 0102' };
/** POST /profile/complete with a valid profile and `password` as the person's own. */
const completeProfile = (token: string, fullName: string, password = 'my very own passphrase') =>
  call('POST', '/profile/complete', { token, body: { fullName, ...PROFILE, password, confirmPassword: password } });

/** A student who signed in with the mailed password and completed the first-login profile (the gate lets them through). */
async function completedStudentToken(): Promise<string> {
  const s = await createAccount('student');
  const { token } = await signedIn(s);
  expect((await completeProfile(token, s.fullName)).status).toBe(200);
  return token;
}

/** The mail of the latest TemporaryPasswordIssued of `userId`, as the worker would send it (its job on the real queue). */
async function reissueMail(userId: string): Promise<{ event: StoredEvent; message: MailMessage }> {
  const event = (await store.readStream(userStream(userId))).filter((e) => e.type === 'TemporaryPasswordIssued').at(-1);
  if (!event) throw new Error(`no re-issued password for ${userId}`);
  for (let i = 0; i < 100 && !(await mail.getJob(event.id)); i++) await new Promise((r) => setTimeout(r, 50));
  const job = await mail.getJob(event.id);
  expect(job).toBeDefined();
  expect(JSON.stringify(job!.data)).not.toContain((event.personal!.data as { email: string }).email);
  return { event, message: (await identityMailTemplates.TemporaryPasswordIssued(event, MAIL_CTX)) as MailMessage };
}

// ── authorization matrix ─────────────────────────────────────────────────────────────────────────
describe('authorization', () => {
  it('answers every identity endpoint as expected for anonymous, student, teacher, admin, student admin and auditor callers', async () => {
    const roles = ['anonymous', 'student', 'teacher', 'admin', 'student_admin', 'auditor'] as const;
    const token: Record<(typeof roles)[number], string | undefined> = {
      anonymous: undefined,
      student: await completedStudentToken(),
      teacher: (await signedIn(await createAccount('teacher'))).token,
      admin: (await signedIn(admin)).token,
      student_admin: (await signedIn(await createAccount('student_admin'))).token,
      auditor: (await signedIn(await createAccount('auditor'))).token,
    };
    const nobody = '00000000-0000-4000-8000-0000000000ff';
    // [method, path, body, anonymous, student, teacher, admin, student_admin, auditor]
    const matrix: [string, string, unknown, number, number, number, number, number, number][] = [
      ['GET', '/setup', undefined, 200, 200, 200, 200, 200, 200],
      ['POST', '/setup', undefined, 409, 409, 409, 409, 409, 409],
      ['POST', '/auth/sign-up', {}, 400, 400, 400, 400, 400, 400],
      ['POST', '/auth/verify-email', { token: 'unknown' }, 400, 400, 400, 400, 400, 400],
      ['POST', '/auth/sign-in', { email: 'nobody@example.com', password: 'not it at all' }, 401, 401, 401, 401, 401, 401],
      ['POST', '/auth/refresh', undefined, 401, 401, 401, 401, 401, 401],
      ['GET', '/auth/me', undefined, 401, 200, 200, 200, 200, 200],
      ['POST', '/profile/complete', {}, 401, 400, 400, 400, 400, 400],
      ['GET', '/users', undefined, 401, 403, 403, 200, 403, 403],
      ['POST', '/users', {}, 401, 403, 403, 400, 400, 403],
      ['PUT', `/users/${nobody}/role`, { role: 'teacher' }, 401, 403, 403, 404, 403, 403],
      ['DELETE', `/users/${nobody}`, undefined, 401, 403, 403, 404, 403, 403],
      ['GET', '/students', undefined, 401, 403, 403, 200, 200, 403],
      ['PATCH', `/students/${nobody}`, { fullName: 'Nobody' }, 401, 403, 403, 404, 404, 403],
      ['POST', `/users/${nobody}/temporary-password`, undefined, 401, 403, 403, 404, 404, 403],
      ['POST', '/account/password', {}, 401, 400, 400, 400, 400, 400],
      ['GET', '/account/sessions', undefined, 401, 200, 200, 200, 200, 200],
      ['POST', '/account/sessions/sign-out-others', undefined, 401, 200, 200, 200, 200, 200],
      ['GET', '/account/notification-preferences', undefined, 401, 200, 200, 200, 200, 200],
      ['PUT', '/account/notification-preferences', {}, 401, 400, 400, 400, 400, 400],
      // Last: it ends the caller's session.
      ['POST', '/auth/sign-out', undefined, 204, 204, 204, 204, 204, 204],
    ];
    const got: string[] = [];
    const want: string[] = [];
    for (const [method, path, body, ...expected] of matrix) {
      for (const [i, role] of roles.entries()) {
        const res = await call(method, path, { body, token: token[role] });
        got.push(`${method} ${path} ${role} → ${res.status}`);
        want.push(`${method} ${path} ${role} → ${expected[i]}`);
      }
    }
    expect(got).toEqual(want);
    for (const role of roles.slice(1)) expect((await call('GET', '/auth/me', { token: token[role] })).status).toBe(401); // signed out above
    // sign-out-others ended the suite's admin session too: the next tests need one.
    expect((await call('GET', '/auth/me', { token: admin.token })).status).toBe(401);
    admin.token = (await signedIn(admin)).token;
  });
});

// ── Users (admin) ────────────────────────────────────────────────────────────────────────────────
describe('create user', () => {
  it('creates a verified account with a generated password, mails it, and the person signs in to complete their profile', async () => {
    const email = newEmail('Teacher').replace('teacher', 'TEACHER');
    const res = await call('POST', '/users', { token: admin.token, body: { fullName: 'Naledi Dlamini', email, phone: '+27 82 555 0101', role: 'teacher' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Teacher account created successfully! Credentials sent via email.',
      user: { id: expect.any(String), email: email.toLowerCase(), fullName: 'Naledi Dlamini', role: 'teacher', createdAt: expect.any(String), verified: true, firstLoginCompleted: false },
    });
    // Read-your-writes: the list shows it at once.
    const list = await call('GET', '/users', { token: admin.token });
    expect(bodyOf(list, usersListResponseSchema).users[0]).toEqual(bodyOf(res, userResponseSchema).user);

    const message = await invitationMail(bodyOf(res, userResponseSchema).user.id);
    const password = /Temporary password: (\S+)/.exec(message.text)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(24);
    expect(message).toMatchObject({ to: `Naledi Dlamini <${email.toLowerCase()}>`, subject: 'Your Academy account' });
    expect(message.text).toContain(`Email: ${email.toLowerCase()}`);
    expect(message.text).toContain('the role Teacher');
    expect(message.text).toContain('http://academy.test/auth');
    expect(message.text).toMatch(/must change this password when you first sign in/);
    // The password is only in the encrypted part.
    const event = await invitationOf(bodyOf(res, userResponseSchema).user.id);
    expect(JSON.stringify(event.data)).not.toContain(password);
    const { rows } = await db.pool.query(`SELECT data::text || coalesce(personal::text, '') AS t FROM event_store.events WHERE event_id = $1`, [event.id]);
    expect(rows[0].t).not.toContain(password);

    const session = await signIn(email, password);
    expect(session.status).toBe(200);
    expect(bodyOf(session, sessionSchema).user).toEqual({ id: bodyOf(res, userResponseSchema).user.id, email: email.toLowerCase(), fullName: 'Naledi Dlamini', role: 'teacher', firstLoginCompleted: false });

    // Once the person has set their own password, the mailed one is shredded from the log.
    const profile = { fullName: 'Naledi Dlamini', phone: '+27 82 555 0101', address: '1 Loop St', dateOfBirth: '1995-05-05', emergencyContactName: 'Kin', emergencyContactPhone: '+27 82 555 0102' };
    const own = 'my very own passphrase';
    expect((await call('POST', '/profile/complete', { token: bodyOf(session, sessionSchema).access_token, body: { ...profile, password: own, confirmPassword: own } })).status).toBe(200);
    expect(await invitationOf(bodyOf(res, userResponseSchema).user.id)).toMatchObject({ personal: null, erased: true });
    expect((await signIn(email, password)).status).toBe(401);
    expect(bodyOf(await signIn(email, own), sessionSchema).user.firstLoginCompleted).toBe(true);
    expect((await store.readStream(userStream(bodyOf(res, userResponseSchema).user.id))).find((e) => e.type === 'UserRegistered')!.personal).not.toBeNull();
  });

  it('lets a student admin create an account too, with the message for its role', async () => {
    const sa = await signedIn(await createAccount('student_admin'));
    const res = await call('POST', '/users', { token: sa.token, body: { fullName: 'Lebo Student', email: newEmail('by-sa'), role: 'student' } });
    expect(res).toMatchObject({ status: 201, body: { message: 'Student account created successfully! Credentials sent via email.', user: { role: 'student' } } });
    const other = await call('POST', '/users', { token: sa.token, body: { fullName: 'Sam Admin', email: newEmail('by-sa'), role: 'student_admin' } });
    expect(bodyOf(other, messageResponseSchema).message).toBe('Student admin account created successfully! Credentials sent via email.');
  });

  it('names a taken address to staff (409 fields.email), still not to self sign-up', async () => {
    const existing = await createAccount('student');
    const before = await head();
    const again = await call('POST', '/users', { token: admin.token, body: { fullName: 'Someone Else', email: existing.email.toUpperCase(), role: 'teacher' } });
    expect(again).toMatchObject({ status: 409, body: { message: IDENTITY_MESSAGES.emailTaken, fields: { email: ['An account with this email already exists.'] } } });
    const admins = await call('POST', '/users', { token: admin.token, body: { fullName: 'Not Admin', email: admin.email, role: 'teacher' } });
    expect(admins.status).toBe(409);
    expect(await head()).toBe(before);
    const signUp = await call('POST', '/auth/sign-up', { body: { fullName: 'Someone Else', email: existing.email, password: 'a long enough passphrase' } });
    expect(signUp).toMatchObject({ status: 201, body: { message: IDENTITY_MESSAGES.signedUp } });
    expect(await userTypes(existing.email)).toHaveLength(1);
  });

  it('makes one account when two creates of one address race', async () => {
    const email = newEmail('race');
    const answers = await Promise.all([0, 1, 2].map((i) => call('POST', '/users', { token: admin.token, body: { fullName: `Racer ${i}`, email, role: 'student' } })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(await userTypes(email)).toHaveLength(1);
  });

  it.each([
    ['no full name', { email: 'a@example.com', role: 'student' }, { fullName: ['Full name is required'] }],
    ['a bad email', { fullName: 'A B', email: 'not-an-email', role: 'student' }, { email: ['Enter a valid email address'] }],
    ['the admin role', { fullName: 'A B', email: 'a@example.com', role: 'admin' }, { role: ['Choose student, teacher, student admin or auditor'] }],
    ['a bad phone', { fullName: 'A B', email: 'a@example.com', role: 'teacher', phone: 'call me' }, { phone: ['Phone must be a phone number'] }],
  ])('refuses %s with 400 naming the field, appending nothing', async (_label, body, fields) => {
    const before = await head();
    const res = await call('POST', '/users', { token: admin.token, body });
    expect(res).toMatchObject({ status: 400, body: { message: 'Some fields are not valid', fields } });
    expect(Object.keys(bodyOf(res, apiErrorSchema).fields ?? {})).toEqual(Object.keys(fields));
    expect(await head()).toBe(before);
  });
});

describe('the auditor role (issue 16)', () => {
  it('is given by an admin through Create User and the role selector, never by a student admin (403, nothing appended)', async () => {
    const made = await call('POST', '/users', { token: admin.token, body: { fullName: 'Audrey Auditor', email: newEmail('auditor'), role: 'auditor' } });
    expect(made).toMatchObject({ status: 201, body: { message: 'Auditor account created successfully! Credentials sent via email.', user: { role: 'auditor' } } });
    const studentAdmin = await signedIn(await createAccount('student_admin'));
    const before = await head();
    const refused = await call('POST', '/users', { token: studentAdmin.token, body: { fullName: 'Not Allowed', email: newEmail('auditor'), role: 'auditor' } });
    expect(refused).toMatchObject({ status: 403, body: { message: 'You do not have access to this.' } });
    expect(await head()).toBe(before);
    const teacher = await createAccount('teacher');
    const assigned = await call('PUT', `/users/${teacher.userId}/role`, { token: admin.token, body: { role: 'auditor' } });
    expect(assigned).toMatchObject({ status: 200, body: { user: { id: teacher.userId, role: 'auditor' } } });
    expect(bodyOf(await signIn(teacher.email, teacher.password), sessionSchema).user.role).toBe('auditor');
  });
});

describe('users list and role change', () => {
  it('lists live accounts newest first with the counts per role', async () => {
    await createAccount('teacher');
    const newest = await createAccount('student_admin');
    const res = await call('GET', '/users', { token: admin.token });
    expect(res.status).toBe(200);
    const { users, counts } = bodyOf(res, usersListResponseSchema);
    expect(users[0].id).toBe(newest.userId);
    const times = users.map((u: { createdAt: string }) => Date.parse(u.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const count = (role: string) => users.filter((u: { role: string }) => u.role === role).length;
    expect(counts).toEqual({ total: users.length, admins: count('admin'), teachers: count('teacher'), students: count('student'), studentAdmins: count('student_admin') });
    expect(counts.admins).toBeGreaterThanOrEqual(1);
    expect(counts.teachers).toBeGreaterThanOrEqual(1);
    expect(counts.studentAdmins).toBeGreaterThanOrEqual(1);
  });

  it("ends the user's sessions: the old access token is refused, the next sign-in carries the new role", async () => {
    const s = await createAccount('student');
    const session = await signedIn(s);
    expect(bodyOf(await call('GET', '/auth/me', { token: session.token }), meResponseSchema).role).toBe('student');
    const res = await call('PUT', `/users/${s.userId}/role`, { token: admin.token, body: { role: 'teacher' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Role assigned successfully', user: expect.objectContaining({ id: s.userId, role: 'teacher', email: s.email }) });
    expect((await call('GET', '/auth/me', { token: session.token })).status).toBe(401);
    expect((await call('POST', '/auth/refresh', { refresh: session.refresh })).status).toBe(401);
    const again = await signIn(s.email, s.password);
    expect(bodyOf(again, sessionSchema).user.role).toBe('teacher');
    expect(bodyOf(await call('GET', '/auth/me', { token: bodyOf(again, sessionSchema).access_token }), meResponseSchema).role).toBe('teacher');
    const listed = bodyOf(await call('GET', '/users', { token: admin.token }), usersListResponseSchema).users.find((u) => u.id === s.userId);
    expect(listed?.role).toBe('teacher');
    // The same role again changes nothing and ends nothing.
    expect((await call('PUT', `/users/${s.userId}/role`, { token: admin.token, body: { role: 'teacher' } })).status).toBe(200);
    expect((await call('GET', '/auth/me', { token: bodyOf(again, sessionSchema).access_token })).status).toBe(200);
  });

  it('refuses oneself (409), unknown or malformed ids (404) and roles the selector does not offer (400)', async () => {
    const before = await head();
    expect(await call('PUT', `/users/${admin.userId}/role`, { token: admin.token, body: { role: 'teacher' } })).toMatchObject({ status: 409, body: { message: 'You cannot change your own role.' } });
    for (const id of ['00000000-0000-4000-8000-000000000abc', 'not-a-uuid']) {
      expect(await call('PUT', `/users/${id}/role`, { token: admin.token, body: { role: 'teacher' } })).toMatchObject({ status: 404, body: { message: 'User not found' } });
    }
    const s = await createAccount('student');
    const mid = await head();
    const bad = await call('PUT', `/users/${s.userId}/role`, { token: admin.token, body: { role: 'student_admin' } });
    expect(bad).toMatchObject({ status: 400, body: { fields: { role: ['Choose student, teacher, admin or auditor'] } } });
    expect(await head()).toBe(mid);
    expect(mid).toBeGreaterThan(before);
  });
});

describe('delete user', () => {
  it('removes the person everywhere: lists, sign-in, sessions, personal data (crypto-shredded), and the audit chain still verifies', async () => {
    const fullName = `Zanele Erasable ${Date.now()}`;
    const s = await createAccount('student', { fullName, phone: '+27 82 000 1234' });
    const session = await signedIn(s);
    const other = await signedIn(s);
    const profile = { fullName, phone: '+27 82 000 1234', address: '7 Erasure Lane', dateOfBirth: '2000-01-01', emergencyContactName: 'Kin Erasable', emergencyContactPhone: '+27 82 000 9999' };
    expect((await call('POST', '/profile/complete', { token: session.token, body: { ...profile, password: 'a new private passphrase', confirmPassword: 'a new private passphrase' } })).status).toBe(200);
    expect(bodyOf(await call('GET', '/students', { token: admin.token }), studentsListResponseSchema).students.map((x: { id: string }) => x.id)).toContain(s.userId);

    const res = await call('DELETE', `/users/${s.userId}`, { token: admin.token });
    expect(res).toMatchObject({ status: 200, body: { message: 'User deleted successfully' } });

    expect(bodyOf(await call('GET', '/users', { token: admin.token }), usersListResponseSchema).users.map((u: { id: string }) => u.id)).not.toContain(s.userId);
    expect(bodyOf(await call('GET', '/students', { token: admin.token }), studentsListResponseSchema).students.map((x: { id: string }) => x.id)).not.toContain(s.userId);
    expect((await db.pool.query('SELECT 1 FROM identity_users.users WHERE id = $1', [s.userId])).rows).toHaveLength(0);
    expect((await signIn(s.email, 'a new private passphrase')).status).toBe(401);
    expect((await call('GET', '/auth/me', { token: session.token })).status).toBe(401);
    expect((await call('POST', '/auth/refresh', { refresh: other.refresh })).status).toBe(401);
    expect((await db.pool.query('SELECT 1 FROM identity_session_families WHERE user_id = $1', [s.userId])).rows).toHaveLength(0);

    // The raw log holds no clear personal data of theirs, and reads of their events say "erased".
    const { rows } = await db.pool.query(`SELECT string_agg(e::text, ' ') AS t FROM event_store.events e`);
    for (const secret of [s.email, fullName, '7 Erasure Lane', 'Kin Erasable']) expect(rows[0].t).not.toContain(secret);
    const theirs = (await store.readAll(0, 100_000)).filter((e) => e.streamId === userStream(s.userId));
    expect(theirs.map((e) => e.type)).toEqual(['UserRegistered', 'AccountCredentialsIssued', 'ProfileCompleted', 'PasswordChanged', 'UserDeleted']);
    for (const e of theirs.filter((x) => x.type !== 'UserDeleted')) expect(e).toMatchObject({ personal: null, erased: true });
    expect(JSON.stringify(theirs)).not.toContain(s.email);
    expect(await store.verify()).toMatchObject({ ok: true });

    // Gone: deleting again is 404; the address is free for a new account.
    expect(await call('DELETE', `/users/${s.userId}`, { token: admin.token })).toMatchObject({ status: 404, body: { message: 'User not found' } });
    expect(await call('PUT', `/users/${s.userId}/role`, { token: admin.token, body: { role: 'teacher' } })).toMatchObject({ status: 404 });
    const racers = await Promise.all([0, 1].map(() => call('POST', '/users', { token: admin.token, body: { fullName: 'New Owner', email: s.email, role: 'student' } })));
    expect(racers.map((r) => r.status).sort()).toEqual([201, 409]);
    const reborn = bodyOf(racers.find((r) => r.status === 201)!, userResponseSchema).user;
    expect(reborn.id).not.toBe(s.userId);
    const password = ((await invitationOf(reborn.id)).personal!.data as { temporaryPassword: string }).temporaryPassword;
    expect(bodyOf(await signIn(s.email, password), sessionSchema).user).toMatchObject({ id: reborn.id, fullName: 'New Owner' });
  });

  it('finishes a deletion that stopped after UserDeleted: a repeated DELETE erases, and a new claim of the address releases it', async () => {
    const crashedDelete = async (userId: string) =>
      runCommand(store, { actorId: admin.userId, actorRole: 'admin', correlationId: 'crash', causationId: null, occurredAt: new Date().toISOString() }, {
        execute: async (unit) => unit.decide(await unit.load(userStream(userId), userDecider), userDecider, { type: 'DeleteUser', actorId: admin.userId }),
      });
    // 1. The admin repeats the DELETE: 404, but the person's data is erased and the address freed.
    const a = await createAccount('student');
    await crashedDelete(a.userId);
    expect((await invitationOf(a.userId)).personal).not.toBeNull();
    expect(await call('DELETE', `/users/${a.userId}`, { token: admin.token })).toMatchObject({ status: 404, body: { message: 'User not found' } });
    expect((await store.readStream(userStream(a.userId))).find((e) => e.type === 'UserRegistered')).toMatchObject({ personal: null, erased: true });
    expect((await call('POST', '/users', { token: admin.token, body: { fullName: 'Next A', email: a.email, role: 'student' } })).status).toBe(201);
    // 2. Nobody repeats it: the next claim of the address sees the holder is deleted and takes it.
    const b = await createAccount('teacher');
    await crashedDelete(b.userId);
    const again = await call('POST', '/users', { token: admin.token, body: { fullName: 'Next B', email: b.email, role: 'teacher' } });
    expect(again.status).toBe(201);
    expect(bodyOf(again, userResponseSchema).user.id).not.toBe(b.userId);
  });

  it('refuses to delete oneself (409) and unknown or malformed ids (404), appending nothing', async () => {
    const before = await head();
    expect(await call('DELETE', `/users/${admin.userId}`, { token: admin.token })).toMatchObject({ status: 409, body: { message: 'You cannot delete your own account.' } });
    expect(await call('DELETE', '/users/00000000-0000-4000-8000-000000000abc', { token: admin.token })).toMatchObject({ status: 404, body: { message: 'User not found' } });
    expect(await call('DELETE', '/users/abc', { token: admin.token })).toMatchObject({ status: 404, body: { message: 'User not found' } });
    expect(await head()).toBe(before);
    expect((await call('GET', '/auth/me', { token: admin.token })).status).toBe(200);
  });
});

// ── Students (student admin) ─────────────────────────────────────────────────────────────────────
describe('students', () => {
  it('lists live students by name with phone and address, and edits one', async () => {
    const sa = await signedIn(await createAccount('student_admin'));
    const zed = await createAccount('student', { fullName: 'zed Last', phone: '+27 11 000 0000' });
    const amy = await createAccount('student', { fullName: 'Amy First' });
    const teacher = await createAccount('teacher', { fullName: 'Aaron Teacher' });
    const list = await call('GET', '/students', { token: sa.token });
    expect(list.status).toBe(200);
    const ids = bodyOf(list, studentsListResponseSchema).students.map((x: { id: string }) => x.id);
    expect(ids).not.toContain(teacher.userId);
    expect(ids.indexOf(amy.userId)).toBeLessThan(ids.indexOf(zed.userId));
    const names = bodyOf(list, studentsListResponseSchema).students.map((x: { fullName: string }) => x.fullName.toLowerCase());
    expect([...names].sort()).toEqual(names);
    expect(bodyOf(list, studentsListResponseSchema).students.find((x: { id: string }) => x.id === zed.userId)).toEqual({
      id: zed.userId,
      email: zed.email,
      fullName: 'zed Last',
      phone: '+27 11 000 0000',
      address: '',
      createdAt: expect.any(String),
      firstLoginCompleted: false,
    });

    const res = await call('PATCH', `/students/${amy.userId}`, { token: sa.token, body: { fullName: ' Amy Updated ', phone: '+27 21 123 4567', address: '3 Bree Street' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Student updated successfully',
      student: { id: amy.userId, email: amy.email, fullName: 'Amy Updated', phone: '+27 21 123 4567', address: '3 Bree Street', createdAt: expect.any(String), firstLoginCompleted: false },
    });
    expect(bodyOf(await call('GET', '/students', { token: sa.token }), studentsListResponseSchema).students.find((x: { id: string }) => x.id === amy.userId)).toEqual(bodyOf(res, studentResponseSchema).student);
    const updated = (await store.readStream(userStream(amy.userId))).find((e) => e.type === 'StudentContactUpdated')!;
    expect(JSON.stringify(updated.data)).not.toContain('Bree');
    // An admin may edit too; clearing the optional fields is allowed.
    expect(bodyOf(await call('PATCH', `/students/${amy.userId}`, { token: admin.token, body: { fullName: 'Amy Admin' } }), studentResponseSchema).student).toMatchObject({ fullName: 'Amy Admin', phone: '', address: '' });
  });

  it('answers 404 for a teacher, an admin, an unknown or a malformed id, and 400 for an empty name, writing nothing', async () => {
    const sa = await signedIn(await createAccount('student_admin'));
    const teacher = await createAccount('teacher');
    const student = await createAccount('student');
    const before = await head();
    for (const id of [teacher.userId, admin.userId, '00000000-0000-4000-8000-000000000abc', 'x']) {
      expect(await call('PATCH', `/students/${id}`, { token: sa.token, body: { fullName: 'Hijacked' } })).toMatchObject({ status: 404, body: { message: 'Student not found' } });
    }
    const empty = await call('PATCH', `/students/${student.userId}`, { token: sa.token, body: { fullName: '   ', phone: 'nope' } });
    expect(empty).toMatchObject({ status: 400, body: { fields: { fullName: ['Full name is required'], phone: ['Phone must be a phone number'] } } });
    expect(await head()).toBe(before);
    const row = bodyOf(await call('GET', '/users', { token: admin.token }), usersListResponseSchema).users.find((u) => u.id === teacher.userId);
    expect(row?.fullName).toBe(teacher.fullName);
  });
});

// ── own account (Settings) ───────────────────────────────────────────────────────────────────────
describe('own account', () => {
  it('changes the password: wrong current → 400 field; success ends the other sessions, keeps this one', async () => {
    const t = await createAccount('teacher');
    const here = await signedIn(t, 'Browser Here');
    const there = await signedIn(t, 'Browser There');
    const before = await head();
    const wrong = await call('POST', '/account/password', { token: here.token, body: { currentPassword: 'not my password', newPassword: 'a fresh passphrase', confirmPassword: 'a fresh passphrase' } });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Current password is incorrect', fields: { currentPassword: ['Current password is incorrect'] } } });
    const common = await call('POST', '/account/password', { token: here.token, body: { currentPassword: t.password, newPassword: 'Password123', confirmPassword: 'Password123' } });
    expect(common).toMatchObject({ status: 400, body: { fields: { newPassword: [IDENTITY_MESSAGES.passwordTooCommon] } } });
    const short = await call('POST', '/account/password', { token: here.token, body: { currentPassword: t.password, newPassword: 'short', confirmPassword: 'other' } });
    expect(bodyOf(short, apiErrorSchema).fields).toEqual({ newPassword: ['Password must be at least 8 characters'], confirmPassword: ['Passwords do not match'] });
    expect(await head()).toBe(before);
    expect((await call('GET', '/auth/me', { token: there.token })).status).toBe(200);

    const ok = await call('POST', '/account/password', { token: here.token, body: { currentPassword: t.password, newPassword: 'a fresh passphrase', confirmPassword: 'a fresh passphrase' } });
    expect(ok).toMatchObject({ status: 200, body: { message: 'Password changed successfully' } });
    expect((await call('GET', '/auth/me', { token: here.token })).status).toBe(200);
    expect((await call('POST', '/auth/refresh', { refresh: here.refresh })).status).toBe(200);
    expect((await call('GET', '/auth/me', { token: there.token })).status).toBe(401);
    expect((await call('POST', '/auth/refresh', { refresh: there.refresh })).status).toBe(401);
    expect((await signIn(t.email, t.password)).status).toBe(401);
    expect((await signIn(t.email, 'a fresh passphrase')).status).toBe(200);
    const changed = (await store.readStream(userStream(t.userId))).filter((e) => e.type === 'PasswordChanged');
    expect(changed).toHaveLength(1);
    expect(await invitationOf(t.userId)).toMatchObject({ personal: null, erased: true });
  });

  it('limits wrong current passwords per account (10 / 15 min) with 429', async () => {
    // Not a student: one with an incomplete profile may only complete it (ProfileGate).
    const s = await createAccount('teacher');
    const { token } = await signedIn(s);
    const body = (currentPassword: string) => ({ currentPassword, newPassword: 'a fresh passphrase', confirmPassword: 'a fresh passphrase' });
    for (let i = 0; i < 10; i++) expect((await call('POST', '/account/password', { token, body: body(`wrong ${i}`) })).status).toBe(400);
    expect(await call('POST', '/account/password', { token, body: body(s.password) })).toMatchObject({ status: 429, body: { message: IDENTITY_MESSAGES.tooManyAttempts } });
  });

  it('lists the live sessions with the current one marked, and signs out of the others', async () => {
    const s = await createAccount('student_admin');
    const old = await signedIn(s, 'Old Browser/1.0');
    const ended = await signedIn(s, 'Ended Browser/1.0');
    expect((await call('POST', '/auth/sign-out', { refresh: ended.refresh })).status).toBe(204);
    const here = await signedIn(s, 'Current Browser/2.0');
    const noAgent = await call('POST', '/auth/sign-in', { body: { email: s.email, password: s.password } });
    const list = await call('GET', '/account/sessions', { token: here.token });
    expect(list.status).toBe(200);
    const { sessions } = bodyOf(list, accountSessionsResponseSchema);
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((x) => x.current).map((x) => x.userAgent)).toEqual(['Current Browser/2.0']);
    expect(sessions.map((x) => x.userAgent)).toEqual(expect.arrayContaining(['Current Browser/2.0', 'Old Browser/1.0']));
    expect(sessions.map((x) => x.userAgent)).not.toContain('Ended Browser/1.0');
    for (const x of sessions) expect(Date.parse(x.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(x.createdAt) - 1000);
    // A refresh counts as use.
    const oldRow = sessions.find((x) => x.userAgent === 'Old Browser/1.0')!;
    await new Promise((r) => setTimeout(r, 20));
    expect((await call('POST', '/auth/refresh', { refresh: old.refresh })).status).toBe(200);
    const after = bodyOf(await call('GET', '/account/sessions', { token: here.token }), accountSessionsResponseSchema).sessions.find((x) => x.id === oldRow.id);
    expect(Date.parse(after?.lastUsedAt ?? '')).toBeGreaterThan(Date.parse(oldRow.lastUsedAt));

    const out = await call('POST', '/account/sessions/sign-out-others', { token: here.token });
    expect(out).toEqual({ status: 200, body: { message: 'Signed out of all other sessions', ended: 2 }, cookie: null });
    expect(bodyOf(await call('GET', '/account/sessions', { token: here.token }), accountSessionsResponseSchema).sessions.map((x: { current: boolean }) => x.current)).toEqual([true]);
    expect((await call('GET', '/auth/me', { token: bodyOf(noAgent, sessionSchema).access_token })).status).toBe(401);
    expect((await call('GET', '/auth/me', { token: here.token })).status).toBe(200);
    expect(bodyOf(await call('POST', '/account/sessions/sign-out-others', { token: here.token }), signOutOthersResponseSchema).ended).toBe(0);
  });

  it('keeps notification preferences: defaults, then what was saved; a bad body is 400', async () => {
    const t = await createAccount('teacher');
    const { token } = await signedIn(t);
    expect(await call('GET', '/account/notification-preferences', { token })).toMatchObject({ status: 200, body: { preferences: DEFAULT_NOTIFICATION_PREFERENCES } });
    const preferences = { newApplications: true, newSubmissions: false, submissionGraded: true, announcements: false };
    const saved = await call('PUT', '/account/notification-preferences', { token, body: preferences });
    expect(saved).toMatchObject({ status: 200, body: { message: 'Notification preferences saved', preferences } });
    expect(bodyOf(await call('GET', '/account/notification-preferences', { token }), notificationPreferencesResponseSchema)).toEqual({ preferences });
    const { rows } = await db.pool.query('SELECT notification_preferences FROM identity_users.users WHERE id = $1', [t.userId]);
    expect(rows[0].notification_preferences).toEqual(preferences);
    const before = await head();
    const bad = await call('PUT', '/account/notification-preferences', { token, body: { newApplications: 'yes' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bodyOf(bad, apiErrorSchema).fields ?? {}).sort()).toEqual(['newApplications', 'newSubmissions', 'submissionGraded']);
    expect(await head()).toBe(before);
    expect(USER_ADMIN_MESSAGES.preferencesSaved).toBe(bodyOf(saved, messageResponseSchema).message);
  });
});

// ── temporary passwords (issue 13, defect 9) ─────────────────────────────────────────────────────
describe('temporary passwords', () => {
  const DAY = 24 * 3600 * 1000;
  afterEach(() => (clockOffsetMs = 0));

  it('sign in for 7 days after they were mailed: 6 days old works, 7 days and 1 second old is refused with a clear 403', async () => {
    const s = await createAccount('student');
    clockOffsetMs = 6 * DAY;
    expect((await signIn(s.email, s.password)).status).toBe(200);
    clockOffsetMs = 7 * DAY + 1000;
    const refused = await signIn(s.email, s.password);
    expect(refused).toMatchObject({
      status: 403,
      body: { statusCode: 403, code: 'TEMPORARY_PASSWORD_EXPIRED', message: 'Your temporary password has expired. Ask the academy to send you a new one.' },
    });
    expect(refused.cookie).toBeNull();
    // A wrong password still gets the same 401 as ever: the expiry is told only to who knows the password.
    expect(await signIn(s.email, 'not the password at all')).toMatchObject({ status: 401, body: { message: IDENTITY_MESSAGES.invalidCredentials } });
  });

  it('a password the person chose does not expire; the setup administrator’s generated one neither', async () => {
    const s = await createAccount('student');
    expect((await completeProfile((await signedIn(s)).token, s.fullName, 'a chosen passphrase')).status).toBe(200);
    clockOffsetMs = 400 * DAY;
    expect((await signIn(s.email, 'a chosen passphrase')).status).toBe(200);
    expect((await signIn(admin.email, admin.password)).status).toBe(200);
  });

  it('staff re-issue one: the old password and every session end, the new one is mailed and signs in for 7 more days', async () => {
    const s = await createAccount('student');
    const session = await signedIn(s);
    clockOffsetMs = 8 * DAY;
    expect(bodyOf(await signIn(s.email, s.password), apiErrorSchema).code).toBe('TEMPORARY_PASSWORD_EXPIRED');
    clockOffsetMs = 0;
    const before = await head();
    const res = await call('POST', `/users/${s.userId}/temporary-password`, { token: admin.token });
    expect(res).toMatchObject({ status: 200, body: { message: 'New temporary password sent via email.' } });
    expect(await head()).toBe(before + 2);
    const { event, message } = await reissueMail(s.userId);
    expect(event.metadata).toMatchObject({ actorId: admin.userId, actorRole: 'admin' });
    expect(message).toMatchObject({ to: `${s.fullName} <${s.email}>`, subject: 'Your new Academy password' });
    const password = /Temporary password: (\S+)/.exec(message.text)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(24);
    expect(password).not.toBe(s.password);
    expect(message.text).toContain('works for 7 days');
    // Only in the encrypted part, under a fresh subject; the first invitation is shredded.
    expect(JSON.stringify(event.data)).not.toContain(password);
    expect(event.personal!.subjectId).toBe(`invitation-${s.userId}-2`);
    expect(await invitationOf(s.userId)).toMatchObject({ personal: null, erased: true });
    // Sessions of the old password end: access token and refresh cookie.
    expect((await call('GET', '/auth/me', { token: session.token })).status).toBe(401);
    expect((await call('POST', '/auth/refresh', { refresh: session.refresh })).status).toBe(401);
    expect(await signIn(s.email, s.password)).toMatchObject({ status: 401, body: { message: IDENTITY_MESSAGES.invalidCredentials } });
    const fresh = await signIn(s.email, password);
    expect(fresh).toMatchObject({ status: 200, body: { user: { id: s.userId, firstLoginCompleted: false } } });
    // The 7 days count from the re-issue.
    clockOffsetMs = 6 * DAY;
    expect((await signIn(s.email, password)).status).toBe(200);
    clockOffsetMs = 7 * DAY + 1000;
    expect(bodyOf(await signIn(s.email, password), apiErrorSchema).code).toBe('TEMPORARY_PASSWORD_EXPIRED');
    clockOffsetMs = 0;
    // Completing the profile shreds the re-issued invitation too.
    expect((await completeProfile(bodyOf(fresh, sessionSchema).access_token, s.fullName)).status).toBe(200);
    expect((await store.readStream(userStream(s.userId))).find((e) => e.type === 'TemporaryPasswordIssued')).toMatchObject({ personal: null, erased: true });
  });

  it('who may re-issue: anonymous 401, student and teacher 403, admin anyone but themselves, student admin students only', async () => {
    const student = await createAccount('student');
    const teacher = await createAccount('teacher');
    const sa = await createAccount('student_admin');
    const saToken = (await signedIn(sa)).token;
    const teacherToken = (await signedIn(teacher)).token;
    const studentToken = await completedStudentToken();
    const path = (id: string) => `/users/${id}/temporary-password`;
    const before = await head();
    expect((await call('POST', path(student.userId))).status).toBe(401);
    expect((await call('POST', path(student.userId), { token: studentToken })).status).toBe(403);
    expect((await call('POST', path(student.userId), { token: teacherToken })).status).toBe(403);
    expect(await call('POST', path(teacher.userId), { token: saToken })).toMatchObject({ status: 404, body: { message: 'Student not found' } });
    expect(await call('POST', path(admin.userId), { token: saToken })).toMatchObject({ status: 404, body: { message: 'Student not found' } });
    expect(await call('POST', path(admin.userId), { token: admin.token })).toMatchObject({ status: 409, body: { message: 'You cannot re-issue your own password. Change it in Settings.' } });
    for (const id of ['00000000-0000-4000-8000-000000000abc', 'not-a-uuid']) expect(await call('POST', path(id), { token: admin.token })).toMatchObject({ status: 404, body: { message: 'User not found' } });
    expect(await head()).toBe(before);
    expect((await call('POST', path(student.userId), { token: saToken })).status).toBe(200);
    expect((await reissueMail(student.userId)).event.metadata).toMatchObject({ actorRole: 'student_admin' });
    expect((await call('POST', path(teacher.userId), { token: admin.token })).status).toBe(200);
    expect((await call('GET', '/auth/me', { token: teacherToken })).status).toBe(401);
  });

  it('deleting a user shreds every invitation, re-issued ones included', async () => {
    const s = await createAccount('teacher');
    expect((await call('POST', `/users/${s.userId}/temporary-password`, { token: admin.token })).status).toBe(200);
    expect((await call('POST', `/users/${s.userId}/temporary-password`, { token: admin.token })).status).toBe(200);
    expect((await call('DELETE', `/users/${s.userId}`, { token: admin.token })).status).toBe(200);
    const issued = (await store.readStream(userStream(s.userId))).filter((e) => e.type === 'AccountCredentialsIssued' || e.type === 'TemporaryPasswordIssued');
    expect(issued).toHaveLength(3);
    for (const e of issued) expect(e).toMatchObject({ personal: null, erased: true });
  });
});

// ── the profile gate ─────────────────────────────────────────────────────────────────────────────
describe('profile gate', () => {
  it('refuses an incomplete student everything but what /complete-profile needs (403 PROFILE_INCOMPLETE), and lets them in once complete', async () => {
    const s = await createAccount('student');
    const session = await signedIn(s);
    for (const [method, path, body] of [
      ['GET', '/account/sessions', undefined],
      ['GET', '/account/notification-preferences', undefined],
      ['POST', '/account/password', { currentPassword: s.password, newPassword: 'another passphrase', confirmPassword: 'another passphrase' }],
      ['POST', '/account/sessions/sign-out-others', undefined],
    ] as const) {
      expect(await call(method, path, { token: session.token, body })).toMatchObject({
        status: 403,
        body: { statusCode: 403, error: 'FORBIDDEN', code: 'PROFILE_INCOMPLETE', message: 'Please complete your profile before you continue.' },
      });
    }
    // What the page needs: who is signed in, a new access token, the form, signing out.
    expect(await call('GET', '/auth/me', { token: session.token })).toMatchObject({ status: 200, body: { firstLoginCompleted: false } });
    const refreshed = await call('POST', '/auth/refresh', { refresh: session.refresh });
    expect(refreshed.status).toBe(200);
    expect((await completeProfile(bodyOf(refreshed, sessionSchema).access_token, s.fullName)).status).toBe(200);
    expect((await call('GET', '/account/sessions', { token: bodyOf(refreshed, sessionSchema).access_token })).status).toBe(200);
    expect((await call('POST', '/auth/sign-out', { token: bodyOf(refreshed, sessionSchema).access_token })).status).toBe(204);
  });

  it('applies to students only: staff with an incomplete profile are not gated (spec §2, §4)', async () => {
    for (const role of ['teacher', 'student_admin'] as const) {
      const { token } = await signedIn(await createAccount(role));
      expect((await call('GET', '/account/sessions', { token })).status).toBe(200);
    }
    expect((await call('GET', '/users', { token: (await signedIn(await createAccount('student_admin'))).token })).status).toBe(403);
  });
});
