import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { migrateEventStore } from '@academy/event-store';
import { migrateUp, ormOptions } from '@academy/backend';
import { identitySessionMigrations } from '@academy/identity';
import { auditMigrations } from '@academy/audit';

/**
 * Every schema change the academy needs, in order: the event log's own migrations, then the read
 * models' and the contexts' (MikroORM). The worker runs it at start, and `academy migrate` runs it
 * alone: the deployment's migration step (compose's `migrate` service, the Kubernetes Job) before
 * the replicas roll, so no replica serves a half-migrated schema. Safe to run concurrently (both
 * steps hold advisory locks). Returns the names of what it applied now (empty when up to date).
 */
export async function migrateAll(databaseUrl: string): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, application_name: 'academy-migrate' });
  pool.on('error', () => {});
  const applied: string[] = [];
  try {
    applied.push(...(await migrateEventStore(pool, 'event_store')).map((v) => `event_store ${v}`));
  } finally {
    await pool.end();
  }
  const orm = await MikroORM.init(ormOptions(databaseUrl));
  try {
    applied.push(...(await migrateUp(orm, databaseUrl, [identitySessionMigrations, auditMigrations])));
  } finally {
    await orm.close();
  }
  return applied;
}
