// Evidence bundles (issue 16): the events of a range of the log as JSON lines, each with what its hash
// covers (the row AS STORED: personal data stays ciphertext, so a bundle carries no readable personal
// data and an erased subject's events still verify), the signed checkpoints that close the range, and
// a last line signing the digest of every byte before it. `verifyBundle` needs nothing but the file:
// no database, no API (`academy audit verify-bundle <file>`).
//
// Line 1   {"kind":"header","format":"academy-evidence/1","from","to","exportedAt","events","checkpoints"}
// Lines    {"kind":"event","position","streamVersion","prevHash","hash","body":{streamId,eventId,type,schemaVersion,data,personal,metadata,recordedAt}}
// Lines    {"kind":"checkpoint","checkpoint":<a signed checkpoint file>}
// Last     {"kind":"signature","digest":sha256 hex of the bytes before this line,"keyId","publicKey","signature":Ed25519 over the digest}
import { createHash, createPublicKey, sign, verify } from 'node:crypto';
import type pg from 'pg';
import { type HashedBody, chainHash, canonicalBody } from '../postgres/hash-chain.js';
import { assertSchemaName } from '../postgres/schema.js';
import { CHECKPOINT_FORMAT, type SignedCheckpoint, type SigningKey } from './checkpoint.js';
import { canonicalJson } from '../canonical.js';

export const EVIDENCE_FORMAT = 'academy-evidence/1';
/**
 * The most events one bundle holds (the range plus its extension to the closing checkpoint): the API
 * builds a bundle in memory, about 1 kB an event, so 20 000 keep one export near 20 MB.
 */
export const EVIDENCE_MAX_EVENTS = 20_000;

export interface EvidenceEvent {
  position: number;
  streamVersion: number;
  prevHash: string;
  hash: string;
  body: HashedBody;
}

export interface EvidenceRange {
  /** The first position asked for. */
  from: number;
  /** The last position in the bundle: the one asked for, or the nearest signed checkpoint after it. */
  to: number;
  events: EvidenceEvent[];
  checkpoints: SignedCheckpoint[];
}

/**
 * The events from `from` to `to` (clamped to the head), extended to the nearest signed checkpoint at
 * or after `to` when it is within EVIDENCE_MAX_EVENTS (so the whole range hashes into a signed head),
 * and the signed checkpoints inside, newest last. `checkpoints` are every signed checkpoint known
 * (the CheckpointSigned events' files).
 */
export async function evidenceRange(pool: pg.Pool, schema: string, from: number, to: number, checkpoints: SignedCheckpoint[]): Promise<EvidenceRange> {
  assertSchemaName(schema);
  const closing = checkpoints.filter((c) => c.position >= to && c.position - from < EVIDENCE_MAX_EVENTS).sort((a, b) => a.position - b.position)[0];
  const last = closing ? closing.position : to;
  const { rows } = await pool.query<{ position: string; stream_id: string; stream_version: number; event_id: string; type: string; schema_version: number; data: unknown; personal: unknown; metadata: unknown; recorded_at: string; prev_hash: string; hash: string }>(
    `SELECT position, stream_id, stream_version, event_id::text AS event_id, type, schema_version, data, personal, metadata,
            to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS recorded_at, prev_hash, hash
       FROM "${schema}".events WHERE position BETWEEN $1 AND $2 ORDER BY position`,
    [from, last],
  );
  const events = rows.map((r) => ({
    position: Number(r.position),
    streamVersion: r.stream_version,
    prevHash: r.prev_hash,
    hash: r.hash,
    body: { streamId: r.stream_id, eventId: r.event_id, type: r.type, schemaVersion: r.schema_version, data: r.data, personal: r.personal, metadata: r.metadata, recordedAt: r.recorded_at },
  }));
  const end = events.at(-1)?.position ?? from - 1;
  // Those the verifier can check: at from − 1 (the first event's previous hash) up to the last event.
  const inside = checkpoints.filter((c) => c.position >= from - 1 && c.position <= end).sort((a, b) => a.position - b.position);
  return { from, to: end, events, checkpoints: inside };
}

