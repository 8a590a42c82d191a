import { createTestDatabase, testRedisUrl, uniquePrefix, type TestDatabase } from '@academy/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { allEvents, seed, testStore, until } from '../projections/demo-fixture.test.js';
import { failingConsumers, retryConsumer } from '../consumers/status.js';
import { Dispatcher, type DispatchRoutes } from './dispatcher.js';

let db: TestDatabase;
let store: PostgresEventStore;
let redis: Redis;
let prefix: string;
const dispatchers: Dispatcher[] = [];

const routes: DispatchRoutes = {
  AccountOpened: [{ queue: 'welcome' }, { queue: 'inbox', jobName: 'notify' }],
  Withdrawn: { queue: 'alerts', data: (e) => ({ position: e.position }), opts: { attempts: 3 } },
};

beforeEach(async () => {
  db = await createTestDatabase('dispatch');
  store = await testStore(db.pool);
  redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  prefix = uniquePrefix('dispatch');
});
afterEach(async () => {
  await Promise.all(dispatchers.splice(0).map((d) => d.stop()));
  await store.close();
  await redis.quit();
  await db.drop();
});

function dispatcher(extra: Partial<ConstructorParameters<typeof Dispatcher>[0]> = {}): Dispatcher {
  const d = new Dispatcher({ name: 'notifications', store, pool: db.pool, connection: redis, prefix, routes, batchSize: 50, standbyPollMs: 50, ...extra });
  dispatchers.push(d);
  return d.start();
}

async function jobIds(queue: string): Promise<string[]> {
  const q = new Queue(queue, { connection: redis, prefix });
  try {
    const jobs = await q.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized']);
    return jobs.map((j) => j.id!).sort();
  } finally {
    await q.close();
  }
}

