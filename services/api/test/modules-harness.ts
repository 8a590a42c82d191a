// The API composed in-process like users.int.spec.ts composes identity, here with the catalog,
// enrollment, notifications and admissions contexts too (only the composition root may import several contexts), over real
// Postgres and Redis; the projections run in-process like the worker runs them.
import type pg from 'pg';
import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { APP_CONFIG, applyHttpPlatform, AuthModule, BackboneModule, EVENT_STORE, EventSourcingModule, HttpPlatformModule, loadConfig, migrateUp, MikroORM, ormOptions, PG_POOL } from '@academy/backend';
import { EmailLookup, type EventStore, type Projection, projectionsStatus, type RunningProjections, startProjections, startReactors } from '@academy/event-store';
import { bodyOf, createTestDatabase, GITHUB_DOWN, type TestDatabase, testRedisUrl, uniquePrefix } from '@academy/testing';
import { meResponseSchema, sessionSchema, setupResponseSchema, userResponseSchema } from '@academy/contracts';
import { IdentityModule, IdentitySessionValidator, IdentityProfileStatus, identityProjections, identityReactors, identitySessionMigrations } from '@academy/identity';
import { CatalogModule, catalogProjections } from '@academy/catalog';
import { EnrollmentModule, enrollmentProjections, enrollmentReactors } from '@academy/enrollment';
import { LearningModule, learningProjections } from '@academy/learning';
import { AnnouncementsModule, announcementsProjections } from '@academy/announcements';
import { AttendanceModule, attendanceProjections } from '@academy/attendance';
import { GradingModule, gradingProjections } from '@academy/grading';
import { NotificationsModule, notificationsProjection } from '@academy/notifications';
import { AdmissionsModule, admissionsProjections, admissionsReactors, admissionsSubjectErasures } from '@academy/admissions';
import { AuditModule, auditMigrations } from '@academy/audit';
import type { InAppTemplates } from '@academy/backend';
import { timeTravelFolds } from '../src/app.module.js';
import { QueuesModule } from '../src/queues/queues.module.js';

export interface Answer {
  status: number;
  /** The parsed JSON (or the text of another type): read it with bodyOf and the endpoint's contract schema. */
  body: unknown;
  /** X-Academy-Position of a command's answer (0 when none). */
  position: number;
  /** The answer's content type. */
  type: string;
}
export type Role = 'student' | 'teacher' | 'student_admin' | 'auditor';
export interface Account {
  userId: string;
  email: string;
  fullName: string;
  token: string;
}
export const ROLES = ['anonymous', 'student', 'teacher', 'admin', 'student_admin', 'auditor'] as const;

export interface CallOptions {
  body?: unknown;
  token?: string;
  /** X-Academy-Min-Position; by default a command carries the position of the same token's last write (as the web client does). */
  minPosition?: number;
  /** The client address (X-Forwarded-For); each call gets a new one unless given. */
  ip?: string;
}

