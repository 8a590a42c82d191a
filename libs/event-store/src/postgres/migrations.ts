// The event store's schema as numbered migrations (issue 15 §4). Each is applied once, in order, under
// an advisory lock (several processes may start at once), in ONE transaction with its record in
// <schema>.schema_migrations, so a crash leaves a version either wholly applied and recorded or not at
// all. A database recording a version this code does not know was migrated by newer code: refused,
// because the older code could write what the newer schema forbids.
import type pg from 'pg';
import { auditIndexesSql, baselineSql, lockKey } from './schema.js';
import { inTransaction } from './transaction.js';

export interface EventStoreMigration {
  version: number;
  /** What it does, as a line for schema_migrations and the logs. */
  name: string;
  sql(schema: string): string;
}

/** In version order. Never edit an applied one: add the next. */
export const EVENT_STORE_MIGRATIONS: readonly EventStoreMigration[] = [
  { version: 1, name: 'baseline: events, subject_keys, append-only triggers, append_events()', sql: baselineSql },
  { version: 2, name: "audit indexes: type, actor, correlation, recorded_at, data (the Event log's filters, Why and time travel)", sql: auditIndexesSql },
];

/** Thrown when the database has versions this code does not know. */
export class NewerSchemaError extends Error {
  override readonly name = 'NewerSchemaError';
}

function checkOrder(migrations: readonly EventStoreMigration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`event store migrations must be numbered 1, 2, 3 …: found ${m.version} at place ${i + 1}`);
  });
}

/**
 * Applies the migrations `schema` has not had yet; resolves to the versions applied now (empty when
 * it was up to date). Safe to run concurrently from several processes.
 */
export async function migrateEventStore(pool: pg.Pool, schema: string, migrations: readonly EventStoreMigration[] = EVENT_STORE_MIGRATIONS): Promise<number[]> {
  checkOrder(migrations);
  const s = `"${schema}"`;
  return inTransaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(${lockKey(schema, 'migrate')})`);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${s}.schema_migrations (
      version    integer     PRIMARY KEY,
      name       text        NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${s}.schema_migrations ORDER BY version`);
    const have = new Set(rows.map((r) => r.version));
    const unknown = rows.map((r) => r.version).filter((v) => v > migrations.length);
    if (unknown.length) {
      throw new NewerSchemaError(
        `the event store schema "${schema}" has migration ${unknown.join(', ')}, which this code does not know (it knows 1–${migrations.length}): it was migrated by a newer version of the academy; run that version`,
      );
    }
    const applied: number[] = [];
    for (const m of migrations) {
      if (have.has(m.version)) continue;
      await client.query(m.sql(schema));
      await client.query(`INSERT INTO ${s}.schema_migrations (version, name) VALUES ($1, $2)`, [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}
