import { createTestDatabase, type TestDatabase } from '@academy/testing';
import type { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { ConsistencyWaiter, DEFAULT_CONSISTENCY_TIMEOUT_MS, waitForProjections } from './consistency.js';
import { demoProjection, seed, testStore, until } from './demo-fixture.test.js';
import { ProjectionRunner } from './runner.js';

let db: TestDatabase;
let store: PostgresEventStore;
let waiter: ConsistencyWaiter;
const runners: ProjectionRunner[] = [];

beforeEach(async () => {
  db = await createTestDatabase('consistency');
  store = await testStore(db.pool);
  waiter = new ConsistencyWaiter({ pool: db.pool, pollIntervalMs: 5000 }); // slow polling: NOTIFY must do the work
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await waiter.close();
  await store.close();
  await db.drop();
});

function start(name: string): ProjectionRunner {
  const r = new ProjectionRunner({ store, pool: db.pool, projection: demoProjection({ name }), batchSize: 50, standbyPollMs: 50 }).start();
  runners.push(r);
  return r;
}

describe('read-your-writes waiter', () => {
  it('resolves when every named projection has applied the position, woken by NOTIFY', async () => {
    start('rm_one');
    start('rm_two');
    await seed(store, 0, 10, 10);
    expect(await waiter.wait(['rm_one', 'rm_two'], 10, 5000)).toMatchObject({ reached: true, behind: [] });

    const { lastPosition } = await store.append('account-x', [{ type: 'Deposited', data: { account: 'x', amount: 5 }, metadata: { actorId: null, actorRole: null, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString() } }], 'any');
    // A new waiter that polls once an hour: within the 30 s bound only LISTEN can wake it (the
    // notification, or the read right after LISTEN for one sent before it). No timing asserted:
    // a busy machine may take seconds, never an hour.
    const notifyOnly = new ConsistencyWaiter({ pool: db.pool, pollIntervalMs: 3_600_000 });
    const r = await notifyOnly.wait(['rm_one', 'rm_two'], lastPosition, 30_000).finally(() => notifyOnly.close());
    expect(r).toMatchObject({ reached: true, position: lastPosition });
    // …and the data is there when it says so.
    const { rows } = await db.pool.query(`SELECT balance::int AS b FROM rm_one.balances WHERE account = 'x'`);
    expect(rows[0].b).toBe(5);
  });

  it('answers at the bound with the projections still behind', async () => {
    const r1 = start('rm_fast');
    start('rm_slow');
    await seed(store, 0, 20, 20);
    await until(async () => (await waiter.wait(['rm_fast', 'rm_slow'], 20, 100)).reached, 10_000, 'both caught up');
    await runners[1].stop(); // rm_slow's runner is gone
    await seed(store, 20, 5, 5);
    const t0 = Date.now();
    const r = await waiter.wait(['rm_fast', 'rm_slow'], 25, 400);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(390);
    expect(r).toEqual({ reached: false, position: 25, behind: [{ name: 'rm_slow', checkpoint: 20 }], waitedMs: expect.any(Number) });
    expect(r1.state).toBe('running');
  });

  it('bounds a wait given no bound by the waiter\'s own (the app\'s CONSISTENCY_WAIT_MS), not the 3 s default', async () => {
    await seed(store, 0, 1, 1);
    const longer = new ConsistencyWaiter({ pool: db.pool, timeoutMs: DEFAULT_CONSISTENCY_TIMEOUT_MS + 500 });
    try {
      const t0 = Date.now();
      // No runner keeps rm_never: only the bound ends the wait (a timer never fires early).
      const r = await longer.wait(['rm_never'], 1);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(DEFAULT_CONSISTENCY_TIMEOUT_MS + 490);
      expect(r).toMatchObject({ reached: false, position: 1 });
    } finally {
      await longer.close();
    }
  });

  it('falls back to polling when no notification comes (here: the LISTEN connection is killed)', async () => {
    const polling = new ConsistencyWaiter({ pool: db.pool, pollIntervalMs: 100 });
    try {
      start('rm_p');
      await seed(store, 0, 5, 5);
      expect((await polling.wait(['rm_p'], 5, 5000)).reached).toBe(true);
      // Only this file's database: other test files run their own waiters on the same server at the same time.
      const killed = await db.pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN "projections_checkpoint"' AND pid <> pg_backend_pid() AND datname = current_database()`,
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      await seed(store, 5, 5, 5);
      expect(await polling.wait(['rm_p'], 10, 5000)).toMatchObject({ reached: true });
    } finally {
      await polling.close();
    }
  });

  it('waitForProjections is a one-off wait; a position already reached or none asked for answers at once', async () => {
    start('rm_once');
    await seed(store, 0, 3, 3);
    expect(await waitForProjections(db.pool, ['rm_once'], 3, 5000)).toMatchObject({ reached: true });
    expect(await waitForProjections(db.pool, [], 999, 10)).toMatchObject({ reached: true });
    expect(await waitForProjections(db.pool, ['rm_never_registered'], 1, 200)).toMatchObject({ reached: false, behind: [{ name: 'rm_never_registered', checkpoint: 0 }] });
  });
});
