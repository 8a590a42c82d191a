// The differing rows of the last completed replay (ADR 0034), in the audit context's own table: the
// job writes them before it appends ReplayCompleted, the status query reads them. Only the LAST
// replay's rows are kept (a new one replaces them), each table and side bounded by auditReplay's
// maxRows: copies of personal data do not pile up, and an erased person is gone at the next replay.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProjectionAudit } from '@academy/event-store';
import { AuditReplayRow } from './replay-row.entity.js';

/** The first rows kept per table and side (auditReplay's maxRows). */
export const REPLAY_MAX_ROWS = 20;

export interface StoredReplayRow {
  projection: string;
  table: string;
  side: 'live-only' | 'replay-only';
  row: Record<string, unknown>;
}

/** Replaces the kept rows with this replay's, in one transaction. */
export async function saveReplayRows(em: EntityManager, requestId: string, projections: ProjectionAudit[]): Promise<void> {
  const rows = projections.flatMap((p) => {
    const ordinal = new Map<string, number>();
    return p.diffs.map((d) => {
      const key = `${d.table}\u0000${d.side}`;
      ordinal.set(key, (ordinal.get(key) ?? 0) + 1);
      return { requestId, projection: p.name, tableName: d.table, side: d.side, ordinal: ordinal.get(key)!, row: d.row };
    });
  });
  await em.fork().transactional(async (tx) => {
    await tx.nativeDelete(AuditReplayRow, {});
    if (rows.length) await tx.insertMany(AuditReplayRow, rows);
  });
}

/** The kept rows of one replay (none when a later replay replaced them). */
export async function replayRowsOf(em: EntityManager, requestId: string): Promise<StoredReplayRow[]> {
  const rows = await em.fork().find(
    AuditReplayRow,
    { requestId },
    { orderBy: { projection: 'asc', tableName: 'asc', side: 'asc', ordinal: 'asc' }, disableIdentityMap: true },
  );
  return rows.map((r) => ({ projection: r.projection, table: r.tableName, side: r.side, row: r.row }));
}

/** Whether the kept rows are this replay's. */
export async function keepsRowsOf(em: EntityManager, requestId: string): Promise<boolean> {
  return (await em.fork().count(AuditReplayRow, { requestId })) > 0;
}
