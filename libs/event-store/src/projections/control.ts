// The control tables shared by projection runners, the dispatcher, the consistency waiter and the
// auditors (ADR 0004): one row per projection version, one per consumer (dispatcher, reactor).
import { createHash } from 'node:crypto';
import { inTransaction } from '../postgres/transaction.js';
import type pg from 'pg';

export const DEFAULT_CONTROL_SCHEMA = 'projections';

/** MikroORM's Migrator table, which a version schema keeps (ADR 0018): how it was made, not a read table (no view, no audit diff). */
export const MIGRATIONS_TABLE = 'mikro_orm_migrations';

const IDENT = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
const RESERVED = new Set(['public', 'information_schema', 'event_store', DEFAULT_CONTROL_SCHEMA]);

/** A projection name doubles as the schema its readers use: a plain identifier, no '__' (kept for version schemas). */
export function assertProjectionName(name: string): void {
  if (typeof name !== 'string' || name.length > 40 || !IDENT.test(name) || name.startsWith('pg_') || RESERVED.has(name)) {
    throw new Error(`invalid projection name ${JSON.stringify(name)}: lower-case letters, digits and single '_', ≤ 40 chars, not a reserved schema`);
  }
}

export function assertControlSchema(schema: string): void {
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(schema)) throw new Error(`invalid control schema name ${JSON.stringify(schema)}`);
}

/** Quotes an identifier we validated or read from the catalog. */
export function q(ident: string): string {
  return `"${ident.replace(/"/g, '""')}"`;
}

/** The schema a version's tables are first built in; a rebuild of the same version adds a suffix. */
export function versionSchema(name: string, version: number, suffix?: string): string {
  return suffix ? `${name}__v${version}_${suffix}` : `${name}__v${version}`;
}

/** A stable 64-bit advisory-lock key per purpose, so unrelated locks never collide. */
export function advisoryKey(...parts: (string | number)[]): string {
  return createHash('sha256').update(['academy-projections', ...parts.map(String)].join('\0')).digest().readBigInt64BE(0).toString();
}

export function checkpointChannel(controlSchema: string): string {
  return `${controlSchema}_checkpoint`;
}

export type ProjectionStatus = 'building' | 'live' | 'retired';

/** The failure columns a projection's and a consumer's row share (ADR 0010). */
export interface FailureColumns {
  /** Set while the event at this position cannot be handled: the projection or consumer is failing. */
  failing_position: string | null;
  error: string | null;
  /** When the last try at failing_position failed. */
  failed_at: Date | null;
  /** Tries at failing_position so far. */
  attempts: number;
  /** Counts operators' `projections retry` requests: a failing runner or consumer tries again when it grows. */
  retry_requests: number;
}

export interface CheckpointRow extends FailureColumns {
  name: string;
  version: number;
  schema_name: string;
  position: string;
  status: ProjectionStatus;
  updated_at: Date;
}

/** A consumer's row (dispatcher, reactor): the same failure state as a projection's (ADR 0010 §7). */
export interface ConsumerCheckpointRow extends FailureColumns {
  name: string;
  /** 'dispatcher' | 'reactor': set by the consumer that leads it (null before one led since the column came). */
  kind: string | null;
  position: string;
  updated_at: Date;
}

/** Where `projections retry` wakes a failing consumer (not the checkpoint channel: its waiters parse projection payloads). */
export function consumerChannel(controlSchema: string): string {
  return `${controlSchema}_consumer`;
}

export function controlSql(schema: string): string {
  const s = q(schema);
  return `
CREATE SCHEMA IF NOT EXISTS ${s};
CREATE TABLE IF NOT EXISTS ${s}.checkpoints (
  name         text        NOT NULL,
  version      integer     NOT NULL,
  schema_name  text        NOT NULL UNIQUE,   -- where this version's tables are; changes on a rebuild
  position     bigint      NOT NULL DEFAULT 0,
  status       text        NOT NULL CHECK (status IN ('building', 'live', 'retired')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (name, version)
);
-- Failure state (ADR 0010), added in place to databases made before it. Checked first: an ALTER
-- takes an exclusive lock on the table even when every column exists, and runners hold its rows.
DO $migrate$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = '${schema}' AND table_name = 'checkpoints' AND column_name = 'retry_requests') THEN
    ALTER TABLE ${s}.checkpoints
      ADD COLUMN IF NOT EXISTS failing_position bigint,          -- set while the event there cannot be applied
      ADD COLUMN IF NOT EXISTS error            text,
      ADD COLUMN IF NOT EXISTS failed_at        timestamptz,
      ADD COLUMN IF NOT EXISTS attempts         integer NOT NULL DEFAULT 0,
      ADD COLUMN IF NOT EXISTS retry_requests   integer NOT NULL DEFAULT 0;  -- bumped by "projections retry"
  END IF;
END $migrate$;
CREATE UNIQUE INDEX IF NOT EXISTS checkpoints_one_live ON ${s}.checkpoints (name) WHERE status = 'live';
CREATE TABLE IF NOT EXISTS ${s}.consumer_checkpoints (
  name        text        PRIMARY KEY,
  position    bigint      NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- The same failure state for the dispatcher and the reactors (ADR 0010 §7), and their kind for messages.
DO $migrate$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = '${schema}' AND table_name = 'consumer_checkpoints' AND column_name = 'retry_requests') THEN
    ALTER TABLE ${s}.consumer_checkpoints
      ADD COLUMN IF NOT EXISTS kind             text,
      ADD COLUMN IF NOT EXISTS failing_position bigint,
      ADD COLUMN IF NOT EXISTS error            text,
      ADD COLUMN IF NOT EXISTS failed_at        timestamptz,
      ADD COLUMN IF NOT EXISTS attempts         integer NOT NULL DEFAULT 0,
      ADD COLUMN IF NOT EXISTS retry_requests   integer NOT NULL DEFAULT 0;
  END IF;
END $migrate$;`;
}

const migrated = new WeakMap<object, Set<string>>();

/** Creates the control tables once per pool and schema; safe from several processes at once. */
export async function ensureControlSchema(pool: pg.Pool, schema: string): Promise<void> {
  assertControlSchema(schema);
  const done = migrated.get(pool) ?? new Set<string>();
  if (done.has(schema)) return;
  await inTransaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(${advisoryKey('migrate', schema)})`);
    await client.query(controlSql(schema));
  });
  done.add(schema);
  migrated.set(pool, done);
}

/** The tables (not views) of a schema, in a stable order. */
export async function tablesOf(client: pg.ClientBase | pg.Pool, schema: string): Promise<string[]> {
  // MikroORM's migrations table records how a version's schema was made: not a read table.
  const { rows } = await client.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = $1 AND tablename <> $2 ORDER BY tablename`, [schema, MIGRATIONS_TABLE]);
  return rows.map((r) => r.t);
}

/**
 * Points the read schema `name` at the tables of `target`: one view per table, replacing the old
 * ones. Runs inside the caller's transaction, so readers see the old set or the new, never a mix.
 */
export async function pointReadSchema(client: pg.ClientBase, name: string, target: string): Promise<void> {
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${q(name)}`);
  const { rows: views } = await client.query<{ v: string }>(`SELECT viewname AS v FROM pg_views WHERE schemaname = $1`, [name]);
  for (const { v } of views) await client.query(`DROP VIEW ${q(name)}.${q(v)}`);
  for (const t of await tablesOf(client, target)) {
    await client.query(`CREATE VIEW ${q(name)}.${q(t)} AS SELECT * FROM ${q(target)}.${q(t)}`);
  }
}
