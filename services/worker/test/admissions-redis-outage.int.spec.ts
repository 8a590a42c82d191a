// Must show (issue 7): Redis stopped while 100 applications are submitted, then started again. Every
// application is answered 201 and stored at once (the per-IP limit counts in memory meanwhile); once
// Redis is back the notifications dispatcher and the mail worker catch up: exactly 100 admissions-
// staff mails (and 100 acknowledgements), none doubled; converting one then mails its credentials. The whole path is real and in-process: the
// API's modules over HTTP, the worker as it runs in production (WorkerModule with the real registry
// and templates), Postgres, a redis-server of this file's own (same port and data directory across
// the restart) and the SMTP catcher. It lives in the worker because only an app may compose both.
import 'reflect-metadata';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Test } from '@nestjs/testing';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { NestFactory } from '@nestjs/core';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { applyHttpPlatform, AuthModule, BackboneModule, EVENT_STORE, EventSourcingModule, HttpPlatformModule, loadConfig, MAIL_QUEUE, migrateUp, MikroORM, ormOptions } from '@academy/backend';
import type { EventStore } from '@academy/event-store';
import { createTestDatabase, type TestDatabase, uniquePrefix, until } from '@academy/testing';
import { freePort, startRedis, startSmtpCatcher, type CaughtMail, type LocalRedis, type SmtpCatcher } from '@academy/devstack';
import { IdentityModule, IdentitySessionValidator, IdentityProfileStatus, identitySessionMigrations } from '@academy/identity';
import { NotificationsModule } from '@academy/notifications';
import { AdmissionsModule } from '@academy/admissions';
import { WorkerModule } from '../src/worker.module.js';

const TOTAL = 100;
const EXTRA = 'admissions-desk@academy.test';

let db: TestDatabase;
let dir: string;
let redis: LocalRedis | null = null;
let catcher: SmtpCatcher;
let api: INestApplication;
let worker: INestApplicationContext;
let url: string;
let store: EventStore;
let redisPort: number;
let queuePrefix: string;

async function call(method: string, p: string, o: { body?: unknown; token?: string; ip?: string } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': o.ip ?? '10.20.0.1' };
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  const res = await fetch(`${url}/api${p}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const application = (lastName: string) => ({
  firstName: 'Outage',
  lastName,
  email: `${lastName.toLowerCase()}@applicants.test`,
  phone: '+27 82 000 0000',
  course: 'IT Support',
  message: 'Applied while Redis was down',
});

beforeAll(async () => {
  db = await createTestDatabase('admissions_outage');
  dir = mkdtempSync(path.join(os.tmpdir(), 'admissions-outage-'));
  chmodSync(dir, 0o755);
  redisPort = await freePort();
  redis = await startRedis({ dataDir: dir, port: redisPort, persist: true });
  catcher = await startSmtpCatcher({ keep: 5000 });
  const config = loadConfig({
    // Its clients are "behind a proxy on loopback": X-Forwarded-For names each one's address.
    TRUST_PROXY: 'loopback',
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: uniquePrefix('admissions-outage'),
    SMTP_URL: catcher.smtpUrl,
    PUBLIC_URL: 'http://academy.test',
    ADMISSIONS_EXTRA_EMAILS: EXTRA,
    ACADEMY_MASTER_KEY: Buffer.alloc(32, 9).toString('base64'),
    JWT_SECRET: 'a-test-secret-of-the-admissions-outage-test-0123456789',
    ACADEMY_DATA_DIR: dir,
    LOG_LEVEL: 'silent',
  });
  queuePrefix = config.QUEUE_PREFIX;
  process.env.ACADEMY_MASTER_KEY = config.ACADEMY_MASTER_KEY;
  const orm = await MikroORM.init(ormOptions(db.url));
  try {
    await migrateUp(orm, db.url, [identitySessionMigrations]);
  } finally {
    await orm.close();
  }
  const moduleRef = await Test.createTestingModule({
    imports: [
      // The read models' entities come from the context modules' forFeature (ADR 0018).
      MikroOrmModule.forRoot({ ...ormOptions(db.url), autoLoadEntities: true }),
      EventSourcingModule.forRoot(config),
      BackboneModule.forRoot(),
      HttpPlatformModule.forRoot(config, 'admissions-outage-api'),
      AuthModule.forRoot(IdentitySessionValidator, IdentityProfileStatus),
      IdentityModule,
      NotificationsModule,
      AdmissionsModule,
    ],
  }).compile();
  api = moduleRef.createNestApplication({ logger: false });
  applyHttpPlatform(api);
  await api.listen(0, '127.0.0.1');
  url = (await api.getUrl()).replace('[::1]', '127.0.0.1');
  store = api.get(EVENT_STORE);
  // The worker exactly as production composes it: every projection, the dispatcher, the mail processor.
  worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
}, 120_000);

afterAll(async () => {
  await api?.close();
  await worker?.close();
  await redis?.stop();
  await catcher?.stop();
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
  delete process.env.ACADEMY_MASTER_KEY;
});

/** The first caught mail (already there or arriving) that matches. */
function mailMatching(match: (m: CaughtMail) => boolean, what: string, timeoutMs = 20_000): Promise<CaughtMail> {
  return new Promise<CaughtMail>((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no ${what}; caught: ${catcher.messages().map((m) => m.subject).join(' | ')}`));
    }, timeoutMs);
    const off = catcher.onMessage((m) => {
      if (!match(m)) return;
      clearTimeout(timer);
      off();
      resolve(m);
    });
    const already = catcher.messages().find(match);
    if (already) {
      clearTimeout(timer);
      off();
      resolve(already);
    }
  });
}