export interface Harness {
  /** Base URL of the API (without /api), for calls that need their own headers. */
  url: string;
  store: EventStore;
  pool: pg.Pool;
  /** The projections it runs in-process, as the worker's registry lists them (for a replay job's run). */
  projections: Projection[];
  /** BullMQ key prefix of this harness's queues (the test's own, on the shared test Redis). */
  queuePrefix: string;
  /** The Nest application (its routes and their metadata, for the hostile-input suite). */
  app: INestApplication;
  admin: Account;
  call(method: string, path: string, o?: CallOptions): Promise<Answer>;
  /** An account made through POST /users, signed in with its invitation's password. */
  account(role: Role, fullName?: string): Promise<Account>;
  head(): Promise<number>;
  /** Resolves once every projection's checkpoint is at the head of the log; else names the ones behind or failing. */
  projectionsCaughtUp(timeoutMs?: number): Promise<void>;
  /** Resolves once every reactor has handled the whole log (and what it appended). */
  reactionsSettled(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  /** The in-app templates the notifications projection runs (the worker merges every context's). */
  inAppTemplates?: InAppTemplates;
  /** Configuration variables to add or override (e.g. TRUSTED_COUNTRY_HEADER). */
  env?: Record<string, string>;
}

export async function startHarness(name: string, options: HarnessOptions = {}): Promise<Harness> {
  const db: TestDatabase = await createTestDatabase(name);
  const config = loadConfig({
    // Its clients are "behind a proxy on loopback": X-Forwarded-For names each one's address.
    TRUST_PROXY: 'loopback',
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    NODE_ENV: 'test',
    ACADEMY_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
    JWT_SECRET: 'a-test-secret-of-the-catalog-and-enrollment-tests-0123456789',
    PUBLIC_URL: 'http://academy.test',
    QUEUE_PREFIX: uniquePrefix(name),
    // No test reaches the real GitHub: submissions are accepted with the pin pending, unless a test routes github.com to its git server.
    OUTGOING_TEST_HOSTS: GITHUB_DOWN,
    ...options.env,
  });
  process.env.ACADEMY_MASTER_KEY = config.ACADEMY_MASTER_KEY;
  const orm = await MikroORM.init(ormOptions(db.url));
  await migrateUp(orm, db.url, [identitySessionMigrations, auditMigrations]);
  await orm.close();
  const moduleRef = await Test.createTestingModule({
    imports: [
      // The read models' entities come from the context modules' forFeature (ADR 0018).
      MikroOrmModule.forRoot({ ...ormOptions(db.url), autoLoadEntities: true }),
      EventSourcingModule.forRoot(config),
      BackboneModule.forRoot(),
      HttpPlatformModule.forRoot(config, `${name}-test`),
      AuthModule.forRoot(IdentitySessionValidator, IdentityProfileStatus),
      IdentityModule,
      CatalogModule,
      EnrollmentModule,
      NotificationsModule,
      LearningModule,
      GradingModule,
      AdmissionsModule,
      AnnouncementsModule,
      AttendanceModule,
      AuditModule.forRoot(timeTravelFolds),
      QueuesModule,
    ],
  }).compile();
  const app: INestApplication = moduleRef.createNestApplication({ logger: false });
  applyHttpPlatform(app);
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const store: EventStore = app.get(EVENT_STORE);
  const projections = [...identityProjections, ...catalogProjections, ...enrollmentProjections, ...learningProjections, ...gradingProjections, ...admissionsProjections, ...announcementsProjections, ...attendanceProjections];
  const running = [...projections, notificationsProjection(options.inAppTemplates ?? {}, admissionsSubjectErasures)];
  const runners: RunningProjections = startProjections(running, {
    store,
    pool: app.get(PG_POOL),
    standbyPollMs: 100,
  });
  // The worker's process managers too (CapstonePassed → the enrollment's next week; convert to student).
  const reactorDeps = { config: app.get(APP_CONFIG), lookup: app.get(EmailLookup) };
  const reactors = startReactors([...enrollmentReactors(store), ...admissionsReactors(store), ...identityReactors(store, reactorDeps)], { store, pool: app.get(PG_POOL), standbyPollMs: 100 });

  let ip = 0;
  let counter = 0;
  // Like the web client (libs/web/session, ADR 0015): a caller's commands carry the position of its own
  // last write, so a check on another context's replica waits for it; GETs carry only what a test gives.
  const lastWrite = new Map<string, number>();
  async function call(method: string, path: string, o: CallOptions = {}): Promise<Answer> {
    ip++;
    const headers: Record<string, string> = { 'x-forwarded-for': o.ip ?? `10.9.${Math.floor(ip / 250)}.${ip % 250}` };
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const seen = o.minPosition ?? (method !== 'GET' && o.token ? lastWrite.get(o.token) : undefined);
    if (seen) headers['x-academy-min-position'] = String(seen);
    const res = await fetch(`${url}/api${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
    const written = Number(res.headers.get('x-academy-position') ?? 0);
    if (o.token && res.ok && written > (lastWrite.get(o.token) ?? 0)) lastWrite.set(o.token, written);
    const text = await res.text();
    // JSON answers parsed; any other (the CSV export, an evidence bundle's JSON lines) kept as text.
    const json = /^application\/([\w.-]+\+)?json\b/.test(res.headers.get('content-type') ?? '');
    return { status: res.status, body: text ? (json || !res.headers.get('content-type') ? JSON.parse(text) : text) : null, position: Number(res.headers.get('x-academy-position') ?? 0), type: res.headers.get('content-type') ?? '' };
  }
  async function signIn(email: string, password: string): Promise<string> {
    const res = await call('POST', '/auth/sign-in', { body: { email, password } });
    if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return bodyOf(res, sessionSchema).access_token;
  }

  const setup = await call('POST', '/setup');
  if (setup.status !== 201) throw new Error(`setup: ${setup.status}`);
  const { email, password } = bodyOf(setup, setupResponseSchema);
  const admin: Account = { userId: '', email, fullName: 'Admin', token: await signIn(email, password) };
  admin.userId = bodyOf(await call('GET', '/auth/me', { token: admin.token }), meResponseSchema).id;

  async function account(role: Role, fullName = `Person ${++counter}`): Promise<Account> {
    const email = `${role}.${++counter}.${Date.now()}@example.com`;
    const res = await call('POST', '/users', { token: admin.token, body: { fullName, email, role } });
    if (res.status !== 201) throw new Error(`create ${role}: ${res.status} ${JSON.stringify(res.body)}`);
    const userId = bodyOf(res, userResponseSchema).user.id;
    const invitation = (await store.readStream(`user-${userId}`)).find((e) => e.type === 'AccountCredentialsIssued')!;
    const password = (invitation.personal!.data as { temporaryPassword: string }).temporaryPassword;
    const token = await signIn(email, password);
    // A student may call nothing else until the first-login profile is complete (ProfileGate).
    if (role === 'student') {
      const own = `${fullName}'s own passphrase`;
      const done = await call('POST', '/profile/complete', {
        token,
        body: { fullName, phone: '+27 11 000 0000', address: '1 Main Road', dateOfBirth: '2000-01-01', emergencyContactName: 'Next Of Kin', emergencyContactPhone: '+27 11 000 0001', password: own, confirmPassword: own },
      });
      if (done.status !== 200) throw new Error(`complete profile of ${email}: ${done.status} ${JSON.stringify(done.body)}`);
    }
    return { userId, email, fullName, token };
  }

  return {
    url,
    queuePrefix: config.QUEUE_PREFIX,
    store,
    pool: app.get(PG_POOL),
    projections: running,
    admin,
    call,
    account,
    head: () => store.headPosition(),
    app,
    async projectionsCaughtUp(timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const rows = await projectionsStatus({ store, pool: app.get(PG_POOL) });
        const behind = rows.filter((r) => r.status !== 'live' || r.checkpoint < r.head);
        if (behind.length === 0) return;
        if (Date.now() > deadline) throw new Error(`projections stuck or failing: ${behind.map((r) => `${r.name} v${r.version} ${r.status} at ${r.checkpoint}/${r.head}`).join('; ')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async reactionsSettled(timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const head = await store.headPosition();
        if (reactors.reactors.every((r) => r.position >= head) && (await store.headPosition()) === head) return;
        if (Date.now() > deadline) throw new Error(`reactors behind the head ${head}: ${reactors.reactors.map((r) => r.position).join(', ')}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async stop() {
      await runners.stop();
      await reactors.stop();
      await app.close();
      await db.drop();
      delete process.env.ACADEMY_MASTER_KEY;
    },
  };
}
