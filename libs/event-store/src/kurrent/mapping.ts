// Pure mapping between the port's events and KurrentDB records (ADR 0032). No I/O: unit-tested.
//
// One KurrentDB stream, the log, holds every event of every port stream in order: revision r is
// port position r + 1 (dense, 1-based, as the port promises). The record's data is the event AS
// STORED (the body the hash chain covers, personal data sealed); its metadata carries the chain
// link, which is only known once the position is.
import { jsonEvent, type EventData, type JSONType, type RecordedEvent } from '@eventstore/db-client';
import { ErrorType } from '@eventstore/db-client';
import type { ChainLink } from '../core/verify-chain.js';
import type { LogRecord } from '../core/decode.js';
import type { SealedPersonal } from '../crypto/personal-data.js';
import type { EventMetadata } from '../port.js';
import type { HashedBody } from '../postgres/hash-chain.js';

/** The chain link and the port's coordinates, in the record's metadata. */
export interface LinkMetadata {
  position: number;
  streamVersion: number;
  prevHash: string;
  hash: string;
  /** KurrentDB's conventional correlation header, so its $by_correlation_id projection works. */
  $correlationId?: string;
}

/** The log revision that holds `position`. */
export function revisionOf(position: number): bigint {
  if (!Number.isSafeInteger(position) || position < 1) throw new RangeError(`not a log position: ${position}`);
  return BigInt(position - 1);
}

/** The port position of the record at log `revision`. */
export function positionOf(revision: bigint): number {
  const p = Number(revision) + 1;
  if (!Number.isSafeInteger(p)) throw new RangeError(`log revision ${revision} is past the port's positions`);
  return p;
}

/**
 * The expected revision of the log for an append made on top of `head` (the last position this
 * process has seen): the log's optimistic lock, KurrentDB's answer to the Postgres append lock.
 */
export function expectedLogRevision(head: number): 'no_stream' | bigint {
  return head === 0 ? 'no_stream' : revisionOf(head);
}

export function toEventData(link: ChainLink): EventData {
  const metadata: LinkMetadata = { position: link.position, streamVersion: link.streamVersion, prevHash: link.prevHash, hash: link.hash };
  const correlationId = (link.body.metadata as EventMetadata | null)?.correlationId;
  if (typeof correlationId === 'string') metadata.$correlationId = correlationId;
  return jsonEvent({ id: link.body.eventId, type: link.body.type, data: link.body as unknown as JSONType, metadata: metadata as unknown as JSONType });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A record of the log that does not have the shape this adapter writes (another writer, or damage). */
export class ForeignRecordError extends Error {
  override readonly name = 'ForeignRecordError';
  constructor(
    readonly position: number,
    reason: string,
  ) {
    super(`log record at position ${position} is not an academy event: ${reason}`);
  }
}

/**
 * Reads a log record back. The position comes from the record's revision (the server's order);
 * the one in its metadata is the one the hash covers, so a record copied elsewhere fails verify().
 */
export function fromRecorded(event: RecordedEvent): LogRecord {
  const position = positionOf(event.revision);
  if (!event.isJson) throw new ForeignRecordError(position, 'not JSON');
  const body = event.data as unknown;
  const meta = event.metadata as unknown;
  if (!isObject(body) || !isObject(meta)) throw new ForeignRecordError(position, 'data or metadata is not an object');
  const need = (ok: boolean, what: string) => {
    if (!ok) throw new ForeignRecordError(position, what);
  };
  need(typeof body.streamId === 'string', 'data.streamId is not a string');
  need(typeof body.eventId === 'string', 'data.eventId is not a string');
  need(typeof body.type === 'string', 'data.type is not a string');
  need(Number.isInteger(body.schemaVersion), 'data.schemaVersion is not an integer');
  need(typeof body.recordedAt === 'string', 'data.recordedAt is not a string');
  need(isObject(body.metadata), 'data.metadata is not an object');
  need(body.personal === null || isObject(body.personal), 'data.personal is neither null nor an object');
  need(Number.isInteger(meta.streamVersion) && (meta.streamVersion as number) >= 1, 'metadata.streamVersion is not a version');
  need(typeof meta.prevHash === 'string' && typeof meta.hash === 'string', 'metadata lacks the chain link');
  const hashed: HashedBody = {
    streamId: body.streamId as string,
    eventId: body.eventId as string,
    type: body.type as string,
    schemaVersion: body.schemaVersion as number,
    data: body.data === undefined ? null : body.data,
    personal: (body.personal ?? null) as SealedPersonal | null,
    metadata: body.metadata,
    recordedAt: body.recordedAt as string,
  };
  return {
    position,
    streamId: hashed.streamId,
    streamVersion: meta.streamVersion as number,
    eventId: hashed.eventId,
    type: hashed.type,
    schemaVersion: hashed.schemaVersion,
    data: hashed.data,
    personal: hashed.personal as SealedPersonal | null,
    metadata: hashed.metadata as EventMetadata,
    recordedAt: hashed.recordedAt,
    hash: meta.hash as string,
    prevHash: meta.prevHash as string,
    body: hashed,
  };
}

/** KurrentDB could not be reached (or is electing a leader): transient, retry or answer 503. */
export class EventStoreUnavailableError extends Error {
  override readonly name = 'EventStoreUnavailableError';
}

const UNAVAILABLE: readonly string[] = [ErrorType.UNAVAILABLE, ErrorType.DEADLINE_EXCEEDED, ErrorType.TIMEOUT, ErrorType.NOT_LEADER, ErrorType.CANCELLED];

/**
 * The client's errors as the rest of the system knows them: an outage becomes
 * EventStoreUnavailableError (its message says "connection error", which the projection runner
 * and the consumers treat as transient); anything else is passed through unchanged.
 */
export function mapClientError(error: unknown): unknown {
  const type = isObject(error) ? (error as { type?: unknown }).type : undefined;
  if (typeof type === 'string' && UNAVAILABLE.includes(type)) {
    return new EventStoreUnavailableError(`KurrentDB connection error (${type}): ${(error as { message?: string }).message ?? ''}`, { cause: error });
  }
  return error;
}

/** True for the client's "the log has moved past the revision we expected". */
export function isWrongExpectedVersion(error: unknown): boolean {
  return isObject(error) && (error as { type?: unknown }).type === ErrorType.WRONG_EXPECTED_VERSION;
}

/** True for reading a log that has no events yet. */
export function isStreamNotFound(error: unknown): boolean {
  return isObject(error) && (error as { type?: unknown }).type === ErrorType.STREAM_NOT_FOUND;
}