const staffMails = (marker: string) => catcher.messages().filter((m) => m.subject.startsWith('New application:') && m.subject.includes(marker));
const acknowledgements = (marker: string) => catcher.messages().filter((m) => m.subject.startsWith('We received your application') && m.to.some((t) => t.includes(marker.toLowerCase())));

it('Redis down while 100 applications arrive: all stored at once; after recovery exactly 100 staff notifications, none doubled', async () => {
  // Staff: the setup admin and a student admin (made by the admin, like every staff account).
  const setup = await call('POST', '/setup');
  expect(setup.status).toBe(201);
  const admin = (await call('POST', '/auth/sign-in', { body: { email: setup.body.email, password: setup.body.password } })).body.access_token as string;
  const created = await call('POST', '/users', { token: admin, body: { fullName: 'Sipho Admissions', email: 'sipho@academy.test', role: 'student_admin' } });
  expect(created.status).toBe(201);
  const invitation = (await store.readStream(`user-${created.body.user.id}`)).find((e) => e.type === 'AccountCredentialsIssued')!;
  const password = (invitation.personal!.data as { temporaryPassword: string }).temporaryPassword;
  const sa = (await call('POST', '/auth/sign-in', { body: { email: 'sipho@academy.test', password } })).body.access_token as string;

  // Before the outage the path works: one application, its staff mail reaches every staff address.
  expect((await call('POST', '/public/applications', { body: application('Before') })).status).toBe(201);
  const before = await mailMatching((m) => m.subject.startsWith('New application: Outage Before'), 'a staff mail before the outage');
  expect([...before.to].sort()).toEqual([setup.body.email, 'sipho@academy.test', EXTRA].sort());

  await redis!.stop();
  redis = null;

  // 100 visitors from 100 addresses at once: every one answered 201 and stored, without Redis.
  const marker = `Down${Date.now()}`;
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: TOTAL }, (_, i) => call('POST', '/public/applications', { body: application(`${marker}x${i}`), ip: `10.30.${Math.floor(i / 200)}.${(i % 200) + 1}` })),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(TOTAL).fill(201));
  expect(Date.now() - started).toBeLessThan(15_000);
  const stored = (await store.readAll(0, 1_000_000)).filter((e) => e.type === 'ApplicationSubmitted' && String(e.personal?.data.lastName).startsWith(marker));
  expect(stored).toHaveLength(TOTAL);
  // The staff list shows them too: projections need only Postgres.
  await until(async () => (await call('GET', `/admissions/prospects?q=${marker}`, { token: sa })).body.prospects?.length === TOTAL, 'the staff list to show all 100', 20_000);

  // Nothing can be mailed while Redis is down.
  await new Promise((r) => setTimeout(r, 1500));
  expect(staffMails(marker)).toHaveLength(0);

  redis = await startRedis({ dataDir: dir, port: redisPort, persist: true });
  await until(() => staffMails(marker).length >= TOTAL && acknowledgements(marker).length >= TOTAL, `${TOTAL} staff mails after recovery (have ${staffMails(marker).length})`, 90_000);
  // Let any duplicate that would come arrive, then count exactly.
  await new Promise((r) => setTimeout(r, 3000));
  const mails = staffMails(marker);
  expect(mails).toHaveLength(TOTAL);
  expect(new Set(mails.map((m) => m.subject)).size).toBe(TOTAL);
  for (const m of mails) expect([...m.to].sort()).toEqual([setup.body.email, 'sipho@academy.test', EXTRA].sort());
  expect(acknowledgements(marker)).toHaveLength(TOTAL);

  // One mail job per event (job id = event id), none missing, none twice.
  const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  const queue = new Queue(MAIL_QUEUE, { connection, prefix: queuePrefix });
  const jobs = await queue.getJobs(['completed', 'waiting', 'active', 'delayed', 'failed'], 0, -1);
  const ids = jobs.map((j) => j.id);
  for (const e of stored) expect(ids.filter((id) => id === e.id)).toHaveLength(1);
  await queue.close();
  await connection.quit();

  // The bell: each staff member has one notice per application, none doubled.
  const inbox = (await call('GET', '/notifications?limit=100', { token: sa })).body;
  expect(inbox.unread).toBe(TOTAL + 1);

  // Converting one of them mails the new student their credentials (identity's mail, via the same queue).
  const email = `${marker.toLowerCase()}x7@applicants.test`;
  const [row] = (await call('GET', `/admissions/prospects?q=${encodeURIComponent(email)}`, { token: sa })).body.prospects;
  const converted = await call('POST', `/admissions/prospects/${row.id}/convert`, { token: sa, body: {} });
  expect(converted.status).toBe(201);
  const credentials = await mailMatching((m) => m.subject === 'Your Academy account' && m.to.includes(email), 'the credentials mail after convert');
  expect(credentials.text).toContain('Temporary password:');
  expect(credentials.text).toContain(`Hello Outage ${marker}x7,`);
}, 180_000);
