// From an event as stored to the port's StoredEvent (shared core): opens personal data with the
// subject's key (or marks it erased) and upcasts old schema versions.
import { createSecretKey, type KeyObject } from 'node:crypto';
import { openPersonal, type SealedPersonal } from '../crypto/personal-data.js';
import type { EventMetadata, StoredEvent, Upcasters } from '../port.js';
import type { SubjectKeys } from './subject-keys.js';
import type { ChainLink } from './verify-chain.js';

export interface StoredRecord {
  position: number;
  streamId: string;
  streamVersion: number;
  eventId: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  personal: SealedPersonal | null;
  metadata: EventMetadata;
  recordedAt: string;
  hash: string;
  /**
   * Where an adapter that hands the same stored row to several readers (the PostgreSQL store's
   * subscriptions, ADR 0035) lets them share the opened personal part: it is opened once, and only
   * used by a read that found the subject's key itself (an erased subject reads as erased).
   */
  opened?: { personal?: Record<string, unknown> };
}

/** An event as an adapter reads it from its log: what decoding needs, and the link verify() checks. */
export type LogRecord = StoredRecord & ChainLink;

export async function decodeRecords(records: StoredRecord[], keys: SubjectKeys, upcasters: Upcasters): Promise<StoredEvent[]> {
  const open = await keys.forRead(records.flatMap((r) => (r.personal ? [r.personal.subjectId] : [])));
  // One KeyObject per subject of the read, not one per event (createDecipheriv makes one from a Buffer each call).
  const prepared = new Map<string, KeyObject>();
  return records.map((r) => {
    let personal: StoredEvent['personal'] = null;
    let erased = false;
    if (r.personal) {
      const raw = open.get(r.personal.subjectId);
      if (!raw) erased = true;
      else {
        let data = r.opened?.personal;
        if (!data) {
          let key = prepared.get(r.personal.subjectId);
          // Outside the try below: a key wrapped by another master key says so itself.
          if (!key) prepared.set(r.personal.subjectId, (key = createSecretKey(raw())));
          try {
            data = openPersonal(key, r.eventId, r.personal);
          } catch {
            // Not "erased": a key that exists but does not open the box means the event was altered.
            throw new Error(`event at position ${r.position}: personal data does not decrypt (the row was altered); run verify()`);
          }
          if (r.opened) r.opened.personal = data;
        }
        personal = { subjectId: r.personal.subjectId, data };
      }
    }
    let data: unknown = r.data;
    let version = r.schemaVersion;
    const up = upcasters[r.type];
    while (up?.[version]) data = up[version++](data);
    return {
      position: r.position,
      streamId: r.streamId,
      streamVersion: r.streamVersion,
      id: r.eventId,
      type: r.type,
      schemaVersion: version,
      data,
      personal,
      erased,
      metadata: r.metadata,
      recordedAt: r.recordedAt,
      hash: r.hash,
    };
  });
}
