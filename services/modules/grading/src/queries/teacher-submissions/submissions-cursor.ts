// The teacher Submissions' keyset cursor: the last row's submitted_at as Postgres prints it (µs, UTC)
// and its id, opaque to clients. Pure; unit-tested in submissions-cursor.unit.spec.ts.
import { isUuid } from '@academy/backend';

/** The keyset: the last row's submitted_at as Postgres prints it (µs, UTC) and its id. */
export interface SubmissionsCursor {
  at: string;
  id: string;
}

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Opaque to clients: base64url of the JSON [at, id]. */
export const encodeSubmissionsCursor = (c: SubmissionsCursor) => Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');

/** null: not a cursor this API gave out (undecodable, not a uuid, not a valid timestamp). */
export function decodeSubmissionsCursor(text: string): SubmissionsCursor | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [at, id] = value as unknown[];
  if (typeof at !== 'string' || typeof id !== 'string' || !isUuid(id) || !CURSOR_AT.test(at)) return null;
  // A real instant (not 2026-02-30): Postgres would answer an invalid one with an error, not a 400.
  const parsed = new Date(at.slice(0, 23) + 'Z');
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 19) !== at.slice(0, 19)) return null;
  return { at, id };
}
