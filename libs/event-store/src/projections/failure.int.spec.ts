// A projection that cannot apply an event never fails silently (ADR 0010): narrowed to the event,
// bounded tries, marked failing at its position, visible in status and to read-your-writes waits,
// repaired by `projections retry`; transient errors are retried forever and never marked.
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@academy/testing';
import type { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { commandAnswer, ConsistencyWaiter, failingMessage, waitForProjections } from './consistency.js';
import { ensureControlSchema } from './control.js';
import { allEvents, demoProjection, expectedBalances, readBalances, seed, testStore, until } from './demo-fixture.test.js';
import { retryProjection } from './repair.js';
import { ProjectionRunner } from './runner.js';
import { failingProjections, projectionsStatus } from './status.js';
import type { Handler, Projection } from './types.js';

let db: TestDatabase;
let store: PostgresEventStore;
const runners: ProjectionRunner[] = [];
const closers: (() => Promise<unknown>)[] = [];

function runner(projection: Projection, extra: Partial<ConstructorParameters<typeof ProjectionRunner>[0]> = {}): ProjectionRunner {
  const r = new ProjectionRunner({ store, pool: db.pool, projection, batchSize: 100, standbyPollMs: 100, failingPollMs: 200, ...extra });
  runners.push(r);
  return r.start();
}

interface Row {
  position: string;
  failing_position: string | null;
  error: string | null;
  attempts: number;
}
async function row(name: string): Promise<Row | undefined> {
  const { rows } = await db.pool
    .query<Row>(`SELECT position, failing_position, error, attempts FROM projections.checkpoints WHERE name = $1 AND status = 'live'`, [name])
    .catch((e) => {
      if (e.code === '42P01') return { rows: [] as Row[] }; // no runner has created the control tables yet
      throw e;
    });
  return rows[0];
}
const checkpoint = async (name: string) => Number((await row(name))?.position ?? -1);

const retry = (name: string) => retryProjection({ pool: db.pool, name });

beforeEach(async () => {
  db = await createTestDatabase('projection_failure');
  store = await testStore(db.pool);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  for (const close of closers.splice(0)) await close();
  await store.close();
  await db.drop();
});

describe('a projection that cannot apply an event', () => {
  it('keeps the events before it, is marked failing after N tries, shows it, answers waits at once, and recovers on retry', async () => {
    await seed(store, 0, 300, 300);
    let broken = true;
    const tries: number[] = [];
    const failOn = (e: { position: number }) => {
      if (e.position === 250) tries.push(Date.now());
      return broken && e.position === 250;
    };
    const projection = demoProjection({ style: 'handlers', failOn });
    const other = demoProjection({ name: 'other_accounts', style: 'set' });
    const waiter = new ConsistencyWaiter({ pool: db.pool, pollIntervalMs: 5000 });
    closers.push(() => waiter.close());

    const failing = runner(projection, { maxAttempts: 3, retryDelayMs: 100 });
    runner(other);
    // A wait in flight when the mark is set ends then (NOTIFY), not at its bound.
    const inFlight = waiter.wait(['demo_accounts'], 300, 600_000); // ends when marked failing, long before its bound

    await until(async () => (await row('demo_accounts'))?.failing_position === '250', 10_000, 'the failing mark');
    const marked = (await row('demo_accounts'))!;
    expect(marked).toMatchObject({ position: '249', attempts: 3 });
    expect(marked.error).toMatch(/^(Deposited|Withdrawn|AccountOpened) [0-9a-f-]{36}: demo projection: refusing event 250 \(test\)$/);
    expect(failing.state).toBe('failing');
    // The events before the bad one are applied and checkpointed, exactly once.
    expect(await readBalances(db.pool)).toEqual(expectedBalances((await allEvents(store)).filter((e) => e.position <= 249)));
    // One try of the whole batch, then 3 of the event alone, with a doubling pause (100 ms, 200 ms).
    expect(tries).toHaveLength(4);
    expect(tries[2] - tries[1]).toBeGreaterThanOrEqual(90);
    expect(tries[3] - tries[2]).toBeGreaterThanOrEqual(190);

    const ended = await inFlight;
    expect(ended.reached).toBe(false);
    expect(ended.failing).toEqual([expect.objectContaining({ name: 'demo_accounts', position: 250, checkpoint: 249 })]);

    // The other projection is a runner of its own: it reaches the head and follows new events.
    await seed(store, 300, 50, 50);
    await until(async () => (await checkpoint('other_accounts')) === 350, 10_000, 'the other projection at the head');
    expect(await readBalances(db.pool, 'other_accounts')).toEqual(expectedBalances(await allEvents(store)));
    // Failing: no more tries of its own, the checkpoint stays.
    await new Promise((r) => setTimeout(r, 700));
    expect(tries).toHaveLength(4);
    expect(await checkpoint('demo_accounts')).toBe(249);

    // Waits: past the failure, at once with the reason (503); before it, reached; healthy ones unaffected.
    // Bound 10 min, beyond the test's own timeout: an answer at all means it ended early (no timing asserted).
    const stuck = await waiter.wait(['demo_accounts', 'other_accounts'], 350, 600_000);
    expect(stuck).toMatchObject({ reached: false, failing: [expect.objectContaining({ name: 'demo_accounts', position: 250 })] });
    expect(commandAnswer(stuck).status).toBe(503);
    expect(failingMessage(stuck)).toContain('"demo_accounts" (stopped at position 250)');
    expect((await waiter.wait(['demo_accounts'], 200, 5000)).reached).toBe(true);
    const healthy = await waiter.wait(['other_accounts'], 350, 5000);
    expect(healthy.reached).toBe(true);
    expect(healthy.failing ?? []).toEqual([]);

    // Status names it, the position and the error (`projections status` prints it).
    const status = await projectionsStatus({ store, pool: db.pool, projections: [projection, other] });
    expect(status.find((s) => s.name === 'demo_accounts')).toMatchObject({ status: 'live', checkpoint: 249, head: 350, lag: 101, failing: { position: 250, attempts: 3, error: expect.stringContaining('refusing event 250') } });
    expect(status.find((s) => s.name === 'other_accounts')).toMatchObject({ checkpoint: 350, head: 350, lag: 0, failing: null });

    // A retry before the fix (`projections retry`): one try, still failing.
    expect(await retry('demo_accounts')).toMatchObject({ result: 'still failing', version: 1, failing: { position: 250 } });
    expect(tries).toHaveLength(6); // the batch from 249, then the event alone
    expect((await row('demo_accounts'))!.attempts).toBe(4);

    // The fix is deployed: a retry applies it and the projection follows the log again.
    broken = false;
    expect(await retry('demo_accounts')).toEqual({ result: 'recovered', name: 'demo_accounts', version: 1, checkpoint: expect.any(Number) });
    await until(async () => (await checkpoint('demo_accounts')) === 350, 10_000, 'catch-up after the retry');
    expect(failing.state).toBe('running');
    expect(await row('demo_accounts')).toMatchObject({ failing_position: null, error: null, attempts: 0 });
    expect(await readBalances(db.pool)).toEqual(expectedBalances(await allEvents(store)));
    expect(await waiter.wait(['demo_accounts'], 350, 5000)).toMatchObject({ reached: true });
    expect(await failingProjections(db.pool)).toEqual([]);
    expect(await retry('demo_accounts')).toEqual({ result: 'not failing', name: 'demo_accounts' });
  });

  it('following live, a bad event arriving alone gets exactly N tries in all', async () => {
    await seed(store, 0, 10, 10);
    const tries: number[] = [];
    const failOn = (e: { position: number }) => e.position === 12 && tries.push(Date.now()) > 0;
    runner(demoProjection({ style: 'handlers', failOn }), { maxAttempts: 3, retryDelayMs: 50 });
    await until(async () => (await checkpoint('demo_accounts')) === 10, 10_000, 'catch-up');
    await seed(store, 10, 1, 1);
    await until(async () => (await checkpoint('demo_accounts')) === 11, 10_000, 'the good event');
    await seed(store, 11, 1, 1);
    await until(async () => (await row('demo_accounts'))?.failing_position === '12', 10_000, 'the failing mark');
    expect(tries).toHaveLength(3);
    expect(tries[1] - tries[0]).toBeGreaterThanOrEqual(45);
    expect(tries[2] - tries[1]).toBeGreaterThanOrEqual(95);
    expect((await row('demo_accounts'))!).toMatchObject({ position: '11', attempts: 3 });
  });

  it('a runner that starts leading a failing projection tries the event once (the new process may carry the fix)', async () => {
    await seed(store, 0, 120, 120);
    const broken = demoProjection({ style: 'handlers', failOn: (e) => e.position === 110 });
    const a = runner(broken, { maxAttempts: 2, retryDelayMs: 20 });
    await until(async () => (await row('demo_accounts'))?.failing_position === '110', 10_000, 'the failing mark');
    expect((await row('demo_accounts'))!.attempts).toBe(2);
    await a.stop();
    // Still broken: one more try, then failing again.
    const b = runner(broken, { maxAttempts: 2, retryDelayMs: 20 });
    await until(async () => (await row('demo_accounts'))?.attempts === 3, 10_000, 'the try on start');
    await until(() => b.state === 'failing', 5000, 'b failing');
    await b.stop();
    // Fixed code: the try on start succeeds, no operator needed.
    runner(demoProjection({ style: 'handlers' }));
    await until(async () => (await checkpoint('demo_accounts')) === 120, 10_000, 'catch-up with the fixed code');
    expect(await row('demo_accounts')).toMatchObject({ failing_position: null, attempts: 0 });
    expect(await readBalances(db.pool)).toEqual(expectedBalances(await allEvents(store)));
  });

  it('transient errors (a lock timeout, its backend terminated) are retried with backoff and never marked failing', async () => {
    await seed(store, 0, 200, 200);
    // The runner gets a pool of its own, named, so the test can terminate exactly its backends.
    const runnerPool = new pg.Pool({ connectionString: db.url, application_name: 'doomed_runner', max: 2 });
    runnerPool.on('error', () => {});
    closers.push(() => runnerPool.end());
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    closers.push(() => holder.end());
    await holder.query('SELECT pg_advisory_lock(4242)');

    const base = demoProjection({ style: 'handlers' });
    const handlers = Object.fromEntries(
      Object.entries(base.handlers).map(([type, h]): [string, Handler] => [
        type,
        {
          ...h,
          apply: async (e, tx) => {
            if (e.position === 150) {
              // A real lock_not_available (55P03) for as long as the test holds the lock.
              await tx.query(`SET LOCAL lock_timeout = '300ms'`);
              await tx.query('SELECT pg_advisory_xact_lock(4242)');
            }
            await h.apply(e, tx);
          },
        },
      ]),
    );
    const errors: { code?: string; message?: string }[] = [];
    const r = runner({ ...base, handlers }, { pool: runnerPool, maxAttempts: 2, retryDelayMs: 20, onError: (e) => errors.push(e as never) });

    await until(() => errors.filter((e) => e.code === '55P03').length >= 4, 20_000, 'several lock timeouts');
    expect((await row('demo_accounts'))!.failing_position).toBeNull();
    // Terminate the runner's backend while it waits on the lock: it reconnects, takes its lock again, goes on.
    for (let i = 0; i < 3; i++) {
      await until(
        async () => (await db.pool.query(`SELECT 1 FROM pg_stat_activity WHERE application_name = 'doomed_runner' AND wait_event_type = 'Lock'`)).rowCount! > 0,
        20_000,
        'the runner waiting on the lock',
      );
      await db.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'doomed_runner'`);
    }
    await until(() => errors.filter((e) => e.code === '55P03').length >= 6, 20_000, 'lock timeouts after the reconnects');
    expect(errors.some((e) => e.code === '57P01' || /terminat/i.test(e.message ?? ''))).toBe(true);
    expect((await row('demo_accounts'))!.failing_position).toBeNull();
    expect(r.state).not.toBe('failing');

    await holder.query('SELECT pg_advisory_unlock(4242)');
    await until(async () => (await checkpoint('demo_accounts')) === 200, 20_000, 'the head once the lock is free');
    expect(await row('demo_accounts')).toMatchObject({ failing_position: null, attempts: 0 });
    expect(await readBalances(db.pool)).toEqual(expectedBalances(await allEvents(store)));
  });

  it("issue 13's case: a NUL that reaches a text column (22021) is a data error, marked failing with a storable message", async () => {
    await seed(store, 0, 60, 60);
    const base = demoProjection({ style: 'handlers' });
    const handlers = Object.fromEntries(
      Object.entries(base.handlers).map(([type, h]): [string, Handler] => [
        type,
        {
          ...h,
          apply: async (e, tx) => {
            if (e.position === 40) await tx.query(`INSERT INTO openings (account, seq, position) VALUES ($1, 0, $2)`, ['a\u0000b', e.position]);
            await h.apply(e, tx);
          },
        },
      ]),
    );
    runner({ ...base, handlers }, { maxAttempts: 2, retryDelayMs: 20 });
    runner(demoProjection({ name: 'other_accounts' }));
    await until(async () => (await row('demo_accounts'))?.failing_position === '40', 10_000, 'the failing mark');
    expect(await row('demo_accounts')).toMatchObject({ position: '39', attempts: 2, error: expect.stringContaining('[22021] invalid byte sequence for encoding "UTF8": 0x00') });
    await until(async () => (await checkpoint('other_accounts')) === 60, 10_000, 'the other projection at the head');
  });

  it('a new version failing while it builds: the live version keeps serving and waiting, health names the building one', async () => {
    await seed(store, 0, 100, 100);
    runner(demoProjection());
    await until(async () => (await checkpoint('demo_accounts')) === 100, 10_000, 'v1 live');
    runner(demoProjection({ version: 2, style: 'handlers', failOn: (e) => e.position === 60 }), { maxAttempts: 2, retryDelayMs: 20 });
    await until(async () => (await failingProjections(db.pool)).length === 1, 10_000, 'v2 failing');
    expect(await failingProjections(db.pool)).toEqual([
      expect.objectContaining({ name: 'demo_accounts', version: 2, status: 'building', checkpoint: 59, failing: expect.objectContaining({ position: 60, attempts: 2 }) }),
    ]);
    await seed(store, 100, 10, 10);
    await until(async () => (await checkpoint('demo_accounts')) === 110, 10_000, 'v1 following');
    expect((await waitForProjections(db.pool, ['demo_accounts'], 110, 2000)).reached).toBe(true);
    expect(await readBalances(db.pool)).toEqual(expectedBalances(await allEvents(store)));
  });

  it('adds the failure columns to a control table made before them, keeping its rows', async () => {
    await db.pool.query(`
      CREATE SCHEMA old_control;
      CREATE TABLE old_control.checkpoints (
        name text NOT NULL, version integer NOT NULL, schema_name text NOT NULL UNIQUE, position bigint NOT NULL DEFAULT 0,
        status text NOT NULL CHECK (status IN ('building', 'live', 'retired')),
        created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (name, version));
      INSERT INTO old_control.checkpoints (name, version, schema_name, position, status) VALUES ('legacy', 1, 'legacy__v1', 42, 'live');`);
    const fresh = new pg.Pool({ connectionString: db.url, max: 1 });
    closers.push(() => fresh.end());
    await ensureControlSchema(fresh, 'old_control');
    const { rows } = await db.pool.query(`SELECT name, position, failing_position, error, failed_at, attempts, retry_requests FROM old_control.checkpoints`);
    expect(rows).toEqual([{ name: 'legacy', position: '42', failing_position: null, error: null, failed_at: null, attempts: 0, retry_requests: 0 }]);
  });
});
