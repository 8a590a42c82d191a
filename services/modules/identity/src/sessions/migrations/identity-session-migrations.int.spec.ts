// Identity's session tables moved from the platform's migrations (libs/backend, history
// mikro_orm_migrations) to the context's own (history identity_migrations, ADR 0018 §2). A database
// migrated before the move keeps its tables and rows and runs nothing again; a new one gets the same
// tables from identity's list; two processes starting at once apply it once.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { migrateUp, MikroORM, ormOptions } from '@academy/backend';
import { createTestDatabase, type TestDatabase } from '@academy/testing';
import { identitySessionMigrations } from './index.js';

const IDENTITY_NAMES = identitySessionMigrations.migrations.map((m) => m.name);
const dbs: TestDatabase[] = [];
afterAll(async () => {
  for (const db of dbs) await db.drop();
});

async function database(label: string) {
  const db = await createTestDatabase(label);
  dbs.push(db);
  return db;
}

/** migrateUp as the API and the worker call it (with its own short-lived ORM, as the worker does). */
async function start(url: string): Promise<string[]> {
  const orm = await MikroORM.init(ormOptions(url));
  try {
    return await migrateUp(orm, url, [identitySessionMigrations]);
  } finally {
    await orm.close();
  }
}

/** The platform's list as it was before the move: its own and identity's, by name (= by date), in one history. */
async function migrateAsBeforeTheMove(url: string) {
  const base = ormOptions(url);
  const before = [...(base.migrations!.migrationsList ?? []), ...identitySessionMigrations.migrations].sort((a, b) => a.name.localeCompare(b.name));
  const orm = await MikroORM.init({ ...base, migrations: { ...base.migrations, migrationsList: before } });
  try {
    return (await orm.migrator.up()).map((m) => m.name);
  } finally {
    await orm.close();
  }
}

const history = async (db: TestDatabase, table: string) => (await db.pool.query(`SELECT name FROM ${table} ORDER BY id`)).rows.map((r) => r.name as string);

/** The session tables, their columns, constraints, indexes and the trigger, as Postgres describes them. */
async function sessionSchema(db: TestDatabase) {
  const tables = `('identity_session_families', 'identity_refresh_tokens', 'identity_session_listeners')`;
  const columns = await db.pool.query(
    `SELECT table_name, ordinal_position, column_name, data_type, character_maximum_length, is_nullable, column_default FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name IN ${tables} ORDER BY 1, 2`,
  );
  const constraints = await db.pool.query(
    `SELECT c.relname, k.conname, pg_get_constraintdef(k.oid) AS def FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
      WHERE c.relnamespace = 'public'::regnamespace AND c.relname IN ${tables} ORDER BY 1, 2`,
  );
  const indexes = await db.pool.query(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename IN ${tables} ORDER BY 1, 2`);
  const triggers = await db.pool.query(`SELECT tgname, pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE NOT tgisinternal AND tgrelid = 'identity_session_families'::regclass`);
  const persistence = await db.pool.query(`SELECT relname, relpersistence FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relname IN ${tables} ORDER BY 1`);
  const sequences = await db.pool.query(`SELECT sequencename FROM pg_sequences WHERE schemaname = 'public' AND sequencename = 'identity_session_fence'`);
  return { columns: columns.rows, constraints: constraints.rows, indexes: indexes.rows, triggers: triggers.rows, persistence: persistence.rows, sequences: sequences.rows };
}

describe('identity session migrations, moved to identity_migrations', () => {
  it('a database migrated before the move keeps its sessions: nothing runs again, the history is handed over', async () => {
    const db = await database('identity_sessions_before');
    expect(await migrateAsBeforeTheMove(db.url)).toEqual(expect.arrayContaining(IDENTITY_NAMES));
    const shapeBefore = await sessionSchema(db);
    const family = randomUUID();
    await db.pool.query(`INSERT INTO identity_session_families (id, user_id, user_agent) VALUES ($1, $2, 'Firefox')`, [family, randomUUID()]);
    await db.pool.query(`INSERT INTO identity_refresh_tokens (token_hash, family_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, ['a'.repeat(64), family]);
    await db.pool.query(`SELECT nextval('identity_session_fence')`);
    const rowsBefore = (await db.pool.query('SELECT f.*, t.token_hash, t.expires_at FROM identity_session_families f JOIN identity_refresh_tokens t ON t.family_id = f.id')).rows;

    // Had any of them run again, its CREATE TABLE / CREATE SEQUENCE would have failed the start.
    expect(await start(db.url)).toEqual([]);
    expect(await history(db, 'identity_migrations')).toEqual(IDENTITY_NAMES);
    // The platform's history keeps its rows (code from before the move still finds them).
    expect(await history(db, 'mikro_orm_migrations')).toEqual(expect.arrayContaining(IDENTITY_NAMES));
    expect(await sessionSchema(db)).toEqual(shapeBefore);
    expect((await db.pool.query('SELECT f.*, t.token_hash, t.expires_at FROM identity_session_families f JOIN identity_refresh_tokens t ON t.family_id = f.id')).rows).toEqual(rowsBefore);
    expect((await db.pool.query(`SELECT last_value::int AS n FROM identity_session_fence`)).rows[0].n).toBe(1);

    expect(await start(db.url)).toEqual([]);
    expect(await history(db, 'identity_migrations')).toEqual(IDENTITY_NAMES);
  });

  it('a new database gets the same session tables from identity\'s own list, recorded only in identity_migrations', async () => {
    const [old, fresh] = [await database('identity_sessions_old'), await database('identity_sessions_new')];
    await migrateAsBeforeTheMove(old.url);
    const applied = await start(fresh.url);
    expect(applied.slice(-IDENTITY_NAMES.length)).toEqual(IDENTITY_NAMES);
    expect(await history(fresh, 'identity_migrations')).toEqual(IDENTITY_NAMES);
    expect(await history(fresh, 'mikro_orm_migrations')).toEqual(applied.slice(0, -IDENTITY_NAMES.length));
    expect((await history(fresh, 'mikro_orm_migrations')).some((n) => IDENTITY_NAMES.includes(n))).toBe(false);
    const shape = await sessionSchema(fresh);
    expect(shape.columns).toHaveLength(5 + 5 + 4 + 2);
    expect(shape.triggers).toHaveLength(1);
    expect(shape).toEqual(await sessionSchema(old));
  });

  it('two processes starting at once apply identity\'s migrations once', async () => {
    const db = await database('identity_sessions_race');
    const [a, b] = await Promise.all([start(db.url), start(db.url)]);
    expect([...a, ...b].filter((n) => IDENTITY_NAMES.includes(n)).sort()).toEqual([...IDENTITY_NAMES].sort());
    expect(await history(db, 'identity_migrations')).toEqual(IDENTITY_NAMES);
  });
});
