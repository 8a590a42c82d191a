import type pg from 'pg';
import type { EventStore } from '../port.js';
import { DEFAULT_CONTROL_SCHEMA, ensureControlSchema, q, type CheckpointRow, type ProjectionStatus } from './control.js';
import type { Projection } from './types.js';

export interface ProjectionStatusRow {
  name: string;
  version: number;
  /** 'not started': registered in code, no runner has registered it in the database yet. */
  status: ProjectionStatus | 'not started';
  /** The schema holding this version's tables (readers use the views in schema `name`). */
  schema: string | null;
  checkpoint: number;
  head: number;
  lag: number;
  updatedAt: string | null;
  /** Set while the runner cannot apply the event at `position` (ADR 0010); the checkpoint stays just before it. */
  failing: ProjectionFailure | null;
}

export interface ProjectionFailure {
  position: number;
  /** The event's type and id, and the error of the last try. */
  error: string;
  failedAt: string;
  attempts: number;
}

/** Every projection version known to the database (retired ones excepted) and every registered one not started yet. */
export async function projectionsStatus(options: {
  store: EventStore;
  pool: pg.Pool;
  projections?: Projection[];
  controlSchema?: string;
}): Promise<ProjectionStatusRow[]> {
  const control = options.controlSchema ?? DEFAULT_CONTROL_SCHEMA;
  await ensureControlSchema(options.pool, control);
  const head = await options.store.headPosition();
  const { rows } = await options.pool.query<CheckpointRow>(
    `SELECT * FROM ${q(control)}.checkpoints WHERE status <> 'retired' ORDER BY name, version`,
  );
  const out: ProjectionStatusRow[] = rows.map((r) => ({
    name: r.name,
    version: r.version,
    status: r.status,
    schema: r.schema_name,
    checkpoint: Number(r.position),
    head,
    lag: Math.max(0, head - Number(r.position)),
    updatedAt: r.updated_at.toISOString(),
    failing: failureOf(r),
  }));
  for (const p of options.projections ?? []) {
    if (!rows.some((r) => r.name === p.name && r.version === p.version)) {
      out.push({ name: p.name, version: p.version, status: 'not started', schema: null, checkpoint: 0, head, lag: head, updatedAt: null, failing: null });
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name) || a.version - b.version);
}

export function failureOf(r: Pick<CheckpointRow, 'failing_position' | 'error' | 'failed_at' | 'attempts'>): ProjectionFailure | null {
  if (r.failing_position === null) return null;
  return { position: Number(r.failing_position), error: r.error ?? '', failedAt: (r.failed_at ?? new Date(0)).toISOString(), attempts: r.attempts };
}

/**
 * The projection versions marked failing (retired ones excepted), for health checks: one read of
 * the small control table; [] when no runner has created it yet.
 */
export async function failingProjections(
  db: pg.Pool | pg.ClientBase,
  controlSchema: string = DEFAULT_CONTROL_SCHEMA,
): Promise<{ name: string; version: number; status: ProjectionStatus; checkpoint: number; failing: ProjectionFailure }[]> {
  try {
    const { rows } = await db.query<CheckpointRow>(
      `SELECT * FROM ${q(controlSchema)}.checkpoints WHERE failing_position IS NOT NULL AND status <> 'retired' ORDER BY name, version`,
    );
    return rows.map((r) => ({ name: r.name, version: r.version, status: r.status, checkpoint: Number(r.position), failing: failureOf(r)! }));
  } catch (e) {
    // 42P01: no control table yet; 42703: a database whose control table predates the failure columns (no runner started since).
    if ((e as { code?: string }).code === '42P01' || (e as { code?: string }).code === '42703') return [];
    throw e;
  }
}
