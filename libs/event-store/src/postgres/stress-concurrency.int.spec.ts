// Must show (issue 3): 32 concurrent appends with the same expected version: exactly one wins, the
// other 31 get ConcurrencyError; retried event ids are not doubled.
import { createTestDatabase, type TestDatabase } from '@academy/testing';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { newEvent } from '../contract/event-store.contract.test.js';
import { ConcurrencyError, type NewEvent } from '../port.js';
import { TEST_MASTER_KEY } from './pg-harness.test.js';
import { PostgresEventStore } from './postgres-event-store.js';

let db: TestDatabase;
let pool: pg.Pool;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase('es_stress_occ');
  // More connections than contenders, so all 32 really race inside Postgres.
  pool = new pg.Pool({ connectionString: db.url, max: 40 });
  store = new PostgresEventStore({ pool, masterKey: TEST_MASTER_KEY });
  await store.migrate();
});
afterAll(async () => {
  await store?.close();
  await pool?.end();
  await db?.drop();
});

// One store object per contender (as 32 API processes would be), so all 32 race inside Postgres
// rather than in one store's in-process group queue.
const contenders = () => Array.from({ length: 32 }, () => new PostgresEventStore({ pool, masterKey: TEST_MASTER_KEY }));
let stores: PostgresEventStore[] = [];
beforeAll(() => {
  stores = contenders();
});

const settle = (batches: NewEvent[][], expected: number, stream: string) =>
  Promise.allSettled(batches.map((events, i) => stores[i].append(stream, events, expected)));

it.each([1, 2, 3])('32 concurrent appends at the same expected version: one wins, 31 conflict, retries not doubled (round %i)', async (round) => {
  const stream = `enrollment-${round}`;
  await store.append(stream, [newEvent('StudentEnrolled', { round })], 0);
  const batches = Array.from({ length: 32 }, (_, i) => [
    newEvent('TaskSubmitted', { i }, { id: randomUUID() }),
    newEvent('TaskSubmitted', { i, part: 2 }, { id: randomUUID() }),
  ]);

  const first = await settle(batches, 1, stream);
  const winners = first.flatMap((o, i) => (o.status === 'fulfilled' ? [{ i, result: o.value }] : []));
  const losers = first.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
  expect(winners).toHaveLength(1);
  expect(losers).toHaveLength(31);
  for (const e of losers) expect(e).toMatchObject({ name: 'ConcurrencyError', expectedVersion: 1, actualVersion: 3 });
  for (const e of losers) expect(e).toBeInstanceOf(ConcurrencyError);
  const winner = winners[0];
  expect(winner.result.streamVersion).toBe(3);

  // Every client retries exactly what it sent (a lost HTTP answer): the winner's retry is answered
  // with its original result, the others still conflict, and nothing is written twice.
  const retried = await settle(batches, 1, stream);
  expect(retried[winner.i]).toEqual({ status: 'fulfilled', value: winner.result });
  expect(retried.filter((o) => o.status === 'rejected')).toHaveLength(31);

  // 32 concurrent copies of ONE append (a client retrying in a loop): one write, 32 equal answers.
  const same = [newEvent('TaskSubmitted', { dup: true }, { id: randomUUID() })];
  const copies = await settle(Array.from({ length: 32 }, () => same), 3, stream);
  const values = copies.map((o) => (o.status === 'fulfilled' ? o.value : o.reason));
  expect(new Set(values.map((v) => JSON.stringify(v))).size).toBe(1);
  expect(values[0]).toMatchObject({ streamVersion: 4 });

  const events = await store.readStream(stream);
  expect(events.map((e) => e.streamVersion)).toEqual([1, 2, 3, 4]);
  expect(events.slice(1, 3).map((e) => e.id)).toEqual(batches[winner.i].map((e) => e.id));
  const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM event_store.events WHERE stream_id = $1`, [stream]);
  expect(Number(rows[0].n)).toBe(4);
  expect((await store.verify()).ok).toBe(true);
});
