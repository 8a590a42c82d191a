// The event store's numbered migrations (issue 15 §4) on a real Postgres: applied once each and
// recorded; a database made by the pre-migration code is taken forward with its log intact; a newer
// database is refused; concurrent starts apply each version once; a failing migration leaves nothing.
import { createTestDatabase, type TestDatabase } from '@academy/testing';
import pg from 'pg';
import { newEvent } from '../contract/event-store.contract.test.js';
import { EVENT_STORE_MIGRATIONS, migrateEventStore, NewerSchemaError, type EventStoreMigration } from './migrations.js';
import { TEST_MASTER_KEY } from './pg-harness.test.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { baselineSql } from './schema.js';

let db: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  db = await createTestDatabase('es_migrations');
  pool = new pg.Pool({ connectionString: db.url, max: 10 });
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const recorded = async (schema: string) => (await pool.query<{ version: number; name: string }>(`SELECT version, name FROM "${schema}".schema_migrations ORDER BY version`)).rows;
const store = (schema: string) => new PostgresEventStore({ pool, masterKey: TEST_MASTER_KEY, schema });

it('applies every migration once to an empty schema and records it; a second run applies nothing', async () => {
  expect(await store('es_m_fresh').migrate()).toEqual(EVENT_STORE_MIGRATIONS.map((m) => m.version));
  expect(await recorded('es_m_fresh')).toEqual(EVENT_STORE_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
  expect(await store('es_m_fresh').migrate()).toEqual([]);
  await store('es_m_fresh').append('s-1', [newEvent('Happened', { n: 1 })], 0);
  expect((await store('es_m_fresh').verify()).ok).toBe(true);
});

it("takes a log made by the pre-migration code (today's schema, no schema_migrations) forward, every event and hash intact", async () => {
  // What the adapter ran on every start before migrations were numbered.
  await pool.query('CREATE SCHEMA es_m_old');
  await pool.query(baselineSql('es_m_old'));
  const old = store('es_m_old');
  await old.append('s-1', [newEvent('Happened', { n: 1 }), newEvent('Happened', { n: 2 })], 0);
  const before = await old.readAll(0, 100);
  expect(await old.migrate()).toEqual(EVENT_STORE_MIGRATIONS.map((m) => m.version));
  const after = await old.readAll(0, 100);
  expect(after).toEqual(before);
  await old.append('s-1', [newEvent('Happened', { n: 3 })], 2);
  expect((await old.verify()).ok).toBe(true);
});

it('refuses a schema migrated by newer code, naming the version, and changes nothing', async () => {
  await store('es_m_newer').migrate();
  await pool.query(`INSERT INTO es_m_newer.schema_migrations (version, name) VALUES (99, 'from the future')`);
  const error = await store('es_m_newer').migrate().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(NewerSchemaError);
  expect(String(error)).toMatch(/has migration 99, which this code does not know/);
});

it('applies each version exactly once when eight processes start at once', async () => {
  const results = await Promise.all(Array.from({ length: 8 }, () => store('es_m_race').migrate()));
  expect(results.flat()).toEqual(EVENT_STORE_MIGRATIONS.map((m) => m.version));
  expect((await recorded('es_m_race')).length).toBe(EVENT_STORE_MIGRATIONS.length);
});

it('applies a later migration in one transaction with its record: a failing one leaves neither', async () => {
  await store('es_m_next').migrate();
  const next: EventStoreMigration[] = [
    ...EVENT_STORE_MIGRATIONS,
    { version: EVENT_STORE_MIGRATIONS.length + 1, name: 'add a column, then fail', sql: (s) => `ALTER TABLE "${s}".subject_keys ADD COLUMN note text; SELECT 1/0;` },
  ];
  await expect(migrateEventStore(pool, 'es_m_next', next)).rejects.toThrow(/division by zero/);
  expect((await recorded('es_m_next')).length).toBe(EVENT_STORE_MIGRATIONS.length);
  const { rows } = await pool.query(`SELECT 1 FROM information_schema.columns WHERE table_schema = 'es_m_next' AND table_name = 'subject_keys' AND column_name = 'note'`);
  expect(rows).toEqual([]);
  const fixed: EventStoreMigration[] = [...EVENT_STORE_MIGRATIONS, { version: next[next.length - 1].version, name: 'add a column', sql: (s) => `ALTER TABLE "${s}".subject_keys ADD COLUMN note text` }];
  expect(await migrateEventStore(pool, 'es_m_next', fixed)).toEqual([fixed.length]);
  await expect(migrateEventStore(pool, 'es_m_next', [fixed[1]])).rejects.toThrow(/numbered 1, 2, 3/);
});
