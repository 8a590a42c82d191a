import { createTestDatabase, type TestDatabase } from '@academy/testing';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { eventStoreContract, newEvent } from '../contract/event-store.contract.test.js';
import { ConcurrencyError } from '../port.js';
import { pgContractFactory, TEST_MASTER_KEY } from './pg-harness.test.js';
import { PostgresEventStore } from './postgres-event-store.js';

let db: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  db = await createTestDatabase('es_contract');
  pool = new pg.Pool({ connectionString: db.url, max: 20 });
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

eventStoreContract('PostgreSQL', (options) => pgContractFactory(pool)(options), { beforeCommit: true });

describe('PostgreSQL adapter specifics', () => {
  it('groups concurrent appends of one store object into one transaction, each judged on its own', async () => {
    const make = pgContractFactory(pool);
    const h = await make();
    try {
      const { store } = h;
      const retried = newEvent('Retried', {}, { id: randomUUID() });
      await store.append('g-dup', [retried], 0);
      const outcomes = await Promise.allSettled([
        store.append('g-1', [newEvent('A', { n: 1 })], 0),
        store.append('g-1', [newEvent('A', { n: 2 })], 1), // sees the previous append of the same group
        store.append('g-1', [newEvent('A', { n: 3 })], 1), // … and so conflicts with it
        store.append('g-dup', [retried], 0), // a retry inside a group
        // An expected version past int4: this append fails in Postgres (unstorable text is refused
        // earlier now, before any I/O), and must not take its neighbours down
        store.append('g-bad', [newEvent('Bad', {})], 2 ** 31),
        store.append('g-2', [newEvent('B', {}), newEvent('B', {})], 'any'),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
      expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      expect((outcomes[3] as PromiseFulfilledResult<unknown>).value).toEqual({ lastPosition: 1, streamVersion: 1 });
      expect(String((outcomes[4] as PromiseRejectedResult).reason)).toMatch(/out of range/);
      const all = await store.readAll(0, 100);
      expect(all.map((e) => e.position)).toEqual([1, 2, 3, 4, 5]);
      expect(all.map((e) => `${e.streamId}@${e.streamVersion}`).sort()).toEqual(['g-1@1', 'g-1@2', 'g-2@1', 'g-2@2', 'g-dup@1']);
      expect((await store.verify()).ok).toBe(true);
    } finally {
      await h.cleanup();
    }
  });

  it('migrate() is idempotent and safe to run concurrently', async () => {
    const stores = Array.from({ length: 4 }, () => new PostgresEventStore({ pool, masterKey: TEST_MASTER_KEY, schema: 'es_migrate' }));
    await Promise.all(stores.map((s) => s.migrate()));
    await stores[0].migrate();
    await stores[1].append('m', [newEvent('Migrated', {})], 0);
    expect(await stores[2].headPosition()).toBe(1);
    await pool.query('DROP SCHEMA es_migrate CASCADE');
  });

  it('refuses a master key that is not 32 bytes, and names a wrong one instead of returning garbage', async () => {
    expect(() => new PostgresEventStore({ pool, masterKey: Buffer.alloc(16) })).toThrow(/32 bytes/);
    const h = await pgContractFactory(pool)();
    try {
      const subjectId = randomUUID();
      await h.store.append('p', [newEvent('ProfileCompleted', {}, { personal: { subjectId, data: { name: 'N' } } })], 0);
      const schema = (h.store as PostgresEventStore).schema;
      const wrong = new PostgresEventStore({ pool, masterKey: Buffer.alloc(32, 99), schema });
      await expect(wrong.readAll(0, 10)).rejects.toThrow(/wrapped by master key/);
    } finally {
      await h.cleanup();
    }
  });

  it('is woken by NOTIFY: with polling effectively off, a live append still arrives at once', async () => {
    const h = await pgContractFactory(pool, { pollIntervalMs: 600_000 })();
    try {
      const seen: number[] = [];
      const sub = h.store.subscribe({ fromPosition: 0, handle: async (events) => void seen.push(...events.map((e) => e.position)) });
      await new Promise((r) => setTimeout(r, 300)); // caught up (nothing), now idle for "10 minutes"
      const other = await h.reopen({}); // appended from another store object, as from another process
      const t0 = Date.now();
      const { lastPosition } = await other.append('n', [newEvent('Pinged', {})], 0);
      expect(await sub.waitFor(lastPosition, 5_000)).toBe(true);
      expect(Date.now() - t0).toBeLessThan(2_000);
      expect(seen).toEqual([1]);
      await sub.stop();
    } finally {
      await h.cleanup();
    }
  });

  it('a lost notification only delays: with its LISTEN connection killed, polling delivers and the listener comes back', async () => {
    const h = await pgContractFactory(pool, { pollIntervalMs: 300 })();
    try {
      const seen: number[] = [];
      const sub = h.store.subscribe({ fromPosition: 0, handle: async (events) => void seen.push(...events.map((e) => e.position)) });
      const schema = (h.store as PostgresEventStore).schema;
      const listeners = async () =>
        // Only this database's: other test files run at the same time, with stores of the same schema name.
        (await pool.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE query = $1 AND datname = current_database()`, [`LISTEN "${schema}_appended"`])).rows;
      for (let i = 0; i < 50 && (await listeners()).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      const [listener] = await listeners();
      expect(listener).toBeDefined();
      await pool.query('SELECT pg_terminate_backend($1)', [listener.pid]);
      const { lastPosition } = await h.store.append('n', [newEvent('Pinged', {})], 0);
      expect(await sub.waitFor(lastPosition, 5_000)).toBe(true);
      expect(seen).toEqual([1]);
      // It reconnects on its own (after ≈ 1 s).
      let back = false;
      for (let i = 0; i < 60 && !back; i++) {
        await new Promise((r) => setTimeout(r, 100));
        back = (await listeners()).some((l) => l.pid !== listener.pid);
      }
      expect(back).toBe(true);
      await sub.stop();
    } finally {
      await h.cleanup();
    }
  });
});
