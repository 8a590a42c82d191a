// Must show (issue 3): 8 writers append 20k events with random sleeps INSIDE their append
// transactions while a subscriber runs; it sees every event once, in order, none skipped.
import { createTestDatabase, type TestDatabase } from '@academy/testing';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { newEvent } from '../contract/event-store.contract.test.js';
import type { StoredEvent } from '../port.js';
import { TEST_MASTER_KEY } from './pg-harness.test.js';
import { PostgresEventStore } from './postgres-event-store.js';

const WRITERS = 8;
const TOTAL = 20_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let db: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  db = await createTestDatabase('es_stress_sub');
  pool = new pg.Pool({ connectionString: db.url, max: 16 });
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

it(`${WRITERS} writers, ${TOTAL} events, sleeps inside the append transactions: the subscriber sees each once, in order`, async () => {
  let sleptInside = 0;
  // One store object per writer, as if each were its own process: their appends meet in Postgres,
  // not in one store's in-process group queue.
  const writerStores = Array.from(
    { length: WRITERS },
    () =>
      new PostgresEventStore({
        pool,
        masterKey: TEST_MASTER_KEY,
        schema: 'stress',
        beforeCommit: async () => {
          // Rows written, commit not yet sent: the window in which a bigserial log lets later appends overtake.
          if (Math.random() < 0.3) {
            sleptInside++;
            await sleep(Math.random() * 2);
          }
        },
      }),
  );
  await writerStores[0].migrate();
  // The reader is another store over its own pool, as a projection runner in the worker would be.
  const readerPool = new pg.Pool({ connectionString: db.url, max: 2 });
  const readerStore = new PostgresEventStore({ pool: readerPool, masterKey: TEST_MASTER_KEY, schema: 'stress', pollIntervalMs: 1000 });

  const seen: StoredEvent[] = [];
  const violations: string[] = [];
  const sub = readerStore.subscribe({
    fromPosition: 0,
    batchSize: 1000,
    handle: async (events) => {
      for (const e of events) {
        const expected = (seen.at(-1)?.position ?? 0) + 1;
        if (e.position !== expected) violations.push(`expected ${expected}, got ${e.position}`);
        seen.push(e);
      }
    },
  });

  const appended: string[] = [];
  const started = Date.now();
  let lastPosition = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      const versions = new Map<string, number>();
      let left = TOTAL / WRITERS;
      while (left > 0) {
        const n = Math.min(left, 1 + Math.floor(Math.random() * 19));
        left -= n;
        const own = `w${w}-${Math.floor(Math.random() * 5)}`;
        const shared = Math.random() < 0.2;
        const stream = shared ? 'shared' : own;
        const events = Array.from({ length: n }, (_, i) => newEvent('Ticked', { w, i }, { id: randomUUID() }));
        const result = await writerStores[w].append(stream, events, shared ? 'any' : (versions.get(own) ?? 0));
        if (!shared) versions.set(own, result.streamVersion);
        appended.push(...events.map((e) => e.id!));
        lastPosition = Math.max(lastPosition, result.lastPosition);
      }
    }),
  );
  const writeMs = Date.now() - started;
  expect(lastPosition).toBe(TOTAL);
  expect(await sub.waitFor(TOTAL, 30_000)).toBe(true);
  await sub.stop();
  await readerStore.close();
  await readerPool.end();

  expect(violations).toEqual([]);
  expect(seen).toHaveLength(TOTAL);
  expect(seen.map((e) => e.position)).toEqual(Array.from({ length: TOTAL }, (_, i) => i + 1));
  expect(new Set(seen.map((e) => e.id)).size).toBe(TOTAL);
  expect(new Set(seen.map((e) => e.id))).toEqual(new Set(appended));
  // Within each stream, versions arrive 1, 2, 3, … too.
  const versions = new Map<string, number>();
  for (const e of seen) {
    expect(e.streamVersion).toBe((versions.get(e.streamId) ?? 0) + 1);
    versions.set(e.streamId, e.streamVersion);
  }
  expect(sleptInside).toBeGreaterThan(100);
  expect(await writerStores[0].verify()).toMatchObject({ ok: true, checked: TOTAL });
  await Promise.all(writerStores.map((s) => s.close()));
  console.log(`stress: ${TOTAL} events by ${WRITERS} writers in ${writeMs} ms (${sleptInside} appends slept inside their transaction)`);
}, 120_000);
