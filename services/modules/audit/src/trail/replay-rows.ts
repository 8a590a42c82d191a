// The differing rows of the last completed replay (ADR 0034), in the audit context's own table: the
// job writes them before it appends ReplayCompleted, the status query reads them. Only the LAST
// replay's rows are kept (a new one replaces them), each table and side bounded by auditReplay's
// maxRows: copies of personal data do not pile up, and an erased person is gone at the next replay.
import type pg from 'pg';
import type { ProjectionAudit } from '@academy/event-store';

export const REPLAY_ROWS_TABLE = 'audit_replay_rows';
/** The first rows kept per table and side (auditReplay's maxRows). */
export const REPLAY_MAX_ROWS = 20;

export interface StoredReplayRow {
  projection: string;
  table: string;
  side: 'live-only' | 'replay-only';
  row: Record<string, unknown>;
}

/** Replaces the kept rows with this replay's, in one transaction. */
export async function saveReplayRows(pool: pg.Pool, requestId: string, projections: ProjectionAudit[]): Promise<void> {
  const rows = projections.flatMap((p) => {
    const ordinal = new Map<string, number>();
    return p.diffs.map((d) => {
      const key = `${d.table}\u0000${d.side}`;
      ordinal.set(key, (ordinal.get(key) ?? 0) + 1);
      return [requestId, p.name, d.table, d.side, ordinal.get(key)!, JSON.stringify(d.row)];
    });
  });
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`DELETE FROM ${REPLAY_ROWS_TABLE}`);
    for (const r of rows) {
      await client.query(`INSERT INTO ${REPLAY_ROWS_TABLE} (request_id, projection, table_name, side, ordinal, row) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`, r);
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/** The kept rows of one replay (none when a later replay replaced them). */
export async function replayRowsOf(pool: pg.Pool, requestId: string): Promise<StoredReplayRow[]> {
  const { rows } = await pool.query<{ projection: string; table_name: string; side: StoredReplayRow['side']; row: Record<string, unknown> }>(
    `SELECT projection, table_name, side, row FROM ${REPLAY_ROWS_TABLE} WHERE request_id = $1 ORDER BY projection, table_name, side, ordinal`,
    [requestId],
  );
  return rows.map((r) => ({ projection: r.projection, table: r.table_name, side: r.side, row: r.row }));
}

/** Whether the kept rows are this replay's. */
export async function keepsRowsOf(pool: pg.Pool, requestId: string): Promise<boolean> {
  const { rows } = await pool.query(`SELECT 1 FROM ${REPLAY_ROWS_TABLE} WHERE request_id = $1 LIMIT 1`, [requestId]);
  return rows.length > 0;
}
