// The worker's mail path against real servers: Postgres (event store, sent_mail), Redis (BullMQ) and
// the devstack SMTP catcher over TCP. The worker runs as in production (WorkerModule), with a test
// context's templates.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { EventStore } from '@academy/event-store';
import { EVENT_STORE, loadConfig, MAIL_MESSAGE_JOB, MAIL_QUEUE, type MailTemplates, migrateUp, MikroORM, ormOptions, type RecipientDirectory } from '@academy/backend';
import { createTestDatabase, startSmtpCatcher, testRedisUrl, uniquePrefix, type TestDatabase, type TestSmtpCatcher } from '@academy/testing';
import { WorkerModule } from '../worker.module.js';
import { MailProcessor, type MailOutcome } from './mail.processor.js';

const templates: MailTemplates = {
  LearnerInvited: (e, { config }) => {
    const who = e.personal!.data as { email: string; name: string };
    const { inviteId } = e.data as { inviteId: string };
    return {
      to: who.email,
      subject: `Welcome to the academy, ${who.name}`,
      text: `Hello ${who.name}, accept your invitation at ${config.PUBLIC_URL}/invite/${inviteId}`,
      html: `<p>Hello ${who.name}, <a href="${config.PUBLIC_URL}/invite/${inviteId}">accept your invitation</a></p>`,
    };
  },
  // Two messages from one event, the second to people found in the directory (as admissions does).
  LearnerApplied: async (e, { directory }) => {
    const who = e.personal!.data as { email: string; name: string };
    const staff = await directory.byRoles(['admin']);
    return [
      { to: who.email, subject: `We received your application, ${who.name}`, text: 'Thank you.' },
      { to: staff.map((r) => r.email), subject: `New application from ${who.name}`, text: 'Someone applied.' },
    ];
  },
};

const STAFF_EMAIL = `staff-${randomUUID().slice(0, 8)}@example.org`;
const directory: RecipientDirectory = {
  byRoles: async (roles) =>
    roles.includes('admin') ? [{ userId: randomUUID(), email: STAFF_EMAIL, fullName: 'Staff', role: 'admin', preferences: { newApplications: true, newSubmissions: true, submissionGraded: true, announcements: true } }] : [],
  byId: async () => null,
};

let db: TestDatabase;
let catcher: TestSmtpCatcher;
let app: INestApplicationContext;
let redis: Redis;
let queue: Queue;
let store: EventStore;
const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-mail-'));

beforeAll(async () => {
  db = await createTestDatabase('mail');
  catcher = await startSmtpCatcher();
  process.env.ACADEMY_MASTER_KEY = Buffer.alloc(32, 7).toString('base64');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: uniquePrefix('mail'),
    SMTP_URL: catcher.url,
    PUBLIC_URL: 'http://academy.test',
    ACADEMY_MASTER_KEY: process.env.ACADEMY_MASTER_KEY,
    ACADEMY_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });
  const orm = await MikroORM.init(ormOptions(db.url));
  try {
    await migrateUp(orm, db.url);
  } finally {
    await orm.close();
  }
  app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, { projections: [], notificationRoutes: {}, mailTemplates: templates, recipientDirectory: () => directory }), {
    logger: ['error'],
  });
  store = app.get<EventStore>(EVENT_STORE);
  redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  queue = new Queue(MAIL_QUEUE, { connection: redis, prefix: config.QUEUE_PREFIX });
}, 60_000);

afterAll(async () => {
  await queue?.close();
  await redis?.quit();
  await app?.close();
  await catcher?.stop();
  await db?.drop();
  delete process.env.ACADEMY_MASTER_KEY;
  rmSync(dataDir, { recursive: true, force: true });
});

