// A reactor whose reaction cannot handle an event never stalls silently (issue 13, ADR 0010 §7):
// the events before it are handled, the event gets N tries, then the reactor is marked failing at
// its position (status, failingConsumers for health), makes no tries of its own, and
// `projections retry <name>` after the fix catches up. Transient errors are retried forever, unmarked.
import { createTestDatabase, type TestDatabase } from '@academy/testing';
import { consumersStatus, failingConsumers, retryConsumer } from '../consumers/status.js';
import type { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { seed, testStore, until } from '../projections/demo-fixture.test.js';
import type { StoredEvent } from '../port.js';
import { Reactor, reactionEventId, type ReactorOptions } from './reactor.js';

let db: TestDatabase;
let store: PostgresEventStore;
const reactors: Reactor[] = [];

beforeEach(async () => {
  db = await createTestDatabase('reactor_failure');
  store = await testStore(db.pool);
});
afterEach(async () => {
  await Promise.all(reactors.splice(0).map((r) => r.stop()));
  await store.close();
  await db.drop();
});

const seqOf = (e: StoredEvent) => (e.data as { seq: number }).seq;

/** Welcomes each AccountOpened (an append with a derived id); `fail(e)` returns the error to throw, if any. */
function welcomer(fail: (e: StoredEvent) => Error | null, extra: Partial<ReactorOptions> = {}) {
  const errors: string[] = [];
  const r = new Reactor({
    name: 'welcomer',
    store,
    pool: db.pool,
    standbyPollMs: 50,
    batchSize: 40,
    maxAttempts: 3,
    retryDelayMs: 20,
    failingPollMs: 60_000, // only the retry's NOTIFY can wake it in time: the test shows it is heard
    onError: (e) => errors.push(String(e)),
    reactions: {
      AccountOpened: async (e) => {
        const error = fail(e);
        if (error) throw error;
        await store.append(`welcome-${seqOf(e)}`, [{ id: reactionEventId('welcomer', e.id), type: 'AccountWelcomed', data: { seq: seqOf(e) }, metadata: { ...e.metadata, causationId: e.id } }], 'any');
      },
    },
    ...extra,
  });
  reactors.push(r);
  return { reactor: r.start(), errors };
}
const welcomed = async () => (await store.readAll(0, 100_000)).filter((e) => e.type === 'AccountWelcomed').map(seqOf);
const row = async () => (await db.pool.query(`SELECT position::int, kind, failing_position::int, error, attempts FROM projections.consumer_checkpoints WHERE name = 'welcomer'`)).rows[0];
/** `projections retry welcomer`: one try by the instance that leads it, and what came of it. */
const retry = () => retryConsumer({ pool: db.pool, name: 'welcomer' });

describe('a reactor that cannot handle an event', () => {
  it('handles the events before it, tries it N times, is marked failing at it, and catches up on retry after the fix', async () => {
    const head = await seed(store, 0, 160, 160);
    const bad = (await store.readAll(0, 1000)).find((e) => e.type === 'AccountOpened' && seqOf(e) === 100)!;
    let broken = true;
    let triesAtBad = 0;
    const { reactor, errors } = welcomer((e) => {
      if (seqOf(e) !== 100 || !broken) return null;
      triesAtBad += 1;
      return new TypeError("Cannot read properties of undefined (reading 'week')");
    });
    await until(() => reactor.state === 'failing', 10_000, 'the failing mark');
    // The events before it are handled and checkpointed; the checkpoint stops right before it.
    expect(await welcomed()).toEqual([0, 50]);
    expect(await row()).toMatchObject({ position: bad.position - 1, kind: 'reactor', failing_position: bad.position, attempts: 3 });
    expect((await row()).error).toBe(`AccountOpened ${bad.id}: Cannot read properties of undefined (reading 'week')`);
    expect(reactor.position).toBe(bad.position - 1);
    // The batch of 40 it came in failed first (that try names no event), then 3 tries of the event alone.
    expect(triesAtBad).toBe(4);
    expect(errors.filter((e) => e.includes('is failing at position'))).toEqual([
      `Error: reactor welcomer is failing at position ${bad.position} after 3 tries: AccountOpened ${bad.id}: Cannot read properties of undefined (reading 'week')`,
    ]);

    // Visible: what health reads, and the status rows (`projections status` prints them).
    expect(await failingConsumers(db.pool)).toEqual([
      { name: 'welcomer', kind: 'reactor', checkpoint: bad.position - 1, failing: expect.objectContaining({ position: bad.position, attempts: 3 }) },
    ]);
    const now = await store.headPosition(); // the seed and the two welcomes appended
    expect((await consumersStatus({ store, pool: db.pool }))[0]).toMatchObject({
      name: 'welcomer',
      kind: 'reactor',
      checkpoint: bad.position - 1,
      head: now,
      lag: now - bad.position + 1,
      failing: expect.objectContaining({ position: bad.position, attempts: 3 }),
    });

    // No tries of its own while failing.
    await new Promise((r) => setTimeout(r, 500));
    expect(triesAtBad).toBe(4);

    // Still broken: one try per request, and the retry says so.
    expect(await retry()).toMatchObject({
      result: 'still failing',
      name: 'welcomer',
      kind: 'reactor',
      failing: { position: bad.position, error: `AccountOpened ${bad.id}: Cannot read properties of undefined (reading 'week')` },
    });
    expect(triesAtBad).toBe(5);
    expect((await row()).attempts).toBe(4);

    // The fix, then the retry: it handles the event and everything after it.
    broken = false;
    expect(await retry()).toEqual({ result: 'recovered', name: 'welcomer', kind: 'reactor', checkpoint: expect.any(Number) });
    await until(async () => reactor.position >= head && reactor.position === (await store.headPosition()), 10_000, 'catch-up after the retry');
    expect(await welcomed()).toEqual([0, 50, 100, 150]);
    expect(await row()).toMatchObject({ position: await store.headPosition(), failing_position: null, error: null, attempts: 0 });
    expect(await failingConsumers(db.pool)).toEqual([]);
    expect(reactor.state).toBe('running');
    expect((await consumersStatus({ store, pool: db.pool }))[0].failing).toBeNull();
  });

  it('a restarted reactor (a deploy with the fix) tries the failing event once by itself', async () => {
    const head = await seed(store, 0, 120, 120);
    let broken = true;
    const first = welcomer((e) => (broken && seqOf(e) === 50 ? new Error('bug') : null));
    await until(() => first.reactor.state === 'failing', 10_000, 'the failing mark');
    await first.reactor.stop();
    reactors.splice(0);
    broken = false;
    const second = welcomer(() => null);
    await until(() => second.reactor.position >= head, 10_000, 'catch-up after the restart');
    expect(await welcomed()).toEqual([0, 50, 100]);
    expect(await failingConsumers(db.pool)).toEqual([]);
  });

  it('transient errors (the database away, a serialization failure) are retried forever and never marked', async () => {
    const head = await seed(store, 0, 120, 120);
    let transient = 5; // more than maxAttempts (3); the subscription's backoff doubles from 100 ms
    const { reactor } = welcomer((e) =>
      seqOf(e) === 50 && transient-- > 0 ? Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) : null,
    );
    let marked = false;
    const watch = setInterval(() => void failingConsumers(db.pool).then((f) => (marked ||= f.length > 0), () => {}), 20);
    try {
      await until(() => reactor.position >= head, 30_000, 'catch-up after the transient errors');
    } finally {
      clearInterval(watch);
    }
    expect(transient).toBeLessThan(0);
    expect(marked).toBe(false);
    expect(await welcomed()).toEqual([0, 50, 100]);
    expect(await row()).toMatchObject({ failing_position: null, attempts: 0 });
  });
});
