// What every adapter does to an append before any I/O on the log (the port's shared core): checks
// the input, refuses unstorable text and events that do not fit their published schema, seals
// personal data under the subject's key, and builds the canonical bodies the hash chain covers.
import { randomUUID } from 'node:crypto';
import { findUnstorable } from '@academy/contracts';
import { sealPersonal } from '../crypto/personal-data.js';
import { InvalidEventError, UnstorableEventError, type EventMetadata, type EventSchemas, type ExpectedVersion, type NewEvent, type StreamAppend } from '../port.js';
import { canonicalBody, type HashedBody } from '../postgres/hash-chain.js';
import type { SubjectKeys } from './subject-keys.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface PreparedAppend {
  streamId: string;
  /** null for 'any'. */
  expected: number | null;
  ids: string[];
  /** The events as stored (personal data sealed), one per event. */
  bodies: HashedBody[];
  /** canonicalBody(bodies[i]): the text the chain hashes. */
  canonical: string[];
}

/** Microsecond ISO form of now: what timestamptz stores and what the hash covers. */
export function nowMicros(): string {
  return new Date().toISOString().replace(/Z$/, '000Z');
}

function checkMetadata(m: EventMetadata | undefined, type: string): EventMetadata {
  if (!m || typeof m !== 'object') throw new TypeError(`event ${type}: metadata is required`);
  if (typeof m.correlationId !== 'string' || m.correlationId === '') throw new TypeError(`event ${type}: metadata.correlationId is required`);
  if (typeof m.occurredAt !== 'string' || Number.isNaN(Date.parse(m.occurredAt))) {
    throw new TypeError(`event ${type}: metadata.occurredAt must be an ISO-8601 instant`);
  }
  return { ...m, actorId: m.actorId ?? null, actorRole: m.actorRole ?? null, causationId: m.causationId ?? null };
}

/** The text rule of libs/contracts over everything an append would store, before any I/O. */
function refuseUnstorable(streamId: string, events: NewEvent[]): void {
  const bad = findUnstorable(streamId, 1)[0];
  if (bad) throw new UnstorableEventError(streamId, '', 'streamId', bad.message);
  for (const e of events) {
    const parts: [string, unknown][] = [
      ['type', e.type],
      ['data', e.data],
      ['metadata', e.metadata],
      ['personal', e.personal ?? null],
    ];
    for (const [name, value] of parts) {
      const place = findUnstorable(value, 1)[0];
      if (place) throw new UnstorableEventError(streamId, String(e.type), [name, ...place.path].join('.'), place.message);
    }
  }
}

export interface PrepareDeps {
  keys: SubjectKeys;
  schemas?: EventSchemas;
}

/** Checks one append and builds its canonical bodies (what is hashed is what is stored). */
export async function prepareAppend(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion, deps: PrepareDeps): Promise<PreparedAppend> {
  if (typeof streamId !== 'string' || streamId === '') throw new TypeError('streamId must be a non-empty string');
  if (!Array.isArray(events) || events.length === 0) throw new TypeError(`append to ${streamId}: no events`);
  if (expectedVersion !== 'any' && !(Number.isInteger(expectedVersion) && expectedVersion >= 0)) {
    throw new TypeError(`append to ${streamId}: expectedVersion must be an integer ≥ 0 or 'any'`);
  }
  const ids = events.map((e) => (e.id ?? randomUUID()).toLowerCase());
  for (const id of ids) if (!UUID.test(id)) throw new TypeError(`append to ${streamId}: event id ${id} is not a uuid`);
  if (new Set(ids).size !== ids.length) throw new TypeError(`append to ${streamId}: the same event id twice in one append`);
  refuseUnstorable(streamId, events);
  const versions = events.map((e) => {
    if (typeof e.type !== 'string' || e.type === '') throw new TypeError(`append to ${streamId}: event type is required`);
    const v = e.schemaVersion ?? 1;
    if (!Number.isInteger(v) || v < 1) throw new TypeError(`event ${e.type}: schemaVersion must be an integer ≥ 1`);
    if (!deps.schemas) return v;
    // A published event is checked against the schema of the version producers write, and stored as that version.
    const checked = deps.schemas.check({ type: e.type, schemaVersion: e.schemaVersion, data: e.data, personal: e.personal?.data ?? null });
    if (!checked.ok) throw new InvalidEventError(streamId, e.type, checked.reason);
    return checked.schemaVersion ?? v;
  });

  const keys = await deps.keys.forWrite(events);
  const recordedAt = nowMicros();
  const bodies = events.map(
    (e, i): HashedBody => ({
      streamId,
      eventId: ids[i],
      type: e.type,
      schemaVersion: versions[i],
      data: e.data === undefined ? null : e.data,
      personal: e.personal ? sealPersonal(keys.get(e.personal.subjectId)!, ids[i], e.personal.subjectId, e.personal.data) : null,
      metadata: checkMetadata(e.metadata, e.type),
      recordedAt,
    }),
  );
  return { streamId, expected: expectedVersion === 'any' ? null : expectedVersion, ids, bodies, canonical: bodies.map(canonicalBody) };
}

/** appendMany's checks of the batch as a whole, then each append's, in the order given. */
export async function prepareBatch(appends: StreamAppend[], deps: PrepareDeps): Promise<PreparedAppend[]> {
  if (!Array.isArray(appends) || appends.length === 0) throw new TypeError('appendMany: no appends');
  if (new Set(appends.map((a) => a.streamId)).size !== appends.length) throw new TypeError('appendMany: the same stream twice');
  const group: PreparedAppend[] = [];
  for (const a of appends) group.push(await prepareAppend(a.streamId, a.events, a.expectedVersion, deps));
  return group;
}
