import { randomUUID } from 'node:crypto';
import { StreamNotFoundError, UnavailableError, WrongExpectedVersionError, type JSONType, type RecordedEvent } from '@eventstore/db-client';
import type { ChainLink } from '../core/verify-chain.js';
import { isTransientError } from '../projections/failure.js';
import { isDatabaseUnavailable } from '../postgres/connection-errors.js';
import { canonicalBody, type HashedBody } from '../postgres/hash-chain.js';
import {
  EventStoreUnavailableError,
  expectedLogRevision,
  ForeignRecordError,
  fromRecorded,
  isStreamNotFound,
  isWrongExpectedVersion,
  mapClientError,
  positionOf,
  revisionOf,
  toEventData,
} from './mapping.js';

const body: HashedBody = {
  streamId: 'user-7',
  eventId: randomUUID(),
  type: 'ApplicationSubmitted',
  schemaVersion: 2,
  data: { program: 'web', weeks: [1, 2], '10': 'a', '2': 'b' },
  personal: { subjectId: 's-1', alg: 'aes-256-gcm', iv: 'aXY=', tag: 'dGFn', ct: 'Y3Q=' },
  metadata: { actorId: 'u-1', actorRole: 'admin', correlationId: 'corr-1', causationId: null, occurredAt: '2026-01-02T03:04:05.678Z' },
  recordedAt: '2026-01-02T03:04:05.678901Z',
};
const link: ChainLink = { position: 42, streamVersion: 3, prevHash: 'a'.repeat(64), hash: 'b'.repeat(64), body };

/** What the server hands back for what we wrote: JSON through the wire, the revision it was given. */
function recorded(data: unknown, metadata: unknown, revision: bigint, isJson = true): RecordedEvent {
  return {
    streamId: 'academy-log',
    id: body.eventId,
    isJson,
    revision,
    type: body.type,
    created: new Date(),
    data: JSON.parse(JSON.stringify(data)) as JSONType,
    metadata: JSON.parse(JSON.stringify(metadata)) as JSONType,
  } as RecordedEvent;
}

describe('KurrentDB mapping', () => {
  it('maps positions to log revisions and back (position n is revision n - 1), and the expected revision of an append', () => {
    expect(revisionOf(1)).toBe(0n);
    expect(positionOf(41n)).toBe(42);
    expect(positionOf(revisionOf(9_007_199_254_740_991))).toBe(9_007_199_254_740_991);
    expect(() => revisionOf(0)).toThrow(RangeError);
    expect(() => revisionOf(1.5)).toThrow(RangeError);
    expect(() => positionOf(2n ** 60n)).toThrow(/past the port's positions/);
    expect(expectedLogRevision(0)).toBe('no_stream');
    expect(expectedLogRevision(5)).toBe(4n);
  });

  it('writes the event as stored in data and the chain link in metadata, under the event id and type', () => {
    const data = toEventData(link);
    expect(data).toMatchObject({ id: body.eventId, type: body.type, contentType: 'application/json', data: body });
    expect(data.metadata).toEqual({ position: 42, streamVersion: 3, prevHash: link.prevHash, hash: link.hash, $correlationId: 'corr-1' });
  });

  it('reads a record back to the same body, so its canonical text (what the hash covers) is unchanged', () => {
    const written = toEventData(link);
    const back = fromRecorded(recorded(written.data, written.metadata, 41n));
    expect(back).toMatchObject({ position: 42, streamId: 'user-7', streamVersion: 3, eventId: body.eventId, type: body.type, schemaVersion: 2, hash: link.hash, prevHash: link.prevHash });
    expect(back.personal).toEqual(body.personal);
    expect(back.metadata).toEqual(body.metadata);
    expect(back.recordedAt).toBe(body.recordedAt);
    expect(canonicalBody(back.body)).toBe(canonicalBody(body));
  });

  it('takes the position from the server\'s revision, not from the metadata (a record moved elsewhere then fails verify)', () => {
    const written = toEventData(link);
    expect(fromRecorded(recorded(written.data, written.metadata, 99n)).position).toBe(100);
  });

  it('refuses records this adapter did not write', () => {
    const written = toEventData(link);
    expect(() => fromRecorded(recorded(written.data, written.metadata, 0n, false))).toThrow(ForeignRecordError);
    expect(() => fromRecorded(recorded({ hello: 1 }, written.metadata, 0n))).toThrow(/data.streamId/);
    expect(() => fromRecorded(recorded(written.data, { position: 1 }, 0n))).toThrow(/metadata.streamVersion/);
    expect(() => fromRecorded(recorded(written.data, { streamVersion: 1 }, 0n))).toThrow(/chain link/);
  });

  it('maps an outage to EventStoreUnavailableError, which the runners and the API treat as transient; passes the rest through', () => {
    const outage = mapClientError(new UnavailableError(undefined, 'no leader'));
    expect(outage).toBeInstanceOf(EventStoreUnavailableError);
    expect(isTransientError(outage)).toBe(true);
    expect(isDatabaseUnavailable(outage)).toBe(true);
    const other = new Error('bug');
    expect(mapClientError(other)).toBe(other);
    expect(isTransientError(mapClientError(other))).toBe(false);
  });

  it('recognises the log having moved and the log not existing yet', () => {
    const moved = new WrongExpectedVersionError(undefined, { streamName: 'academy-log', expected: 4n, current: 5n });
    expect(isWrongExpectedVersion(moved)).toBe(true);
    expect(isWrongExpectedVersion(new Error('x'))).toBe(false);
    expect(isStreamNotFound(new StreamNotFoundError(undefined, 'academy-log'))).toBe(true);
    expect(isStreamNotFound(moved)).toBe(false);
    expect(mapClientError(moved)).toBe(moved);
  });
});
