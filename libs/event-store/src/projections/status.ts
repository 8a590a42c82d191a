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
  }));
  for (const p of options.projections ?? []) {
    if (!rows.some((r) => r.name === p.name && r.version === p.version)) {
      out.push({ name: p.name, version: p.version, status: 'not started', schema: null, checkpoint: 0, head, lag: head, updatedAt: null });
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name) || a.version - b.version);
}