describe('dispatcher', () => {
  it('turns the routed events into jobs whose id is the event id, once, and moves its checkpoint', async () => {
    await seed(store, 0, 300, 100);
    const d = dispatcher();
    await until(() => d.position === 300, 10_000, 'dispatch');
    const events = await allEvents(store);
    const ids = (type: string) => events.filter((e) => e.type === type).map((e) => e.id).sort();
    expect(await jobIds('welcome')).toEqual(ids('AccountOpened'));
    expect(await jobIds('inbox')).toEqual(ids('AccountOpened'));
    expect(await jobIds('alerts')).toEqual(ids('Withdrawn'));

    const q = new Queue('alerts', { connection: redis, prefix });
    const withdrawn = events.find((e) => e.type === 'Withdrawn')!;
    const job = (await q.getJob(withdrawn.id))!;
    expect(job.name).toBe('Withdrawn');
    expect(job.data).toEqual({ position: withdrawn.position });
    expect(job.opts.attempts).toBe(3);
    const inbox = new Queue('inbox', { connection: redis, prefix });
    const opened = events.find((e) => e.type === 'AccountOpened')!;
    const welcome = (await inbox.getJob(opened.id))!;
    expect(welcome.name).toBe('notify');
    expect(welcome.data).toMatchObject({ eventId: opened.id, type: 'AccountOpened', position: opened.position, data: opened.data });
    await q.close();
    await inbox.close();
  });

  it('a replay after a crash between add and checkpoint re-adds the same ids, which BullMQ ignores', async () => {
    await seed(store, 0, 200, 100);
    const d = dispatcher();
    await until(() => d.position === 200, 10_000, 'dispatch');
    await d.stop();
    const before = { welcome: await jobIds('welcome'), alerts: await jobIds('alerts') };
    // As if the process died after Redis accepted the jobs but before the checkpoint committed.
    await db.pool.query(`UPDATE projections.consumer_checkpoints SET position = 0 WHERE name = 'notifications'`);
    const again = dispatcher();
    await until(() => again.position === 200, 10_000, 're-dispatch');
    expect({ welcome: await jobIds('welcome'), alerts: await jobIds('alerts') }).toEqual(before);
    const q = new Queue('alerts', { connection: redis, prefix });
    expect(await q.count()).toBe(before.alerts.length);
    await q.close();
  });

  it('runs one instance at a time; a standby takes over', async () => {
    const a = dispatcher();
    const b = dispatcher();
    await until(() => [a.state, b.state].sort().join() === 'running,standby', 5000, 'one leader');
    const leader = a.state === 'running' ? a : b;
    const standby = leader === a ? b : a;
    await seed(store, 0, 100, 100);
    await until(() => leader.position === 100, 10_000, 'leader dispatching');
    await leader.stop();
    await until(() => standby.state === 'running', 5000, 'takeover');
    await seed(store, 100, 100, 100);
    await until(() => standby.position === 200, 10_000, 'standby dispatching');
    const events = await allEvents(store);
    expect(await jobIds('alerts')).toEqual(events.filter((e) => e.type === 'Withdrawn').map((e) => e.id).sort());
  });

  it("starts at the head when told to, so a new route set does not re-send history", async () => {
    await seed(store, 0, 100, 100);
    const d = dispatcher({ name: 'late', startAt: 'head' });
    await until(() => d.position === 100, 5000, 'start at head');
    await seed(store, 100, 100, 100);
    await until(() => d.position === 200, 10_000, 'dispatch');
    const events = await allEvents(store);
    expect(await jobIds('alerts')).toEqual(events.filter((e) => e.type === 'Withdrawn' && e.position > 100).map((e) => e.id).sort());
  });

  it('an event that cannot become a job: earlier jobs enqueued, N tries, marked failing at it, caught up by retry after the fix (ADR 0010 §7)', async () => {
    const head = await seed(store, 0, 200, 200);
    const events = await allEvents(store);
    const bad = events.filter((e) => e.type === 'Withdrawn')[3];
    let broken = true;
    let tries = 0;
    const d = dispatcher({
      maxAttempts: 2,
      retryDelayMs: 20,
      failingPollMs: 60_000,
      routes: {
        ...routes,
        Withdrawn: {
          queue: 'alerts',
          data: (e) => {
            if (broken && e.id === bad.id) {
              tries += 1;
              throw new Error('template bug (test)');
            }
            return { position: e.position };
          },
        },
      },
    });
    await until(() => d.state === 'failing', 10_000, 'the failing mark');
    expect(d.position).toBe(bad.position - 1);
    expect(tries).toBe(3); // the batch of 50 it came in (names no event), then 2 tries of it alone
    const before = (type: string) => events.filter((e) => e.type === type && e.position < bad.position).map((e) => e.id).sort();
    expect(await jobIds('alerts')).toEqual(before('Withdrawn'));
    expect(await jobIds('welcome')).toEqual(before('AccountOpened'));
    expect(await failingConsumers(db.pool)).toEqual([
      {
        name: 'notifications',
        kind: 'dispatcher',
        checkpoint: bad.position - 1,
        failing: expect.objectContaining({ position: bad.position, attempts: 2, error: `Withdrawn ${bad.id}: template bug (test)` }),
      },
    ]);

    broken = false;
    // `projections retry notifications`
    expect(await retryConsumer({ pool: db.pool, name: 'notifications' })).toEqual({ result: 'recovered', name: 'notifications', kind: 'dispatcher', checkpoint: expect.any(Number) });
    await until(() => d.position === head, 10_000, 'catch-up after the retry');
    expect(await jobIds('alerts')).toEqual(events.filter((e) => e.type === 'Withdrawn').map((e) => e.id).sort());
    expect(await failingConsumers(db.pool)).toEqual([]);
  });

  // Issue 28: Redis emptied while the dispatcher runs (FLUSHALL, a restart without its data, a
  // failover to an empty replica). Here only this test's keys are deleted, the shared test Redis
  // serving other files, and in one script: like FLUSHALL, at one instant (a KEYS then a DEL would let
  // a marker made in between survive the jobs it vouches for, which no real loss does).
  async function forgetEverything(): Promise<void> {
    await redis.eval("for _, k in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', k) end", 0, `${prefix}:*`);
  }

  /** Until every routed event's job is in Redis again (a redelivery adds its queues one after another). */
  async function everyJobBack(): Promise<{ events: Awaited<ReturnType<typeof allEvents>>; ids: (type: string) => string[] }> {
    const events = await allEvents(store);
    const ids = (type: string) => events.filter((e) => e.type === type).map((e) => e.id).sort();
    const complete = async () =>
      (await jobIds('alerts')).length === ids('Withdrawn').length && (await jobIds('inbox')).length === ids('AccountOpened').length && (await jobIds('welcome')).length === ids('AccountOpened').length;
    await until(complete, 20_000, 'every lost job derived again');
    return { events, ids };
  }

  it('Redis loses its data while running: the next event still becomes a job, lost jobs are derived again, never marked failing', async () => {
    await seed(store, 0, 100, 100);
    const d = dispatcher({ maxAttempts: 2, retryDelayMs: 20, redisCheckMs: 60_000 });
    await until(() => d.position === 100, 10_000, 'dispatch');
    await forgetEverything();
    await seed(store, 100, 10, 10);
    await until(() => d.position === 110, 10_000, 'the batch after the loss');
    const { ids } = await everyJobBack();
    expect(await jobIds('alerts')).toEqual(ids('Withdrawn'));
    expect(await jobIds('welcome')).toEqual(ids('AccountOpened'));
    expect(d.state).toBe('running');
    expect(await failingConsumers(db.pool)).toEqual([]);
  });

  it('20 losses at random moments while events are appended: every job exactly once in the end, never marked failing', async () => {
    const d = dispatcher({ maxAttempts: 2, retryDelayMs: 20, redisCheckMs: 50 });
    let appended = 0;
    const appender = (async () => {
      for (; appended < 1000; appended += 25) {
        await seed(store, appended, 25, 25);
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
      }
    })();
    for (let i = 0; i < 20; i += 1) {
      await new Promise((r) => setTimeout(r, Math.random() * 60));
      await forgetEverything();
    }
    await appender;
    await until(() => d.position === 1000, 20_000, 'caught up');
    const { ids } = await everyJobBack();
    expect(await jobIds('alerts')).toEqual(ids('Withdrawn'));
    expect(await jobIds('inbox')).toEqual(ids('AccountOpened'));
    expect(await jobIds('welcome')).toEqual(ids('AccountOpened'));
    expect(d.state).toBe('running');
    expect(await failingConsumers(db.pool)).toEqual([]);
  });
});