/** Polls until the job has finished (completed or failed for good). */
async function finished(q: Queue, jobId: string, timeoutMs = 15_000): Promise<Job> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const state = await q.getJobState(jobId);
    // Read the job after it reached its end state, so returnvalue / failedReason are there.
    if (state === 'completed' || state === 'failed') return (await q.getJob(jobId))!;
    if (Date.now() > until) throw new Error(`job ${jobId} is still ${state} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function sentRows(jobId: string): Promise<number> {
  const { rows } = await db.pool.query<{ n: string }>('select count(*) as n from sent_mail where job_id = $1', [jobId]);
  return Number(rows[0].n);
}

function invite(email: string, name: string, type = 'LearnerInvited') {
  const subjectId = randomUUID();
  const id = randomUUID();
  return {
    subjectId,
    id,
    append: () =>
      store.append(
        `invitation-${randomUUID()}`,
        [
          {
            id,
            type,
            data: { inviteId: 'inv-42' },
            personal: { subjectId, data: { email, name } },
            metadata: { actorId: null, actorRole: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
          },
        ],
        0,
      ),
  };
}

describe('mail', () => {
  it('an event with a template is dispatched (job id = event id), rendered from the store and delivered over SMTP', async () => {
    const email = `thandi-${randomUUID().slice(0, 8)}@example.org`;
    const ev = invite(email, 'Thandi');
    await ev.append();

    const mail = await catcher.waitFor((m) => m.to.includes(email), 15_000);
    expect(mail.subject).toBe('Welcome to the academy, Thandi');
    expect(mail.text).toContain('accept your invitation at http://academy.test/invite/inv-42');
    expect(mail.html).toContain('<a href="http://academy.test/invite/inv-42">');
    expect(mail.from).toMatch(/^"?Academy"? <no-reply@academy\.local>$/); // MAIL_FROM's default

    const job = await finished(queue, ev.id);
    expect(job.returnvalue).toMatchObject({ sent: true });
    // The queue never held the personal part: the processor read it back from the store.
    expect(JSON.stringify(job.data)).not.toContain(email);
    expect(JSON.stringify(job.data)).not.toContain('Thandi');
    expect(await sentRows(ev.id)).toBe(1);
  });

  it('a template may render several messages: each is sent once, also when the job is added again', async () => {
    const email = `sipho-${randomUUID().slice(0, 8)}@example.org`;
    const ev = invite(email, 'Sipho', 'LearnerApplied');
    const { lastPosition } = await ev.append();
    const ack = await catcher.waitFor((m) => m.to.includes(email), 15_000);
    expect(ack.subject).toBe('We received your application, Sipho');
    const staff = await catcher.waitFor((m) => m.to.includes(STAFF_EMAIL) && m.subject === 'New application from Sipho', 15_000);
    expect(staff.text).toContain('Someone applied.');
    expect((await finished(queue, ev.id)).returnvalue).toMatchObject({ sent: true });
    expect(await sentRows(ev.id)).toBe(1);
    expect(await sentRows(`${ev.id}/1`)).toBe(1);

    // The same job id once more (a replay of the dispatcher after a Redis flush): nothing is sent again.
    await (await queue.getJob(ev.id))!.remove();
    await queue.add('LearnerApplied', { eventId: ev.id, type: 'LearnerApplied', position: lastPosition }, { jobId: ev.id });
    expect((await finished(queue, ev.id)).returnvalue).toEqual({ sent: false, reason: 'already sent' });
    expect(catcher.messages().filter((m) => m.to.includes(email) || m.subject === 'New application from Sipho')).toHaveLength(2);
  });

  it('a rendered message is sent once per job id: re-added after completion, or run twice at the same time', async () => {
    const jobId = randomUUID();
    const subject = `Your results ${jobId}`;
    const message = { to: 'tendai@example.org', subject, text: 'You passed module 3.' };
    await queue.add(MAIL_MESSAGE_JOB, { message }, { jobId });
    expect((await finished(queue, jobId)).returnvalue).toMatchObject({ sent: true });
    const mail = await catcher.waitFor((m) => m.subject === subject);
    expect(mail.to).toEqual(['tendai@example.org']);
    expect(mail.text.trim()).toBe('You passed module 3.');

    // Redis forgot the job (removeOnComplete, a flush): the same id comes again.
    await (await queue.getJob(jobId))!.remove();
    await queue.add(MAIL_MESSAGE_JOB, { message }, { jobId });
    expect((await finished(queue, jobId)).returnvalue).toEqual({ sent: false, reason: 'already sent' } satisfies MailOutcome);

    // Two workers holding the same job (a stalled job taken over): one sends, the other waits on the row and skips.
    const twinId = randomUUID();
    const twinSubject = `Twin ${twinId}`;
    const parked = new Queue('mail-parked', { connection: redis, prefix: uniquePrefix('parked') }); // nobody consumes it
    const twin = await parked.add(MAIL_MESSAGE_JOB, { message: { ...message, subject: twinSubject } }, { jobId: twinId });
    const processor = app.get(MailProcessor);
    const outcomes = await Promise.all([processor.process(twin), processor.process(twin)]);
    expect(outcomes.map((o) => o.sent).sort()).toEqual([false, true]);
    await parked.obliterate({ force: true });
    await parked.close();

    await new Promise((r) => setTimeout(r, 300)); // a duplicate would have arrived by now
    expect(catcher.messages().filter((m) => m.subject === subject)).toHaveLength(1);
    expect(catcher.messages().filter((m) => m.subject === twinSubject)).toHaveLength(1);
    expect(await sentRows(jobId)).toBe(1);
  });

  it('a mail accepted by the server but not recorded (the worker died before its commit) goes again with the same Message-ID', async () => {
    const jobId = randomUUID();
    const subject = `Your timetable ${jobId}`;
    const message = { to: 'rudo@example.org', subject, text: 'Week 4 starts on Monday.' };
    await queue.add(MAIL_MESSAGE_JOB, { message }, { jobId });
    expect((await finished(queue, jobId)).returnvalue).toMatchObject({ sent: true });
    const first = await catcher.waitFor((m) => m.subject === subject);
    expect(first.messageId).toBe(`<${jobId}@academy.local>`);
    // What a kill between the server's "250 OK" and the commit leaves: no row; the stalled job runs again.
    await db.pool.query('delete from sent_mail where job_id = $1', [jobId]);
    await (await queue.getJob(jobId))!.remove();
    await queue.add(MAIL_MESSAGE_JOB, { message }, { jobId });
    expect((await finished(queue, jobId)).returnvalue).toMatchObject({ sent: true });
    await catcher.waitFor((m) => m.subject === subject && m.id !== first.id);
    const copies = catcher.messages().filter((m) => m.subject === subject);
    expect(copies.map((m) => m.messageId)).toEqual([first.messageId, first.messageId]);
    const { rows } = await db.pool.query<{ message_id: string }>('select message_id from sent_mail where job_id = $1', [jobId]);
    expect(rows).toEqual([{ message_id: first.messageId }]);
  });

  it('sends nothing when the subject was erased while the job waited', async () => {
    await queue.pause();
    try {
      const email = `erased-${randomUUID().slice(0, 8)}@example.org`;
      const ev = invite(email, 'Farai');
      await ev.append();
      const until = Date.now() + 10_000;
      while (!(await queue.getJob(ev.id))) {
        if (Date.now() > until) throw new Error('the dispatcher did not enqueue the mail job');
        await new Promise((r) => setTimeout(r, 50));
      }
      await store.eraseSubject(ev.subjectId);
      await queue.resume();
      const job = await finished(queue, ev.id);
      expect(job.returnvalue).toEqual({ sent: false, reason: 'subject erased' } satisfies MailOutcome);
      expect(catcher.messages().filter((m) => m.to.includes(email))).toEqual([]);
      expect(await sentRows(ev.id)).toBe(0);
    } finally {
      await queue.resume();
    }
  });

  it('refuses a job without its own id (a BullMQ counter id could collide after a Redis flush)', async () => {
    const job = await queue.add(MAIL_MESSAGE_JOB, { message: { to: 'x@example.org', subject: 'counter id', text: 'x' } }, { attempts: 5 });
    expect(job.id).toMatch(/^\d+$/);
    const done = await finished(queue, job.id!);
    expect(await done.getState()).toBe('failed');
    expect(done.attemptsMade).toBeLessThanOrEqual(1); // unrecoverable: not retried (5 attempts were allowed)
    expect(done.failedReason).toMatch(/own job id/);
  });

  // Last: it replaces the catcher (same port, so the worker's SMTP_URL still points at it).
  it('while the SMTP server is down the job retries with backoff, and the mail is delivered once it is back', async () => {
    const port = catcher.port;
    await catcher.stop();
    const jobId = randomUUID();
    const subject = `Outage ${jobId}`;
    await queue.add(MAIL_MESSAGE_JOB, { message: { to: 'rudo@example.org', subject, text: 'sent after the outage' } }, { jobId, attempts: 50, backoff: { type: 'fixed', delay: 200 } });
    const until = Date.now() + 10_000;
    for (;;) {
      const job = await queue.getJob(jobId);
      if (job && job.attemptsMade >= 2) break;
      if (Date.now() > until) throw new Error(`the job did not retry: ${job?.attemptsMade} attempt(s), ${job?.failedReason}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await sentRows(jobId)).toBe(0);

    catcher = await startSmtpCatcher({ port });
    const mail = await catcher.waitFor((m) => m.subject === subject, 10_000);
    expect(mail.to).toEqual(['rudo@example.org']);
    const job = await finished(queue, jobId);
    expect(job.returnvalue).toMatchObject({ sent: true });
    expect(job.attemptsMade).toBeGreaterThanOrEqual(3);
    expect(await sentRows(jobId)).toBe(1);
  });
});
