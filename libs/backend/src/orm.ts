import pg from 'pg';
import { MikroORM, PostgreSqlDriver, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { MigrationObject } from '@mikro-orm/core';
import { migrationsList } from './migrations/index.js';
import { WorkerHeartbeat } from './system/worker-heartbeat.entity.js';

/** Every read-model entity of the platform; contexts add theirs here as they arrive. */
export const entities: NonNullable<Options['entities']> = [WorkerHeartbeat];

export function ormOptions(databaseUrl: string, extra: Partial<Options> = {}): Options {
  return {
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    // snapshot: false: the migrator would otherwise write a .snapshot-<db>.json into the cwd of every process.
    migrations: { migrationsList, transactional: true, allOrNothing: true, tableName: 'mikro_orm_migrations', snapshot: false, silent: true },
    // Several contexts keep a table of the same name (`people`, `programs`…: their replicas) in their
    // own read schema. The entities carry no schema (ADR 0018 §1; a read forks onto its schema), so
    // MikroORM would take equal table names for one table: they are not, and this ORM never makes them.
    discovery: { warnWhenNoEntities: false, checkDuplicateTableNames: false },
    pool: { min: 0, max: 10 },
    debug: false,
    ...extra,
  };
}

// Any fixed number will do; it only has to be the same in every process that migrates.
const MIGRATION_LOCK = 7_411_001;

/**
 * A context's own tables that are not projections (identity's sessions), with their own history
 * table (ADR 0018 §2): the platform's list does not hold them, `migrateUp` applies them after it.
 */
export interface ContextMigrations {
  /** The context's history of applied migrations, e.g. `identity_migrations` (in `public`). */
  tableName: string;
  migrations: MigrationObject[];
}

/**
 * Applies pending migrations, all or nothing per history: the platform's, then each context's in
 * order. The API and the worker both call it at start; a session-level advisory lock makes the
 * second one wait and then find nothing left to do.
 */
export async function migrateUp(orm: MikroORM, databaseUrl: string, contexts: readonly ContextMigrations[] = []): Promise<string[]> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  // Idle while the migrations run: a dropped connection must fail the start with one line, not crash with a stack.
  lock.on('error', () => {});
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = (await orm.migrator.up()).map((m) => m.name);
    for (const context of contexts) applied.push(...(await migrateContext(orm, databaseUrl, context)));
    return applied;
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end();
  }
}


/**
 * One context's migrations, tracked in its own table by a Migrator of their own (a short-lived ORM:
 * MikroORM keeps one migrations configuration per ORM). A migration of this context that a database
 * ran while it was still in the platform's list (same name in mikro_orm_migrations) is recorded as
 * applied, not run again: that is how a database migrated before the move keeps working. The old rows
 * stay where they are (the platform's Migrator ignores names it does not list; code from before the
 * move still finds them).
 */
async function migrateContext(orm: MikroORM, databaseUrl: string, context: ContextMigrations): Promise<string[]> {
  const base = ormOptions(databaseUrl);
  const own = await MikroORM.init({ ...base, pool: { min: 0, max: 1 }, migrations: { ...base.migrations, migrationsList: context.migrations, tableName: context.tableName } });
  try {
    const before = new Set((await orm.migrator.getExecuted()).map((m) => m.name));
    const mine = new Set((await own.migrator.getExecuted()).map((m) => m.name));
    for (const { name } of context.migrations) if (before.has(name) && !mine.has(name)) await own.migrator.logMigration(name);
    return (await own.migrator.up()).map((m) => m.name);
  } finally {
    await own.close();
  }
}

export { MikroORM };
