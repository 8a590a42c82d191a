// Where the dispatcher and the reactors are, and which are failing (ADR 0010 §7): the same failure
// columns and the same repair as a projection's, read from <control>.consumer_checkpoints.
import type pg from 'pg';
import type { EventStore } from '../port.js';
import { consumerChannel, DEFAULT_CONTROL_SCHEMA, ensureControlSchema, q, type ConsumerCheckpointRow } from '../projections/control.js';
import { awaitRetryAnswer } from '../projections/repair.js';
import { failureOf, type ProjectionFailure } from '../projections/status.js';

export interface ConsumerStatusRow {
  name: string;
  /** 'dispatcher' | 'reactor' (null: no consumer has led it since the column came). */
  kind: string | null;
  checkpoint: number;
  head: number;
  lag: number;
  updatedAt: string;
  /** Set while the consumer cannot handle the event at `position`; the checkpoint stays just before it. */
  failing: ProjectionFailure | null;
}

export async function consumersStatus(options: { store: EventStore; pool: pg.Pool; controlSchema?: string }): Promise<ConsumerStatusRow[]> {
  const control = options.controlSchema ?? DEFAULT_CONTROL_SCHEMA;
  await ensureControlSchema(options.pool, control);
  const head = await options.store.headPosition();
  const { rows } = await options.pool.query<ConsumerCheckpointRow>(`SELECT * FROM ${q(control)}.consumer_checkpoints ORDER BY name`);
  return rows.map((r) => ({
    name: r.name,
    kind: r.kind,
    checkpoint: Number(r.position),
    head,
    lag: Math.max(0, head - Number(r.position)),
    updatedAt: r.updated_at.toISOString(),
    failing: failureOf(r),
  }));
}

/** The consumers marked failing, for health checks: one read of a small table; [] before any consumer made it. */
export async function failingConsumers(
  db: pg.Pool | pg.ClientBase,
  controlSchema: string = DEFAULT_CONTROL_SCHEMA,
): Promise<{ name: string; kind: string | null; checkpoint: number; failing: ProjectionFailure }[]> {
  try {
    const { rows } = await db.query<ConsumerCheckpointRow>(`SELECT * FROM ${q(controlSchema)}.consumer_checkpoints WHERE failing_position IS NOT NULL ORDER BY name`);
    return rows.map((r) => ({ name: r.name, kind: r.kind, checkpoint: Number(r.position), failing: failureOf(r)! }));
  } catch (e) {
    // 42P01: no control table yet; 42703: its failure columns not added yet (no consumer or runner started since).
    if ((e as { code?: string }).code === '42P01' || (e as { code?: string }).code === '42703') return [];
    throw e;
  }
}

export type ConsumerRetryOutcome =
  | { result: 'recovered'; name: string; kind: string | null; checkpoint: number }
  | { result: 'still failing' | 'requested'; name: string; kind: string | null; checkpoint: number; failing: ProjectionFailure }
  | { result: 'not failing'; name: string };

/** `projections retry <name>` for a dispatcher or reactor: one more try by the instance that leads it, and what came of it. */
export async function retryConsumer(options: { pool: pg.Pool; name: string; controlSchema?: string; waitMs?: number }): Promise<ConsumerRetryOutcome> {
  const control = options.controlSchema ?? DEFAULT_CONTROL_SCHEMA;
  await ensureControlSchema(options.pool, control);
  const t = `${q(control)}.consumer_checkpoints`;
  // Under the row lock the consumer marks failing under: a request counted here is one it has not seen.
  const { rows } = await options.pool.query<ConsumerCheckpointRow>(
    `UPDATE ${t} SET retry_requests = retry_requests + 1 WHERE name = $1 AND failing_position IS NOT NULL RETURNING *`,
    [options.name],
  );
  const asked = rows[0];
  if (!asked) return { result: 'not failing', name: options.name };
  await options.pool.query(`SELECT pg_notify($1, $2)`, [consumerChannel(control), asked.name]);
  const read = async () => (await options.pool.query<ConsumerCheckpointRow>(`SELECT * FROM ${t} WHERE name = $1`, [asked.name])).rows[0] ?? null;
  const { result, row } = await awaitRetryAnswer(read, asked, Date.now() + (options.waitMs ?? 15_000));
  const base = { name: asked.name, kind: asked.kind, checkpoint: Number(row?.position ?? asked.position) };
  return result === 'recovered' ? { result, ...base } : { result, ...base, failing: failureOf(row!)! };
}

/** Whether a consumer of that name has a checkpoint row (the CLI's check before a retry). */
export async function consumerExists(pool: pg.Pool, name: string, controlSchema: string = DEFAULT_CONTROL_SCHEMA): Promise<boolean> {
  await ensureControlSchema(pool, controlSchema);
  const { rows } = await pool.query(`SELECT 1 FROM ${q(controlSchema)}.consumer_checkpoints WHERE name = $1`, [name]);
  return rows.length > 0;
}
