// The events table as the PostgreSQL adapter reads it: the columns (recorded_at in the microsecond
// form the hash covers), a row's type, and a row as the shared core's record (decoding and verify()).
import type { JsonValue } from '../canonical.js';
import type { LogRecord, StoredRecord } from '../core/decode.js';
import type { SealedPersonal } from '../crypto/personal-data.js';
import type { EventMetadata } from '../port.js';
import type { HashedBody } from './hash-chain.js';

export const EVENT_COLUMNS = `position, stream_id, stream_version, event_id::text AS event_id, type, schema_version, data, personal, metadata,
  to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS recorded_at, prev_hash, hash`;

export interface EventRow {
  /** The opened personal part, shared by the subscriptions that read this row (shared-batches.ts). */
  opened?: { personal?: Record<string, unknown> };
  position: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: JsonValue;
  personal: SealedPersonal | null;
  metadata: EventMetadata;
  recorded_at: string;
  prev_hash: string;
  hash: string;
}

/** The row's columns as the chain hashes them (hash-chain.ts). */
export function hashedBody(r: EventRow): HashedBody {
  return {
    streamId: r.stream_id,
    eventId: r.event_id,
    type: r.type,
    schemaVersion: r.schema_version,
    data: r.data,
    personal: r.personal,
    metadata: r.metadata,
    recordedAt: r.recorded_at,
  };
}

/** `opened`: where readers sharing this row keep its opened personal part (decode.ts). */
export function toLogRecord(r: EventRow, opened?: StoredRecord['opened']): LogRecord {
  const body = hashedBody(r);
  return {
    ...body,
    personal: r.personal,
    metadata: r.metadata,
    position: Number(r.position),
    streamVersion: r.stream_version,
    prevHash: r.prev_hash,
    hash: r.hash,
    body,
    opened,
  };
}
