// Must show (issue 3): Redis stopped while events are appended, then started again: every job is
// enqueued exactly once. And (issue 13): Redis away is transient, so however long it lasts the
// dispatcher is never marked failing (its tries are bounded only for errors that are the event's). This file runs its OWN redis-server (same port and data directory across
// the restart, RDB saved at shutdown), never the shared test Redis.
import { createTestDatabase, uniquePrefix, type TestDatabase } from '@academy/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { allEvents, seed, testStore, until } from '../projections/demo-fixture.test.js';
import { failingConsumers } from '../consumers/status.js';
import { Dispatcher } from './dispatcher.js';

let db: TestDatabase;
let store: PostgresEventStore;
let dir: string;
let server: { stop(): Promise<void> } | null = null;

// @academy/devstack is untyped .mjs: the two functions this test uses, as it documents them.
interface Devstack {
  freePort(): Promise<number>;
  startRedis(o: { dataDir: string; port: number; persist: boolean }): Promise<{ url: string; stop(): Promise<void> }>;
}
const devstackModule: string = '@academy/devstack';
let devstack: Devstack;

beforeAll(async () => {
  devstack = (await import(devstackModule)) as Devstack;
  db = await createTestDatabase('dispatch_outage');
  store = await testStore(db.pool);
  dir = mkdtempSync(path.join(os.tmpdir(), 'redis-outage-'));
  chmodSync(dir, 0o755);
});
afterAll(async () => {
  await server?.stop();
  await store?.close();
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

it('Redis stopped during appends and started again: every job enqueued exactly once, appends never failed', async () => {
  const port = await devstack.freePort();
  const start = () => devstack.startRedis({ dataDir: dir, port, persist: true });
  const first = await start();
  server = first;
  const url = `redis://127.0.0.1:${port}`;
  const connection = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: () => 100 });
  connection.on('error', () => {}); // expected while the server is down; the dispatcher reports through onError
  const prefix = uniquePrefix('outage');
  const errors: string[] = [];
  const dispatcher = new Dispatcher({
    name: 'ledger',
    store,
    pool: db.pool,
    connection,
    prefix,
    routes: { Deposited: { queue: 'ledger' }, AccountOpened: { queue: 'welcome' } },
    batchSize: 100,
    addTimeoutMs: 500,
    // Tries that would run out during the outage if Redis errors counted as the event's.
    maxAttempts: 2,
    retryDelayMs: 10,
    onError: (e) => errors.push(String(e)),
  }).start();
  let marked = false;
  const watch = setInterval(() => {
    if (dispatcher.state === 'failing') marked = true;
    void failingConsumers(db.pool).then((f) => (marked ||= f.length > 0), () => {});
  }, 20);

  // Appends run throughout: 40 appends of 50 events, one every 25 ms; none may fail.
  const TOTAL = 2000;
  let appended = 0;
  const appender = (async () => {
    for (let i = 0; i < TOTAL; i += 50) {
      await seed(store, i, 50, 50);
      appended = i + 50;
      await new Promise((r) => setTimeout(r, 25));
    }
  })();

  try {
    await until(() => dispatcher.position >= 200, 10_000, 'dispatching before the outage');
    await first.stop();
    server = null;
    const appendedAtStop = appended;
    await new Promise((r) => setTimeout(r, 300)); // a batch in flight at the stop settles
    const stalledAt = dispatcher.position;
    await new Promise((r) => setTimeout(r, 1500));
    // Redis is down: the log grew, the dispatcher's checkpoint did not (nothing accepted, nothing skipped).
    expect(appended).toBeGreaterThan(appendedAtStop);
    expect(dispatcher.position).toBe(stalledAt);
    expect(await store.headPosition()).toBeGreaterThan(stalledAt);
    expect(errors.some((e) => /no answer from Redis|Redis is (reconnecting|close|end)/.test(e))).toBe(true);

    server = await start();
    await appender;
    expect(appended).toBe(TOTAL);
    await until(() => dispatcher.position === TOTAL, 30_000, 'catch-up after Redis is back');
  } finally {
    clearInterval(watch);
    await appender.catch(() => {});
    await dispatcher.stop();
  }
  expect(marked).toBe(false);
  expect(errors.some((e) => /is failing at position/.test(e))).toBe(false);

  const events = await allEvents(store);
  for (const [queue, type] of [
    ['ledger', 'Deposited'],
    ['welcome', 'AccountOpened'],
  ] as const) {
    const q = new Queue(queue, { connection, prefix });
    const jobs = await q.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized'], 0, -1);
    const expected = events.filter((e) => e.type === type).map((e) => e.id).sort();
    expect(jobs.map((j) => j.id).sort()).toEqual(expected); // none missing, none twice
    expect(await q.count()).toBe(expected.length);
    await q.close();
  }
  await connection.quit();
}, 90_000);
