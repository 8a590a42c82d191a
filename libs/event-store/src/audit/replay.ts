// `academy audit replay`: every registered projection rebuilt from position 0 into a scratch schema
// and compared, table by table and row by row, with its live tables at the same checkpoint.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { EventStore } from '../port.js';
import { assertProjection } from '../projections/apply.js';
import { DEFAULT_CONTROL_SCHEMA, ensureControlSchema, q, tablesOf, type CheckpointRow } from '../projections/control.js';
import { buildUpTo, catchUpInTx, createBuildSchema } from '../projections/rebuild.js';
import type { Projection } from '../projections/types.js';

export interface RowDiff {
  table: string;
  /** 'live-only': in the live table, not in the replay; 'replay-only': the other way. */
  side: 'live-only' | 'replay-only';
  row: Record<string, unknown>;
}

export interface ProjectionAudit {
  name: string;
  version: number;
  /** 'equal' | 'different' | 'skipped' (no live version, or the live one is not this code's). */
  result: 'equal' | 'different' | 'skipped';
  position: number;
  reason?: string;
  /** Differing rows (at most `maxRows` per table and side). */
  diffs: RowDiff[];
  /** Tables present on one side only. */
  missingTables: { table: string; side: 'live-only' | 'replay-only' }[];
  /** How many rows differ per table and side in all (`diffs` holds only the first `maxRows` of each). */
  counts: { table: string; side: 'live-only' | 'replay-only'; rows: number }[];
}

/**
 * Where a replay is: projection `index` of `count` (1-based), `applied` = the log position replayed
 * so far of `head` (the live copy's checkpoint, where this projection's replay ends). Reported when a
 * projection starts, after each batch, and when it is compared; never per event.
 */
export interface ReplayProgress {
  projection: string;
  index: number;
  count: number;
  applied: number;
  head: number;
}

export interface AuditReplayOptions {
  store: EventStore;
  pool: pg.Pool;
  projections: Projection[];
  controlSchema?: string;
  maxRows?: number;
  batchSize?: number;
  onProgress?: (progress: ReplayProgress) => void;
}

export interface AuditReplayResult {
  equal: boolean;
  projections: ProjectionAudit[];
}

export async function auditReplay(options: AuditReplayOptions): Promise<AuditReplayResult> {
  const out: ProjectionAudit[] = [];
  const count = options.projections.length;
  for (const [i, p] of options.projections.entries()) {
    const report = options.onProgress ? (applied: number, head: number) => options.onProgress!({ projection: p.name, index: i + 1, count, applied, head }) : undefined;
    out.push(await auditOne(p, options, report));
  }
  return { equal: out.every((a) => a.result !== 'different'), projections: out };
}

async function auditOne(projection: Projection, options: AuditReplayOptions, report?: (applied: number, head: number) => void): Promise<ProjectionAudit> {
  assertProjection(projection);
  const control = options.controlSchema ?? DEFAULT_CONTROL_SCHEMA;
  const t = `${q(control)}.checkpoints`;
  await ensureControlSchema(options.pool, control);
  const base = { name: projection.name, version: projection.version, diffs: [], missingTables: [], counts: [] };
  const { rows: live } = await options.pool.query<CheckpointRow>(`SELECT * FROM ${t} WHERE name = $1 AND status = 'live'`, [projection.name]);
  if (!live[0]) return { ...base, result: 'skipped', position: 0, reason: 'no live version' };
  if (live[0].version !== projection.version) {
    return { ...base, result: 'skipped', position: Number(live[0].position), reason: `live version is ${live[0].version}, this code has ${projection.version}` };
  }
  const head = Number(live[0].position);
  report?.(0, head);
  const scratch = `audit_${projection.name.slice(0, 30)}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client(options.pool.options);
  client.on('error', () => {});
  await client.connect();
  try {
    await createBuildSchema(client, projection, scratch);
    // Most of the replay in short transactions up to where the live copy was…
    let position = await buildUpTo(client, projection, scratch, 0, head, { store: options.store, batchSize: options.batchSize, onProgress: report ? (p) => report(p, head) : undefined });
    // …then the rest in the transaction that holds the live checkpoint row (FOR SHARE: a runner
    // cannot commit a batch meanwhile), so both sides are compared at exactly the same position.
    await client.query('BEGIN');
    try {
      const { rows } = await client.query<CheckpointRow>(`SELECT * FROM ${t} WHERE name = $1 AND version = $2 FOR SHARE`, [projection.name, projection.version]);
      const row = rows[0];
      if (!row || row.status !== 'live') throw new Error(`projection ${projection.name} stopped being live during the audit`);
      await catchUpInTx(client, projection, scratch, position, Number(row.position), options.store);
      position = Number(row.position);
      const diff = await diffSchemas(client, row.schema_name, scratch, options.maxRows ?? 20);
      await client.query('COMMIT');
      report?.(position, position);
      const different = diff.diffs.length > 0 || diff.missingTables.length > 0;
      return { ...base, ...diff, result: different ? 'different' : 'equal', position };
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    }
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS ${q(scratch)} CASCADE`).catch(() => {});
    await client.end().catch(() => {});
  }
}

/** Row-by-row multiset difference of every table of two schemas (EXCEPT ALL both ways). */
export async function diffSchemas(
  client: pg.ClientBase,
  live: string,
  replay: string,
  maxRows: number,
): Promise<{ diffs: RowDiff[]; missingTables: { table: string; side: 'live-only' | 'replay-only' }[]; counts: ProjectionAudit['counts'] }> {
  const a = await tablesOf(client, live);
  const b = await tablesOf(client, replay);
  const missingTables = [
    ...a.filter((x) => !b.includes(x)).map((table) => ({ table, side: 'live-only' as const })),
    ...b.filter((x) => !a.includes(x)).map((table) => ({ table, side: 'replay-only' as const })),
  ];
  const diffs: RowDiff[] = [];
  const counts: ProjectionAudit['counts'] = [];
  for (const table of a.filter((x) => b.includes(x))) {
    const L = `${q(live)}.${q(table)}`;
    const R = `${q(replay)}.${q(table)}`;
    for (const [side, from, minus] of [
      ['live-only', L, R],
      ['replay-only', R, L],
    ] as const) {
      // count(*) OVER () is taken before the LIMIT: the whole difference's size in the same pass.
      const { rows } = await client.query<{ r: Record<string, unknown>; n: string }>(
        `SELECT to_jsonb(d) AS r, count(*) OVER () AS n FROM (SELECT * FROM ${from} EXCEPT ALL SELECT * FROM ${minus}) d LIMIT ${Math.max(1, Number(maxRows))}`,
      );
      for (const r of rows.slice(0, Number(maxRows))) diffs.push({ table, side, row: r.r });
      if (rows[0]) counts.push({ table, side, rows: Number(rows[0].n) });
    }
  }
  return { diffs, missingTables, counts };
}
