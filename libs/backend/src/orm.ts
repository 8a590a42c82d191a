import pg from 'pg';
import { MikroORM, PostgreSqlDriver, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { EntitySchema } from '@mikro-orm/core';
import { migrationsList } from './migrations/index.js';
import { WorkerHeartbeat } from './system/worker-heartbeat.entity.js';

/** Every read-model entity of the platform; contexts add theirs here as they arrive. */
export const entities: EntitySchema<any, any>[] = [WorkerHeartbeat];

export function ormOptions(databaseUrl: string, extra: Partial<Options> = {}): Options {
  return {
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    // snapshot: false: the migrator would otherwise write a .snapshot-<db>.json into the cwd of every process.
    migrations: { migrationsList, transactional: true, allOrNothing: true, tableName: 'mikro_orm_migrations', snapshot: false, silent: true },
    // checkDuplicateTableNames: false: each context keeps its own `people`, `programs`… (ADR 0018) as schema-less entities, read in its own schema.
    discovery: { warnWhenNoEntities: false, checkDuplicateTableNames: false },
    pool: { min: 0, max: 10 },
    debug: false,
    ...extra,
  };
}

// Any fixed number will do; it only has to be the same in every process that migrates.
const MIGRATION_LOCK = 7_411_001;

/**
 * Applies pending migrations, all or nothing. The API and the worker both call it at start; a
 * session-level advisory lock makes the second one wait and then find nothing left to do.
 */
export async function migrateUp(orm: MikroORM, databaseUrl: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  // Idle while the migrations run: a dropped connection must fail the start with one line, not crash with a stack.
  lock.on('error', () => {});
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await orm.migrator.up();
    return applied.map((m) => m.name);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end();
  }
}

export { MikroORM };
