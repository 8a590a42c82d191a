// The Event log's two reads (issue 16), shared by the API's handlers (which record the view first)
// and `academy audit events | event` (a shell user's: nothing recorded, like `audit verify`).
import type pg from 'pg';
import { type EventStore, eventAtPosition, type LogRow, searchEventLog } from '@academy/event-store';
import { AUDIT_MASK, AUDIT_STREAM_CONTEXTS, type AuditEventDetail, type AuditEventsFilter, type AuditEventsResponse, type AuditEventSummary, auditContextOf } from '@academy/contracts';
import { logSchema } from './log-schema.js';

/** A row as the Event log and Why? list it: its personal part only as none, erased or present. */
export const eventSummary = (r: LogRow): AuditEventSummary => ({
  position: r.position,
  streamId: r.streamId,
  streamVersion: r.streamVersion,
  id: r.id,
  type: r.type,
  context: auditContextOf(r.streamId),
  recordedAt: r.recordedAt,
  metadata: r.metadata,
  personal: r.personal,
});

/** A keyset page of the log, newest first; rows carry no personal values (only none, erased or present). */
export async function eventLogPage(store: EventStore, pool: pg.Pool, filter: AuditEventsFilter): Promise<AuditEventsResponse> {
  const { context, ...rest } = filter;
  const rows = await searchEventLog(pool, logSchema(store), { ...rest, streamPrefixes: context ? AUDIT_STREAM_CONTEXTS[context] : undefined });
  return {
    events: rows.map(eventSummary),
    nextBefore: rows.length === filter.limit ? rows[rows.length - 1].position : null,
  };
}

/** One event in full with its hashes; its personal fields in clear or masked (`clear`), or null when there is none. */
export async function eventDetail(store: EventStore, pool: pg.Pool, position: number, clear: boolean): Promise<AuditEventDetail | null> {
  const row = await eventAtPosition(pool, logSchema(store), position);
  if (!row) return null;
  let fields: Record<string, unknown> = {};
  if (row.personal === 'present') {
    // Decrypted through the store (the one key path, ADR 0003); masked values keep only their names.
    const stored = (await store.readStream(row.streamId, row.streamVersion - 1))[0];
    const data = stored?.personal?.data ?? {};
    fields = clear ? data : Object.fromEntries(Object.keys(data).map((k) => [k, AUDIT_MASK]));
  }
  return {
    position: row.position,
    streamId: row.streamId,
    streamVersion: row.streamVersion,
    id: row.id,
    type: row.type,
    context: auditContextOf(row.streamId),
    recordedAt: row.recordedAt,
    metadata: row.metadata,
    schemaVersion: row.schemaVersion,
    data: row.data,
    personal: { state: row.personal === 'present' ? (clear ? 'clear' : 'masked') : row.personal, subjectId: row.subjectId, fields },
    hash: row.hash,
    prevHash: row.prevHash,
  };
}
