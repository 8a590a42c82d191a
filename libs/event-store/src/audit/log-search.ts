// The Event log of the auditor's dashboard (issue 16) over the PostgreSQL adapter's table: a keyset
// page of events newest first with AND-ed filters, and one event with its previous hash. Personal data
// stays encrypted here: a row says only whether it has some and whether its subject was erased; the
// detail decrypts through EventStore.readStream (one key path, ADR 0003).
import type pg from 'pg';
import type { EventRow } from '../postgres/event-rows.js';
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

type Row = Omit<EventRow, 'opened' | 'personal'> & { subject_id: string | null; erased: boolean | null };

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

/** The event with this id (ids are unique in the log), or null: how a causation id is followed. */
export async function eventById(pool: pg.Pool, schema: string, id: string): Promise<LogRow | null> {
  assertSchemaName(schema);
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null; // not a uuid: no such event (and no cast error)
  const { rows } = await pool.query<Row>(`SELECT ${columns(`"${schema}"`)} WHERE e.event_id = $1::uuid`, [id]);
  return rows[0] ? toLogRow(rows[0]) : null;
}

/** The event of `type` on `stream` whose data says `version` (a rubric's RubricSet of the version a grade used, issue 30 §2). */
export async function versionedEventOf(pool: pg.Pool, schema: string, q: { type: string; stream: string; version: number }): Promise<LogRow | null> {
  assertSchemaName(schema);
  const { rows } = await pool.query<Row>(`SELECT ${columns(`"${schema}"`)} WHERE e.stream_id = $1 AND e.type = $2 AND e.data @> jsonb_build_object('version', $3::int) ORDER BY e.position LIMIT 1`, [
    q.stream,
    q.type,
    q.version,
  ]);
  return rows[0] ? toLogRow(rows[0]) : null;
}

/**
 * The newest event of one of `types`, on `stream` when given, and whose data has `dataKey` = `dataValue`
 * when given (a grade is found by its submission id, whatever stream holds it); null when none.
 */
export async function lastEventOf(pool: pg.Pool, schema: string, q: { types: readonly string[]; stream?: string; dataKey?: string; dataValue?: string }): Promise<LogRow | null> {
  assertSchemaName(schema);
  const params: unknown[] = [q.types];
  const where = ['e.type = ANY($1::text[])'];
  if (q.stream !== undefined) where.push(`e.stream_id = $${params.push(q.stream)}`);
  // Containment, not data->>key = value: the GIN index on data (migration 2) answers it.
  if (q.dataKey !== undefined) where.push(`e.data @> jsonb_build_object($${params.push(q.dataKey)}::text, $${params.push(q.dataValue)}::text)`);
  const { rows } = await pool.query<Row>(`SELECT ${columns(`"${schema}"`)} WHERE ${where.join(' AND ')} ORDER BY e.position DESC LIMIT 1`, params);
  return rows[0] ? toLogRow(rows[0]) : null;
}

/**
 * The events appended by the same command before `row` (same correlation id, causation id, actor and
 * occurredAt: one command stamps one metadata on all its events), oldest first: what made it, when it
 * has no causation id of its own (SubmissionGraded and CapstonePassed come from one grading command).
 */
export async function sameCommandBefore(pool: pg.Pool, schema: string, row: LogRow): Promise<LogRow[]> {
  assertSchemaName(schema);
  const m = row.metadata;
  const { rows } = await pool.query<Row>(
    `SELECT ${columns(`"${schema}"`)} WHERE e.metadata->>'correlationId' = $1 AND e.position < $2
       AND e.metadata->>'occurredAt' = $3 AND (e.metadata->>'causationId') IS NOT DISTINCT FROM $4 AND (e.metadata->>'actorId') IS NOT DISTINCT FROM $5
     ORDER BY e.position LIMIT 20`,
    [m.correlationId, row.position, m.occurredAt, m.causationId ?? null, m.actorId ?? null],
  );
  return rows.map(toLogRow);
}

/** Events per UTC day and type since `from` (ISO instant), with one of the type's streams (to name its context). */
export async function eventCountsByDay(pool: pg.Pool, schema: string, from: string): Promise<Array<{ day: string; type: string; sampleStream: string; count: number }>> {
  assertSchemaName(schema);
  const { rows } = await pool.query<{ day: string; type: string; sample_stream: string; count: string }>(
    `SELECT to_char(date_trunc('day', e.recorded_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, e.type, min(e.stream_id) AS sample_stream, count(*) AS count
       FROM "${schema}".events e WHERE e.recorded_at >= $1::timestamptz GROUP BY 1, 2 ORDER BY 1, 2`,
    [from],
  );
  return rows.map((r) => ({ day: r.day, type: r.type, sampleStream: r.sample_stream, count: Number(r.count) }));
}

/**
 * Time travel (issue 16, ADR 0031): the log position a moment maps to, the end of the longest prefix
 * of the log recorded at or before `at` (ISO instant). recorded_at is the appender's clock, so it need not
 * grow with the position: a prefix, never "every event before `at`", keeps the answer a state the log
 * really passed through. 0 before the first event.
 */
export async function positionAt(pool: pg.Pool, schema: string, at: string): Promise<number> {
  assertSchemaName(schema);
  const { rows } = await pool.query<{ position: string }>(
    `SELECT coalesce((SELECT min(position) - 1 FROM "${schema}".events WHERE recorded_at > $1::timestamptz), (SELECT coalesce(max(position), 0) FROM "${schema}".events)) AS position`,
    [at],
  );
  return Number(rows[0].position);
}

/**
 * The streams starting with `prefix` that had an event of one of `types` (with data `dataKey` =
 * `dataValue` when given) at or before `upTo`, in order of their first such event: which streams a
 * past view folds.
 */
export async function streamsAsOf(pool: pg.Pool, schema: string, q: { prefix: string; types: readonly string[]; upTo: number; dataKey?: string; dataValue?: string }): Promise<string[]> {
  assertSchemaName(schema);
  const params: unknown[] = [q.prefix, q.types, q.upTo];
  const where = ['starts_with(e.stream_id, $1)', 'e.type = ANY($2::text[])', 'e.position <= $3'];
  // Containment, not data->>key = value: the GIN index on data (migration 2) answers it.
  if (q.dataKey !== undefined) where.push(`e.data @> jsonb_build_object($${params.push(q.dataKey)}::text, $${params.push(q.dataValue)}::text)`);
  const { rows } = await pool.query<{ stream_id: string }>(
    `SELECT e.stream_id FROM "${schema}".events e WHERE ${where.join(' AND ')} GROUP BY e.stream_id ORDER BY min(e.position)`,
    params,
  );
  return rows.map((r) => r.stream_id);
}