/** The bundle's text: JSON lines, the last one signing the digest of all before it. */
export function writeBundle(range: EvidenceRange, key: SigningKey, exportedAt: string): string {
  const lines = [
    canonicalJson({ kind: 'header', format: EVIDENCE_FORMAT, from: range.from, to: range.to, exportedAt, events: range.events.length, checkpoints: range.checkpoints.length }),
    ...range.events.map((e) => canonicalJson({ kind: 'event', ...e })),
    ...range.checkpoints.map((c) => canonicalJson({ kind: 'checkpoint', checkpoint: c })),
  ];
  const content = lines.map((l) => `${l}\n`).join('');
  const digest = createHash('sha256').update(content, 'utf8').digest('hex');
  const signature = sign(null, Buffer.from(digest, 'utf8'), key.privateKey).toString('base64');
  return `${content}${canonicalJson({ kind: 'signature', digest, keyId: key.keyId, publicKey: key.publicKeyRaw.toString('base64'), signature })}\n`;
}

/** The digest of a bundle's content (the same as its signature line names, when it is intact). */
export const bundleDigest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export type BundleVerdict =
  | { ok: true; from: number; to: number; events: number; checkpoints: number[]; keyId: string }
  /** `line`: the first line that fails (1-based); `item`: what it holds ('event at position 62', 'checkpoint at position 80', 'the header', 'the signature'). */
  | { ok: false; problem: string; line?: number; item?: string };

// SubjectPublicKeyInfo DER header of an Ed25519 public key; the 32 raw bytes follow it (RFC 8410).
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const keyIdOf = (raw: Buffer) => createHash('sha256').update(raw).digest('hex').slice(0, 16);

function signatureHolds(publicKeyB64: unknown, message: Buffer, signatureB64: unknown): { keyId: string } | null {
  if (typeof publicKeyB64 !== 'string' || typeof signatureB64 !== 'string') return null;
  const raw = Buffer.from(publicKeyB64, 'base64');
  // Canonical base64 only: a changed padding bit would otherwise decode to the same key or signature.
  if (raw.length !== 32 || raw.toString('base64') !== publicKeyB64 || Buffer.from(signatureB64, 'base64').toString('base64') !== signatureB64) return null;
  try {
    const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
    return verify(null, message, key, Buffer.from(signatureB64, 'base64')) ? { keyId: keyIdOf(raw) } : null;
  } catch {
    return null;
  }
}

/**
 * Checks a bundle with nothing but its bytes, line by line from the top, and names the FIRST line that
 * fails (issue 28): each event's hash recomputed from its body, then its link to the event before it
 * and its position; each checkpoint's own signature and that the chain passes through it; that a
 * signed checkpoint closes the chain at its last event (the proof these are the log's events, not
 * merely self-consistent ones); only then the signature line over every byte before it. The whole-file
 * digest comes last because it fails on ANY change and would hide which event was changed.
 * Trust comes from the key: anyone can sign a forged bundle with a key of their own, so pass the
 * academy's `publicKey` (base64), or compare the key id the verdict names with the academy's.
 * `publicKey`, when given, pins it: a bundle or checkpoint signed by any other fails.
 */
