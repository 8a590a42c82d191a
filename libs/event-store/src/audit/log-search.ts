// The Event log of the auditor's dashboard (issue 16) over the PostgreSQL adapter's table: a keyset
// page of events newest first with AND-ed filters, and one event with its previous hash. Personal data
// stays encrypted here: a row says only whether it has some and whether its subject was erased; the
// detail decrypts through EventStore.readStream (one key path, ADR 0003).
import type pg from 'pg';
import type { EventMetadata } from '../port.js';
import { assertSchemaName } from '../postgres/schema.js';

export interface LogSearchFilter {
  /** Only positions below this one (the keyset: the last position of the previous page). */
  before?: number;
  limit: number;
  stream?: string;
  type?: string;
  /** Streams starting with any of these (a context's prefixes). */
  streamPrefixes?: readonly string[];
  actor?: string;
  correlation?: string;
  /** recorded_at ≥ from, < to (ISO instants). */
  from?: string;
  to?: string;
}

export interface LogRow {
  position: number;
  streamId: string;
  streamVersion: number;
  id: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: EventMetadata;
  recordedAt: string;
  /** none: no personal part; erased: its subject's key is destroyed; present: stored, encrypted. */
  personal: 'none' | 'erased' | 'present';
  subjectId: string | null;
  hash: string;
  prevHash: string;
}

interface Row {
  position: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: string;
  subject_id: string | null;
  erased: boolean | null;
  hash: string;
  prev_hash: string;
}

const columns = (s: string) => `e.position, e.stream_id, e.stream_version, e.event_id::text AS event_id, e.type, e.schema_version, e.data, e.metadata,
  to_char(e.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS recorded_at,
  e.personal->>'subjectId' AS subject_id, (k.erased_at IS NOT NULL OR k.subject_id IS NULL) AS erased, e.hash, e.prev_hash
  FROM ${s}.events e LEFT JOIN ${s}.subject_keys k ON k.subject_id = e.personal->>'subjectId'`;

const toLogRow = (r: Row): LogRow => ({
  position: Number(r.position),
  streamId: r.stream_id,
  streamVersion: r.stream_version,
  id: r.event_id,
  type: r.type,
  schemaVersion: r.schema_version,
  data: r.data,
  metadata: r.metadata,
  recordedAt: r.recorded_at,
  personal: r.subject_id === null ? 'none' : r.erased ? 'erased' : 'present',
  subjectId: r.subject_id,
  hash: r.hash,
  prevHash: r.prev_hash,
});

/** One page, newest first. Each filter is a bound parameter; none is ever spliced into the SQL. */
export async function searchEventLog(pool: pg.Pool, schema: string, filter: LogSearchFilter): Promise<LogRow[]> {
  assertSchemaName(schema);
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (filter.before !== undefined) add((p) => `e.position < ${p}`, filter.before);
  if (filter.stream !== undefined) add((p) => `e.stream_id = ${p}`, filter.stream);
  if (filter.type !== undefined) add((p) => `e.type = ${p}`, filter.type);
  // starts_with, not LIKE: a prefix is data, never a pattern.
  if (filter.streamPrefixes !== undefined) add((p) => `EXISTS (SELECT 1 FROM unnest(${p}::text[]) AS x(prefix) WHERE starts_with(e.stream_id, x.prefix))`, filter.streamPrefixes);
  if (filter.actor !== undefined) add((p) => `e.metadata->>'actorId' = ${p}`, filter.actor);
  if (filter.correlation !== undefined) add((p) => `e.metadata->>'correlationId' = ${p}`, filter.correlation);
  if (filter.from !== undefined) add((p) => `e.recorded_at >= ${p}::timestamptz`, filter.from);
  if (filter.to !== undefined) add((p) => `e.recorded_at < ${p}::timestamptz`, filter.to);
  params.push(filter.limit);
  const { rows } = await pool.query<Row>(
    `SELECT ${columns(`"${schema}"`)} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY e.position DESC LIMIT $${params.length}`,
    params,
  );
  return rows.map(toLogRow);
}

/** The event at `position`, or null. */
export async function eventAtPosition(pool: pg.Pool, schema: string, position: number): Promise<LogRow | null> {
  assertSchemaName(schema);
  const { rows } = await pool.query<Row>(`SELECT ${columns(`"${schema}"`)} WHERE e.position = $1`, [position]);
  return rows[0] ? toLogRow(rows[0]) : null;
}
