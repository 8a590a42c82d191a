import { createTestDatabase, type TestDatabase } from '@academy/testing';
import { auditReplay, type ReplayProgress } from '../audit/replay.js';
import type { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { allEvents, demoProjection, expectedBalances, readBalances, seed, testStore, until } from './demo-fixture.test.js';
import { rebuildProjection } from './rebuild.js';
import { ProjectionRunner } from './runner.js';
import { projectionsStatus } from './status.js';

let db: TestDatabase;
let store: PostgresEventStore;
const runners: ProjectionRunner[] = [];

function runner(projection = demoProjection(), extra: Partial<ConstructorParameters<typeof ProjectionRunner>[0]> = {}): ProjectionRunner {
  const r = new ProjectionRunner({ store, pool: db.pool, projection, batchSize: 100, standbyPollMs: 100, ...extra });
  runners.push(r);
  return r.start();
}

async function checkpoint(name = 'demo_accounts'): Promise<number> {
  const { rows } = await db.pool.query<{ position: string }>(
    `SELECT position FROM projections.checkpoints WHERE name = $1 AND status = 'live'`,
    [name],
  ).catch((e) => {
    if (e.code === '42P01') return { rows: [] }; // no runner has created the control tables yet
    throw e;
  });
  return Number(rows[0]?.position ?? -1);
}

beforeEach(async () => {
  db = await createTestDatabase('projections');
  store = await testStore(db.pool);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await store.close();
  await db.drop();
});

describe('projection runner', () => {
  it.each(['handlers', 'set'] as const)('catches up, then follows live appends (%s style); status shows the lag', async (style) => {
    await seed(store, 0, 1000, 100);
    const r = runner(demoProjection({ style }));
    await until(async () => (await checkpoint()) === 1000, 20_000, 'catch-up');
    await seed(store, 1000, 250, 50);
    await until(async () => (await checkpoint()) === 1250, 10_000, 'live');
    expect(r.state).toBe('running');
    expect(await readBalances(db.pool)).toEqual(expectedBalances(await allEvents(store)));
    const { rows: openings } = await db.pool.query('SELECT count(*)::int AS n FROM demo_accounts.openings');
    expect(openings[0].n).toBe(25); // every 50th of 1250

    const status = await projectionsStatus({ store, pool: db.pool, projections: [demoProjection(), demoProjection({ name: 'other' })] });
    expect(status).toEqual([
      expect.objectContaining({ name: 'demo_accounts', version: 1, status: 'live', checkpoint: 1250, head: 1250, lag: 0 }),
      expect.objectContaining({ name: 'other', status: 'not started', lag: 1250 }),
    ]);
  });

  it('commits a batch and its checkpoint together: a failing batch leaves neither; narrowed to the bad event, which is retried', async () => {
    await seed(store, 0, 300, 300);
    let broken = true;
    // Position 250 sits in the middle of the third batch of 100: that batch is rolled back whole, then
    // applied event by event (ADR 0010), so 201–249 are kept with their checkpoint and 250 is retried.
    runner(demoProjection({ style: 'handlers', failOn: (e) => broken && e.position === 250 }), { maxAttempts: 1000, retryDelayMs: 20 });
    await until(async () => (await checkpoint()) === 249, 10_000, 'the events before the bad one');
    await new Promise((r) => setTimeout(r, 500)); // several retries of the failing event
    expect(await checkpoint()).toBe(249);
    const upTo249 = (await allEvents(store)).filter((e) => e.position <= 249);
    expect(await readBalances(db.pool)).toEqual(expectedBalances(upTo249));
    broken = false;
    await until(async () => (await checkpoint()) === 300, 10_000, 'the retry after the fix');
    expect(await readBalances(db.pool)).toEqual(expectedBalances(await allEvents(store)));
  });

  it('runs one instance at a time: a standby takes over when the holder dies, without doubling anything', async () => {
    await seed(store, 0, 500, 100);
    const a = runner();
    await until(() => a.state === 'running', 5000, 'a to lead');
    const b = runner();
    await until(() => b.state === 'standby', 5000, 'b to wait');
    await until(async () => (await checkpoint()) === 500, 10_000, 'a catching up');
    const { rows: holders } = await db.pool.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
    expect(holders[0].n).toBe(1);

    // The holder's connection dies (as when its process is killed): its session lock goes with it.
    await a.stop(); // a stops for good, so the takeover must be b's
    await until(() => b.state === 'running', 5000, 'b to take over');
    await seed(store, 500, 300, 100);
    await until(async () => (await checkpoint()) === 800, 10_000, 'b applying new events');

    // And a holder whose backend is terminated under it: someone (it or the standby) carries on.
    const c = runner();
    await until(() => c.state === 'standby', 5000, 'c to wait');
    await db.pool.query(`SELECT pg_terminate_backend(l.pid) FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.pid <> pg_backend_pid()
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
    await seed(store, 800, 200, 100);
    await until(async () => (await checkpoint()) === 1000, 15_000, 'the survivor applying new events');
    expect([b.state, c.state].sort()).toEqual(['running', 'standby']);
    expect(await readBalances(db.pool)).toEqual(expectedBalances(await allEvents(store)));
  });

  it('rebuilds a new version from position 0 beside the live one, then swaps it in atomically', async () => {
    await seed(store, 0, 600, 100);
    const v1 = runner(demoProjection({ version: 1 }));
    await until(async () => (await checkpoint()) === 600, 10_000, 'v1');
    const expected = expectedBalances(await allEvents(store));
    expect(await readBalances(db.pool)).toEqual(expected);

    // v2 changes meaning (amounts in cents): until it has caught up, readers keep seeing v1.
    let hold = true; // v2 is held at position 300 of its rebuild, to look at the world meanwhile
    const v2 = runner(demoProjection({ version: 2, factor: 100, failOn: (e) => hold && e.position > 300 }), { batchSize: 50 });
    await until(async () => (await db.pool.query(`SELECT 1 FROM projections.checkpoints WHERE version = 2 AND position = 300`)).rowCount === 1, 10_000, 'v2 half built');
    const mid = await projectionsStatus({ store, pool: db.pool });
    expect(mid.map((r) => [r.version, r.status, r.checkpoint])).toEqual([
      [1, 'live', 600],
      [2, 'building', 300],
    ]);
    expect(await readBalances(db.pool)).toEqual(expected); // readers still see v1, whole
    hold = false;
    await until(() => v1.state === 'retired', 15_000, 'v1 to be retired by the swap');
    const { rows } = await db.pool.query(`SELECT version, status, position FROM projections.checkpoints ORDER BY version`);
    expect(rows).toEqual([
      { version: 1, status: 'retired', position: '600' },
      { version: 2, status: 'live', position: '600' },
    ]);
    expect(await readBalances(db.pool)).toEqual(expected.map((b) => ({ ...b, balance: b.balance * 100 })));
    const { rows: schemas } = await db.pool.query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'demo_accounts%' ORDER BY 1`);
    expect(schemas.map((s) => s.nspname)).toEqual(['demo_accounts', 'demo_accounts__v2']); // v1's tables dropped

    await seed(store, 600, 100, 100);
    await until(async () => (await checkpoint()) === 700, 10_000, 'v2 live');
    expect(v2.state).toBe('running');
    // An old runner started again (a rolling deploy) never takes the name back.
    const again = runner(demoProjection({ version: 1 }));
    await until(() => again.state === 'retired', 5000, 'old version to stand down');
  });

  it('rebuilds the live version on demand while its runner keeps running; the audit replay compares equal', async () => {
    await seed(store, 0, 800, 100);
    const r = runner();
    await until(async () => (await checkpoint()) === 800, 10_000, 'catch-up');
    const appending = seed(store, 800, 400, 20); // appends continue during the rebuild
    const result = await rebuildProjection({ store, pool: db.pool, projections: [demoProjection()], name: 'demo_accounts', batchSize: 100 });
    await appending;
    expect(result.schema).toMatch(/^demo_accounts__v1_[0-9a-f]{8}$/);
    await until(async () => (await checkpoint()) === 1200, 10_000, 'the runner resuming in the new tables');
    expect(r.state).toBe('running');
    expect(await readBalances(db.pool)).toEqual(expectedBalances(await allEvents(store)));
    const audit = await auditReplay({ store, pool: db.pool, projections: [demoProjection()] });
    expect(audit).toEqual({ equal: true, projections: [expect.objectContaining({ name: 'demo_accounts', result: 'equal', position: 1200, diffs: [] })] });
  });

  it('audit replay names the rows a live table got wrong', async () => {
    await seed(store, 0, 400, 100);
    runner();
    await until(async () => (await checkpoint()) === 400, 10_000, 'catch-up');
    await db.pool.query(`UPDATE demo_accounts.balances SET balance = balance + 1 WHERE account = 'a3'`);
    const progress: ReplayProgress[] = [];
    const audit = await auditReplay({ store, pool: db.pool, projections: [demoProjection()], batchSize: 100, onProgress: (p) => progress.push(p) });
    expect(audit.equal).toBe(false);
    // Reported at the start, after each batch, and once compared: projection 1 of 1, up to the live checkpoint.
    expect(progress[0]).toEqual({ projection: 'demo_accounts', index: 1, count: 1, applied: 0, head: 400 });
    expect(progress.length).toBeGreaterThanOrEqual(4);
    expect(progress.at(-1)).toEqual({ projection: 'demo_accounts', index: 1, count: 1, applied: 400, head: 400 });
    expect(audit.projections[0].counts).toEqual([
      { table: 'balances', side: 'live-only', rows: 1 },
      { table: 'balances', side: 'replay-only', rows: 1 },
    ]);
    const diffs = audit.projections[0].diffs;
    expect(diffs).toHaveLength(2);
    expect(diffs.map((d) => [d.table, d.side, d.row.account])).toEqual([
      ['balances', 'live-only', 'a3'],
      ['balances', 'replay-only', 'a3'],
    ]);
    expect(Number(diffs[0].row.balance) - Number(diffs[1].row.balance)).toBe(1);

    const { rows: left } = await db.pool.query(`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname LIKE 'audit_%'`);
    expect(left[0].n).toBe(0); // scratch schemas are dropped
  });

  it("status shows a stopped runner's lag; a rebuild by name reaches the head without it; an unknown name is refused", async () => {
    await seed(store, 0, 300, 100);
    const r = runner();
    await until(async () => (await checkpoint()) === 300, 10_000, 'catch-up');
    await r.stop();
    await seed(store, 300, 50, 50); // the runner is stopped: lag 50
    const options = { store, pool: db.pool, projections: [demoProjection()] };
    expect(await projectionsStatus(options)).toEqual([expect.objectContaining({ name: 'demo_accounts', version: 1, status: 'live', checkpoint: 300, head: 350, lag: 50, failing: null })]);

    expect(await rebuildProjection({ ...options, name: 'demo_accounts' })).toMatchObject({ name: 'demo_accounts', version: 1, position: 350, schema: expect.stringMatching(/^demo_accounts__v1_[0-9a-f]{8}$/) });
    expect(await checkpoint()).toBe(350);
    expect(await readBalances(db.pool)).toEqual(expectedBalances(await allEvents(store)));

    await expect(rebuildProjection({ ...options, name: 'nope' })).rejects.toThrow(/no projection named nope/);
    expect(await auditReplay(options)).toEqual({ equal: true, projections: [expect.objectContaining({ name: 'demo_accounts', version: 1, position: 350, result: 'equal' })] });
  });

  it('a failure after a committed batch (here: reading the head for the promotion check) never re-applies it', async () => {
    await seed(store, 0, 500, 100);
    runner(demoProjection({ version: 1 }));
    await until(async () => (await checkpoint()) === 500, 10_000, 'v1');
    // The real store, except that every other headPosition() fails: the building v2 asks after each full batch.
    let calls = 0;
    const flaky = Object.create(store) as PostgresEventStore;
    flaky.headPosition = async () => {
      if (calls++ % 2 === 0) throw new Error('head unavailable (test)');
      return store.headPosition();
    };
    const v2 = runner(demoProjection({ version: 2, factor: 3 }), { store: flaky, batchSize: 100 });
    await until(async () => (await db.pool.query(`SELECT 1 FROM projections.checkpoints WHERE version = 2 AND status = 'live'`)).rowCount === 1, 15_000, 'v2 live');
    expect(calls).toBeGreaterThan(2);
    expect(v2.state).toBe('running');
    expect(await readBalances(db.pool)).toEqual(expectedBalances(await allEvents(store)).map((b) => ({ ...b, balance: b.balance * 3 })));
  });
});