export function verifyBundle(bytes: Buffer, options: { publicKey?: string } = {}): BundleVerdict {
  const text = bytes.toString('utf8');
  if (!text.endsWith('\n')) return { ok: false, problem: 'the bundle is cut short (no final newline)' };
  const lines = text.slice(0, -1).split('\n');
  const last = lines.length;
  const fail = (line: number, item: string | undefined, problem: string): BundleVerdict => ({ ok: false, problem, line, ...(item ? { item } : {}) });
  if (last < 2) return fail(last, undefined, 'the last line is not the signature');

  const header = jsonLine(lines[0]);
  if (!header) return fail(1, 'the header', 'not JSON: the line was changed');
  if (header.kind !== 'header' || header.format !== EVIDENCE_FORMAT) return fail(1, 'the header', `not an evidence bundle (format ${EVIDENCE_FORMAT})`);

  let before: EvidenceEvent | undefined;
  let events = 0;
  let checkpoints = 0;
  const hashAt = new Map<number, string>();
  const through: number[] = [];
  for (let n = 2; n < last; n++) {
    const row = jsonLine(lines[n - 1]);
    if (!row) return fail(n, undefined, 'not JSON: the line was changed');
    if (row.kind === 'event') {
      const e = row as unknown as EvidenceEvent;
      const item = `event at position ${e.position}`;
      if (checkpoints) return fail(n, item, 'an event after the checkpoints');
      // Its own hash first: a changed byte of an event is named as that event's, whatever follows.
      if (chainHash(e.prevHash, e.position, e.streamVersion, canonicalBody(e.body)) !== e.hash) return fail(n, item, 'its hash does not match its content');
      if (before && e.prevHash !== before.hash) return fail(n, item, `its previous hash is not the hash of the event before it (position ${before.position}): an event was removed, added or moved`);
      const expected = before ? before.position + 1 : Number(header.from);
      if (e.position !== expected) return fail(n, item, `expected the event at position ${expected} here`);
      if (!before) hashAt.set(e.position - 1, e.prevHash);
      hashAt.set(e.position, e.hash);
      before = e;
      events++;
    } else if (row.kind === 'checkpoint' && isRecord(row.checkpoint)) {
      const c = row.checkpoint as unknown as SignedCheckpoint;
      const item = `checkpoint at position ${c.position}`;
      const message = Buffer.from(canonicalJson({ format: c.format, position: c.position, headHash: c.headHash, at: c.at, keyId: c.keyId }), 'utf8');
      const holds = c.format === CHECKPOINT_FORMAT && signatureHolds(c.publicKey, message, c.signature);
      if (!holds || holds.keyId !== c.keyId) return fail(n, item, 'its signature does not match');
      if (options.publicKey !== undefined && c.publicKey !== options.publicKey) return fail(n, item, `signed by another key (${holds.keyId}), not the one given`);
      if (hashAt.get(c.position) !== c.headHash) return fail(n, item, 'the chain does not pass through it');
      through.push(c.position);
      checkpoints++;
    } else {
      return fail(n, undefined, `unknown line kind ${JSON.stringify(row.kind)}`);
    }
  }
  if (header.events !== events || header.checkpoints !== checkpoints) return fail(1, 'the header', 'the header counts other lines than the bundle holds');
  if (before && before.position !== header.to) return fail(1, 'the header', 'the header names another range than the events');
  // A checkpoint at the last event vouches for every event before it through the chain.
  if (!before || !through.includes(before.position)) return { ok: false, problem: 'no signed checkpoint closes the range: the events are self-consistent, not proven to be the log\'s (sign a checkpoint, then export again)' };

  // Every line holds on its own: now the signature over the whole file (what catches a changed header or signature line).
  const signatureLine = jsonLine(lines[last - 1]);
  if (!signatureLine) return fail(last, 'the signature', 'the last line is not JSON');
  if (signatureLine.kind !== 'signature') return fail(last, 'the signature', 'the last line is not the signature');
  // The digest of the bytes as they are, not of the decoded text: bytes that are not UTF-8 decode to U+FFFD.
  const content = bytes.subarray(0, bytes.lastIndexOf(0x0a, bytes.length - 2) + 1);
  if (createHash('sha256').update(content).digest('hex') !== signatureLine.digest) {
    return fail(last, 'the signature', 'the content does not match the signed digest: the bundle was changed');
  }
  const signed = signatureHolds(signatureLine.publicKey, Buffer.from(String(signatureLine.digest), 'utf8'), signatureLine.signature);
  if (!signed || signed.keyId !== signatureLine.keyId) return fail(last, 'the signature', 'the signature does not match the digest');
  if (options.publicKey !== undefined && options.publicKey !== signatureLine.publicKey) return fail(last, 'the signature', `signed by another key (${signed.keyId}), not the one given`);
  return { ok: true, from: Number(header.from), to: Number(header.to), events, checkpoints: through, keyId: signed.keyId };
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** One line as a JSON object, or null when it is not one (a changed byte can break the JSON itself). */
function jsonLine(line: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(line);
    return isRecord(v) ? v : null;
  } catch {
    return null;
  }
}
