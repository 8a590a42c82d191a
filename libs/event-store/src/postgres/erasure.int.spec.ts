// Must show (issue 3): erase a subject: their personal fields are unreadable in storage and in every
// replay; verify() passes.
import { createTestDatabase, type TestDatabase } from '@academy/testing';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { newEvent } from '../contract/event-store.contract.test.js';
import type { StoredEvent } from '../port.js';
import { TEST_MASTER_KEY } from './pg-harness.test.js';
import { PostgresEventStore } from './postgres-event-store.js';

let db: TestDatabase;
let pool: pg.Pool;
let otherPool: pg.Pool;
beforeAll(async () => {
  db = await createTestDatabase('es_erasure');
  pool = new pg.Pool({ connectionString: db.url, max: 10 });
  otherPool = new pg.Pool({ connectionString: db.url, max: 3 });
});
afterAll(async () => {
  await otherPool?.end();
  await pool?.end();
  await db?.drop();
});

const SUBJECTS = 40;
const ERASED = 10;

interface Person {
  id: string;
  name: string;
  email: string;
  phone: string;
}

it('erasing subjects: unreadable in storage and in every replay, by every process; verify passes', async () => {
  const store = new PostgresEventStore({ pool, masterKey: TEST_MASTER_KEY });
  await store.migrate();
  // A second "process" (its own pool and store object) that was already reading before the erasure.
  const worker = new PostgresEventStore({ pool: otherPool, masterKey: TEST_MASTER_KEY });
  const people: Person[] = Array.from({ length: SUBJECTS }, (_, i) => {
    const tag = randomUUID().slice(0, 8);
    return { id: randomUUID(), name: `Thandiwe Ncube-${tag}`, email: `learner.${tag}@example.org`, phone: `+263 77 ${100000 + i}` };
  });
  for (let round = 0; round < 25; round++) {
    await Promise.all(
      people.map((p, i) =>
        store.append(`user-${p.id}`, [newEvent(round === 0 ? 'ApplicationSubmitted' : 'ProfileCompleted', { round, index: i }, {
          personal: { subjectId: p.id, data: { name: p.name, email: p.email, phone: p.phone, message: `note ${round} from ${p.name}` } },
        })], round),
      ),
    );
  }
  const total = SUBJECTS * 25;
  expect(await store.headPosition()).toBe(total);
  const before = await worker.readAll(0, total);
  expect(before.every((e) => !e.erased && e.personal !== null)).toBe(true);
  const headBefore = await store.head();

  const erased = people.slice(0, ERASED);
  const kept = people.slice(ERASED);
  await Promise.all(erased.map((p) => store.eraseSubject(p.id)));
  const erasedIds = new Set(erased.map((p) => p.id));

  const check = (events: StoredEvent[]) => {
    expect(events).toHaveLength(total);
    for (const e of events) {
      const owner = e.streamId.slice('user-'.length);
      if (erasedIds.has(owner)) {
        expect(e.personal).toBeNull();
        expect(e.erased).toBe(true);
      } else {
        expect(e.erased).toBe(false);
        expect(e.personal).toMatchObject({ subjectId: owner, data: { name: kept.find((p) => p.id === owner)!.name } });
      }
      // The non-personal part of the fact survives erasure.
      expect(e.data).toMatchObject({ round: expect.any(Number), index: expect.any(Number) });
    }
  };
  // Every replay path, in both "processes": readAll, readStream, a fresh subscription.
  check(await store.readAll(0, total));
  check(await worker.readAll(0, total));
  const streams = (await Promise.all(people.map((p) => worker.readStream(`user-${p.id}`)))).flat();
  check(streams.sort((a, b) => a.position - b.position));
  const replayed: StoredEvent[] = [];
  const sub = worker.subscribe({ fromPosition: 0, batchSize: 97, handle: async (events) => void replayed.push(...events) });
  expect(await sub.waitFor(total, 20_000)).toBe(true);
  await sub.stop();
  check(replayed);

  // The chain is untouched: erasure destroyed a key, not a row.
  expect(await store.verify({ expectedHead: headBefore })).toEqual({ ok: true, checked: total, head: headBefore });

  // Storage: no plaintext anywhere in the adapter's tables (their text), nor in their files on disk.
  const { rows } = await pool.query<{ t: string }>(
    `SELECT (SELECT string_agg(e::text, E'\\n') FROM event_store.events e) || (SELECT string_agg(k::text, E'\\n') FROM event_store.subject_keys k) AS t`,
  );
  const text = rows[0].t;
  expect(text).toContain(erased[0].id);
  for (const p of people) for (const secret of [p.name, p.email, p.phone]) expect(text).not.toContain(secret);
  const keys = await pool.query<{ subject_id: string; wrapped_key: Buffer | null; erased_at: Date | null }>(
    `SELECT subject_id, wrapped_key, erased_at FROM event_store.subject_keys`,
  );
  for (const k of keys.rows) {
    expect(k.wrapped_key === null).toBe(erasedIds.has(k.subject_id));
    expect(k.erased_at === null).toBe(!erasedIds.has(k.subject_id));
  }
  await pool.query('CHECKPOINT');
  const files = await pool.query<{ rel: string; bytes: Buffer }>(
    `SELECT c.relname AS rel, pg_read_binary_file(pg_relation_filepath(c.oid)) AS bytes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'event_store' AND c.relkind = 'r'
         OR c.oid IN (SELECT reltoastrelid FROM pg_class WHERE relnamespace = 'event_store'::regnamespace)`,
  );
  expect(files.rows.map((f) => f.rel)).toEqual(expect.arrayContaining(['events', 'subject_keys']));
  const onDisk = Buffer.concat(files.rows.map((f) => f.bytes));
  expect(onDisk.includes(Buffer.from(erased[0].id))).toBe(true); // the scan really sees the rows
  for (const p of people) for (const secret of [p.name, p.email]) expect(onDisk.includes(Buffer.from(secret))).toBe(false);

  await worker.close();
  await store.close();
}, 60_000);
