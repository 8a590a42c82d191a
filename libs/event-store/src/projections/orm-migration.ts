// Generating a projection's next migration with MikroORM's Migrator (ADR 0018), offline: the
// snapshot beside the context's migrations (`.snapshot-<name>.json`, committed) is the schema the
// existing migrations build, the entities are the schema wanted; the Migrator writes the difference
// as a TypeScript migration. No database is needed (the snapshot stands in for one).
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MikroORM, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { MIGRATIONS_TABLE } from './control.js';
import type { ProjectionOrm } from './orm.js';

export interface CreatedMigration {
  /** The class and file name (without .ts); empty when the entities match the snapshot. */
  name: string;
  up: string[];
}

/** Writes `<dir>/Migration<timestamp>_<label>.ts` for what changed since the snapshot, and moves the snapshot on. */
export async function createProjectionMigration(spec: ProjectionOrm, dir: string, label: string): Promise<CreatedMigration> {
  const snapshotName = `.snapshot-${label}`;
  const snapshot = path.join(dir, `${snapshotName}.json`);
  // The first migration: everything is new.
  if (!existsSync(snapshot)) writeFileSync(snapshot, JSON.stringify({ namespaces: [], tables: [], nativeEnums: {} }, null, 2) + '\n');
  const orm = await MikroORM.init({
    driver: PostgreSqlDriver,
    dbName: 'offline',
    entities: spec.entities,
    extensions: [Migrator],
    migrations: { path: dir, pathTs: dir, emit: 'ts', snapshot: true, snapshotName, tableName: MIGRATIONS_TABLE, silent: true },
    ensureDatabase: false,
    discovery: { warnWhenNoEntities: false },
    debug: false,
  });
  try {
    const r = await orm.migrator.create(dir, false, false, label);
    return { name: r.fileName.replace(/\.ts$/, ''), up: r.diff.up };
  } finally {
    await orm.close(true);
  }
}

/**
 * The statements a new migration would hold, without writing anything: [] when the committed
 * snapshot (and so the migrations) match the entities. A context's unit test asserts that.
 */
export async function pendingProjectionMigration(spec: ProjectionOrm, dir: string, label: string): Promise<string[]> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'projection-migration-'));
  try {
    const snapshot = path.join(dir, `.snapshot-${label}.json`);
    if (existsSync(snapshot)) copyFileSync(snapshot, path.join(tmp, `.snapshot-${label}.json`));
    const created = await createProjectionMigration(spec, tmp, label);
    return created.up.filter((sql) => sql.trim() !== '');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
