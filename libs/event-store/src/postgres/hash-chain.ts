// hash(n) = sha256( prev_hash ‖ "\n" ‖ position ‖ "\n" ‖ stream_version ‖ "\n" ‖ canonical(body) ), hex.
// body = every other column AS STORED (personal data in its encrypted form, so erasing a key leaves
// the chain intact). The three header fields are only known under the append lock, so the SQL
// function appends them (schema.ts); this file is the same formula for verify() and outside tools.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical.js';

export interface HashedBody {
  streamId: string;
  eventId: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  personal: unknown;
  metadata: unknown;
  /** UTC, microseconds: `YYYY-MM-DDTHH:MM:SS.ffffffZ` (timestamptz's precision, so no change hides in rounding). */
  recordedAt: string;
}

export function canonicalBody(body: HashedBody): string {
  return canonicalJson(body);
}

export function chainHash(prevHash: string, position: number, streamVersion: number, canonical: string): string {
  return createHash('sha256').update(`${prevHash}\n${position}\n${streamVersion}\n${canonical}`, 'utf8').digest('hex');
}
