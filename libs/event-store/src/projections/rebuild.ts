// Building a projection from position 0 into a schema of its own, outside the runner: used by
// `projections rebuild <name>` (then swapped in) and by the audit replay (then diffed and dropped).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { EventStore } from '../port.js';
import { applyEvents, assertProjection, projectionTx, setupSchema } from './apply.js';
import {
  advisoryKey,
  checkpointChannel,
  DEFAULT_CONTROL_SCHEMA,
  ensureControlSchema,
  pointReadSchema,
  q,
  versionSchema,
  type CheckpointRow,
} from './control.js';
import type { Projection } from './types.js';

export interface BuildOptions {
  store: EventStore;
  batchSize?: number;
  /** Called after each committed batch (progress reports). */
  onProgress?(position: number): void;
}

/**
 * Applies events (from, upTo] to `projection` in `schema`, one transaction per batch on `client`
 * (which must not be in a transaction). Returns the position reached (= upTo).
 */
export async function buildUpTo(client: pg.ClientBase, projection: Projection, schema: string, from: number, upTo: number, options: BuildOptions): Promise<number> {
  const batchSize = options.batchSize ?? 2000;
  let position = from;
  while (position < upTo) {
    const events = (await options.store.readAll(position, Math.min(batchSize, upTo - position))).filter((e) => e.position <= upTo);
    if (events.length === 0) break;
    await client.query('BEGIN');
    try {
      await applyEvents(projection, events, await projectionTx(client, schema, projection));
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    }
    position = events[events.length - 1].position;
    options.onProgress?.(position);
  }
  return position;
}

/** Applies (from, upTo] inside the transaction already open on `client`. */
export async function catchUpInTx(client: pg.ClientBase, projection: Projection, schema: string, from: number, upTo: number, store: EventStore): Promise<void> {
  let position = from;
  while (position < upTo) {
    const events = (await store.readAll(position, Math.min(2000, upTo - position))).filter((e) => e.position <= upTo);
    if (events.length === 0) break;
    await applyEvents(projection, events, await projectionTx(client, schema, projection));
    position = events[events.length - 1].position;
  }
}

/** Creates `schema` with the projection's tables, committed. */
export async function createBuildSchema(client: pg.ClientBase, projection: Projection, schema: string): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${q(schema)} CASCADE`);
    await setupSchema(client, projection, schema);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  }
}

export interface RebuildOptions extends BuildOptions {
  pool: pg.Pool;
  projections: Projection[];
  name: string;
  controlSchema?: string;
}

export interface RebuildResult {
  name: string;
  version: number;
  schema: string;
  position: number;
}

/**
 * Rebuilds the live version of a projection from position 0 into fresh tables while the runner
 * keeps serving, then swaps them in: the final catch-up, the checkpoint move, the view swap and the
 * drop of the old tables happen in ONE transaction that holds the checkpoint row (the runner waits
 * for it, then resyncs from the new checkpoint into the new schema).
 */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const projection = options.projections.find((p) => p.name === options.name);
  if (!projection) throw new Error(`no projection named ${options.name} is registered (known: ${options.projections.map((p) => p.name).join(', ') || 'none'})`);
  assertProjection(projection);
  const control = options.controlSchema ?? DEFAULT_CONTROL_SCHEMA;
  const t = `${q(control)}.checkpoints`;
  await ensureControlSchema(options.pool, control);
  const client = new pg.Client(options.pool.options);
  client.on('error', () => {});
  await client.connect();
  let schema: string | null = null;
  try {
    const { rows: lockRows } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${advisoryKey('rebuild', control, projection.name)}) AS ok`);
    if (!lockRows[0].ok) throw new Error(`a rebuild of ${projection.name} is already running`);
    const { rows: liveRows } = await client.query<CheckpointRow>(`SELECT * FROM ${t} WHERE name = $1 AND status = 'live'`, [projection.name]);
    const live = liveRows[0];
    if (!live) throw new Error(`projection ${projection.name} has no live version yet: start its runner, which builds it`);
    if (live.version !== projection.version) {
      throw new Error(`projection ${projection.name}: the live version is ${live.version}, this code has ${projection.version}; a new version is rebuilt by its runner`);
    }
    schema = versionSchema(projection.name, projection.version, randomBytes(4).toString('hex'));
    await createBuildSchema(client, projection, schema);
    let position = await buildUpTo(client, projection, schema, 0, await options.store.headPosition(), options);

    await client.query('BEGIN');
    try {
      await client.query(`SELECT pg_advisory_xact_lock(${advisoryKey('name', control, projection.name)})`);
      const { rows } = await client.query<CheckpointRow>(`SELECT * FROM ${t} WHERE name = $1 AND version = $2 FOR UPDATE`, [projection.name, projection.version]);
      const row = rows[0];
      if (!row || row.status !== 'live') throw new Error(`projection ${projection.name} v${projection.version} stopped being live during the rebuild`);
      // With the row held, the runner cannot commit: the head read now is a stable target.
      const target = Math.max(await options.store.headPosition(), Number(row.position));
      await catchUpInTx(client, projection, schema, position, target, options.store);
      position = target;
      // Rebuilt to the head: whatever the runner was failing at has been applied, so its mark goes too.
      await client.query(`UPDATE ${t} SET schema_name = $3, position = $4, updated_at = now(), failing_position = NULL, error = NULL, failed_at = NULL, attempts = 0 WHERE name = $1 AND version = $2`, [
        projection.name,
        projection.version,
        schema,
        position,
      ]);
      await pointReadSchema(client, projection.name, schema);
      await client.query(`DROP SCHEMA IF EXISTS ${q(row.schema_name)} CASCADE`);
      await client.query(`SELECT pg_notify($1, $2)`, [
        checkpointChannel(control),
        JSON.stringify({ name: projection.name, version: projection.version, position, status: 'live', failing: null }),
      ]);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    }
    const done = schema;
    schema = null;
    return { name: projection.name, version: projection.version, schema: done, position };
  } finally {
    if (schema) await client.query(`DROP SCHEMA IF EXISTS ${q(schema)} CASCADE`).catch(() => {});
    await client.end().catch(() => {});
  }
}

/**
 * Builds `projection` from position 0 to the head into `schema` (dropped and created afresh), with
 * no checkpoint and no swap: the same code path as a rebuild, for tests (libs/testing's
 * projectionSpec) and tools. Returns the position reached.
 */
export async function buildProjectionInto(pool: pg.Pool, projection: Projection, schema: string, store: EventStore, options: { batchSize?: number } = {}): Promise<number> {
  assertProjection(projection);
  const client = await pool.connect();
  try {
    await createBuildSchema(client, projection, schema);
    return await buildUpTo(client, projection, schema, 0, await store.headPosition(), { store, batchSize: options.batchSize });
  } finally {
    client.release();
  }
}
