// The admins' queue view (issue 17 §6, ADR 0032) over real HTTP, Postgres and Redis: who may call it,
// a failed job listed without its data, and a retry that a worker then runs.
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRedis } from '@academy/backend';
import { adminQueuesSchema, QUEUE_MESSAGES } from '@academy/contracts';
import { bodyOf, testRedisUrl } from '@academy/testing';
import { type Account, type Harness, ROLES, startHarness } from './modules-harness.js';

let h: Harness;
let accounts: Partial<Record<(typeof ROLES)[number], Account>>;
let queue: Queue;
let worker: Worker;
const redis: Redis[] = [];
/** The worker's behaviour: fail until a test says otherwise. */
let failing = true;
const outcomes: { id: string; outcome: 'completed' | 'failed' }[] = [];
const waiters = new Set<() => void>();

/** Resolves when the worker has finished job `id` with `outcome` (event-driven, no timing). */
function finished(id: string, outcome: 'completed' | 'failed'): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (outcomes.some((o) => o.id === id && o.outcome === outcome)) {
        waiters.delete(check);
        resolve();
      }
    };
    waiters.add(check);
    check();
  });
}

beforeAll(async () => {
  h = await startHarness('queues');
  redis.push(createRedis(testRedisUrl(), 'queues-test-queue'), createRedis(testRedisUrl(), 'queues-test-worker'));
  queue = new Queue('mail', { connection: redis[0], prefix: h.queuePrefix });
  worker = new Worker(
    'mail',
    async (job: Job) => {
      if (failing) throw new Error(`SMTP 451 try again later (job ${job.name})`);
    },
    { connection: redis[1], prefix: h.queuePrefix },
  );
  const note = (id: string | undefined, outcome: 'completed' | 'failed') => {
    outcomes.push({ id: String(id), outcome });
    for (const w of [...waiters]) w();
  };
  worker.on('completed', (job) => note(job.id, 'completed'));
  worker.on('failed', (job) => note(job?.id, 'failed'));
  accounts = {
    admin: h.admin,
    student: await h.account('student'),
    teacher: await h.account('teacher'),
    student_admin: await h.account('student_admin'),
    auditor: await h.account('auditor'),
  };
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await queue?.close();
  for (const r of redis) r.disconnect();
  await h?.stop();
});

describe('authorization', () => {
  it('answers the queue endpoints to admins only: 401 anonymous, 403 every other role', async () => {
    // [method, path, anonymous, student, teacher, admin, student_admin, auditor]
    const matrix: [string, string, number, number, number, number, number, number][] = [
      ['GET', '/admin/queues', 401, 403, 403, 200, 403, 403],
      ['POST', '/admin/queues/mail/jobs/no-such-job/retry', 401, 403, 403, 404, 403, 403],
      ['POST', '/admin/queues/audit/jobs/no-such-job/retry', 401, 403, 403, 404, 403, 403],
      ['POST', '/admin/queues/secrets/jobs/1/retry', 401, 403, 403, 400, 403, 403],
      ['POST', '/admin/queues/mail/jobs/a%20b/retry', 401, 403, 403, 400, 403, 403],
    ];
    const got: string[] = [];
    const want: string[] = [];
    for (const [method, path, ...expected] of matrix) {
      for (const [i, role] of ROLES.entries()) {
        const res = await h.call(method, path, { token: accounts[role as keyof typeof accounts]?.token });
        got.push(`${method} ${path} ${role} → ${res.status}`);
        want.push(`${method} ${path} ${role} → ${expected[i]}`);
      }
    }
    expect(got).toEqual(want);
  });
});

describe('failed jobs', () => {
  it('shows an admin a failed job with its reason but not its data; a retry moves it back and the worker runs it', async () => {
    failing = true;
    const job = await queue.add('welcome', { to: 'ada.lovelace@example.org', fullName: 'Ada Lovelace' }, { attempts: 1 });
    await finished(job.id!, 'failed');

    const listed = await h.call('GET', '/admin/queues', { token: h.admin.token });
    expect(listed.status).toBe(200);
    const { queues } = bodyOf(listed, adminQueuesSchema);
    expect(queues.map((q) => q.name)).toEqual(['mail', 'system', 'audit', 'git']);
    const mail = queues[0];
    expect(mail.counts.failed).toBe(1);
    expect(mail.failed).toEqual([
      { id: job.id, name: 'welcome', failedReason: 'SMTP 451 try again later (job welcome)', attemptsMade: 1, createdAt: expect.any(String), failedAt: expect.any(String) },
    ]);
    expect(JSON.stringify(listed.body)).not.toMatch(/ada\.lovelace|Ada Lovelace/);

    failing = false;
    const retried = await h.call('POST', `/admin/queues/mail/jobs/${job.id}/retry`, { token: h.admin.token });
    expect(retried).toMatchObject({ status: 200, body: { message: QUEUE_MESSAGES.jobRetried } });
    await finished(job.id!, 'completed');
    expect(await (await queue.getJob(job.id!))!.isCompleted()).toBe(true);

    const after = bodyOf(await h.call('GET', '/admin/queues', { token: h.admin.token }), adminQueuesSchema).queues[0];
    expect(after.counts).toMatchObject({ failed: 0, completed: 1 });
    expect(after.failed).toEqual([]);
    // Not failed any more: a second retry (another admin's, a double click) would run it twice.
    expect(await h.call('POST', `/admin/queues/mail/jobs/${job.id}/retry`, { token: h.admin.token })).toMatchObject({ status: 404, body: { message: QUEUE_MESSAGES.jobNotFound } });
  });

  it('refuses to retry a job that is not failed (here: delayed), leaving it as it was', async () => {
    const delayed = await queue.add('reminder', {}, { attempts: 1, delay: 3_600_000 });
    try {
      expect((await h.call('POST', `/admin/queues/mail/jobs/${delayed.id}/retry`, { token: h.admin.token })).status).toBe(404);
      expect(await (await queue.getJob(delayed.id!))!.getState()).toBe('delayed');
    } finally {
      await delayed.remove();
    }
  });
});
