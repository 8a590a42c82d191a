// The reactor over a real Postgres: it reacts to every routed event once in log order, keeps its
// checkpoint, resumes from it after a restart, retries a failing batch, and one instance leads per name.
import { createTestDatabase, type TestDatabase } from '@academy/testing';
import type { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { seed, testStore, until } from '../projections/demo-fixture.test.js';
import type { StoredEvent } from '../port.js';
import { Reactor, reactionEventId } from './reactor.js';

let db: TestDatabase;
let store: PostgresEventStore;
const reactors: Reactor[] = [];

beforeEach(async () => {
  db = await createTestDatabase('reactor');
  store = await testStore(db.pool);
});
afterEach(async () => {
  await Promise.all(reactors.splice(0).map((r) => r.stop()));
  await store.close();
  await db.drop();
});

/** Reacts to AccountOpened by appending AccountWelcomed to `welcome-<account>`, with a derived id (idempotent). */
function welcomer(seen: StoredEvent[], o: { failUntil?: () => boolean } = {}) {
  const r = new Reactor({
    name: 'welcomer',
    store,
    pool: db.pool,
    standbyPollMs: 50,
    batchSize: 40,
    retryDelayMs: 50, // a failing batch is narrowed and its event retried after 50, 100, … ms (ADR 0010 §7)
    reactions: {
      AccountOpened: async (e) => {
        if (o.failUntil?.()) throw new Error('not yet (test)');
        seen.push(e);
        const d = e.data as { account: string; seq: number };
        await store.append(`welcome-${d.seq}`, [{ id: reactionEventId('welcomer', e.id), type: 'AccountWelcomed', data: { seq: d.seq }, metadata: { ...e.metadata, causationId: e.id } }], 'any');
      },
    },
  });
  reactors.push(r);
  return r.start();
}
const welcomes = async () => (await store.readAll(0, 100_000)).filter((e) => e.type === 'AccountWelcomed');

describe('reactor', () => {
  it('reacts to each routed event once, in log order, and moves its checkpoint to the head', async () => {
    const head = await seed(store, 0, 500, 100);
    const seen: StoredEvent[] = [];
    const r = welcomer(seen);
    await until(async () => r.position >= head && (await welcomes()).length === 10, 10_000, 'reactions');
    expect(seen.map((e) => (e.data as { seq: number }).seq)).toEqual([0, 50, 100, 150, 200, 250, 300, 350, 400, 450]);
    expect(seen.map((e) => e.position)).toEqual([...seen.map((e) => e.position)].sort((a, b) => a - b));
    const w = await welcomes();
    expect(w.map((e) => e.id)).toEqual(seen.map((e) => reactionEventId('welcomer', e.id)));
    expect(w.every((e, i) => e.metadata.causationId === seen[i].id)).toBe(true);
  });

  it('resumes from its checkpoint after a restart; a replay of reactions appends nothing twice', async () => {
    const first = await seed(store, 0, 200, 100);
    const seen: StoredEvent[] = [];
    const r = welcomer(seen);
    await until(() => r.position >= first, 10_000, 'first run');
    await r.stop();
    reactors.splice(0);
    const head = await seed(store, 200, 200, 100);
    const later: StoredEvent[] = [];
    const r2 = welcomer(later);
    await until(() => r2.position >= head, 10_000, 'second run');
    expect(later.map((e) => (e.data as { seq: number }).seq)).toEqual([200, 250, 300, 350]);
    // Reactions run again (as after a crash between the append and the checkpoint): the derived ids are dropped.
    await db.pool.query(`UPDATE projections.consumer_checkpoints SET position = 0 WHERE name = 'welcomer'`);
    await r2.stop();
    reactors.splice(0);
    const again: StoredEvent[] = [];
    const r3 = welcomer(again);
    await until(async () => r3.position >= (await store.headPosition()), 10_000, 'replay');
    expect(again).toHaveLength(8);
    expect(await welcomes()).toHaveLength(8);
  });

  it('retries a failing batch without skipping it; a second instance stands by', async () => {
    const head = await seed(store, 0, 120, 60);
    let failures = 3;
    const seen: StoredEvent[] = [];
    const a = welcomer(seen, { failUntil: () => failures-- > 0 });
    // The standby starts once `a` leads (it has failed once), else it could take the lock first.
    await until(() => failures < 3, 10_000, 'first failure');
    const standby = welcomer([]);
    await until(() => a.position >= head || standby.position >= head, 10_000, 'after retries');
    expect(failures).toBeLessThan(0);
    expect((await welcomes()).map((e) => (e.data as { seq: number }).seq)).toEqual([0, 50, 100]);
  });
});
