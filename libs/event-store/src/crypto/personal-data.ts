// Crypto-shredding (ADR 0003): personal data is sealed with AES-256-GCM under a random data key per
// data subject; the data keys are stored wrapped (AES-256-GCM) by the master key, which never enters
// the database. Destroying a subject's wrapped key makes every copy of their ciphertext unreadable.
import { createCipheriv, createDecipheriv, createHash, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';

const ALG = 'aes-256-gcm';

/** What an event's `personal` column holds: no plaintext, only the subject id and the sealed box. */
export interface SealedPersonal {
  subjectId: string;
  alg: typeof ALG;
  iv: string;
  tag: string;
  ct: string;
}

export interface WrappedKey {
  /** iv(12) ‖ tag(16) ‖ ciphertext(32) */
  wrapped: Buffer;
  /** Which master key wrapped it (see masterKeyId): a wrong master key is named, not a garbled read. */
  kekId: string;
}

export function assertMasterKey(key: Buffer): void {
  if (!Buffer.isBuffer(key) || key.length !== 32) throw new Error('the master key must be 32 bytes (AES-256)');
}

// Per master key Buffer: its fingerprint and its KeyObject. A read unwraps a key per subject of its batch
// (hundreds per replay batch, per runner): a SHA-256 and a KeyObject made for each were a third of it.
const masterKeys = new WeakMap<Buffer, { id: string; key: KeyObject; bytes: string }>();
function master(masterKey: Buffer): { id: string; key: KeyObject } {
  const bytes = masterKey.toString('hex');
  let m = masterKeys.get(masterKey);
  // Checked against the bytes it was made from: a caller that refills its Buffer gets a new entry.
  if (!m || m.bytes !== bytes) {
    m = { id: createHash('sha256').update('academy-kek-id\0').update(masterKey).digest('hex').slice(0, 16), key: createSecretKey(masterKey), bytes };
    masterKeys.set(masterKey, m);
  }
  return m;
}

/** A short public fingerprint of the master key (never the key itself). */
export function masterKeyId(masterKey: Buffer): string {
  return master(masterKey).id;
}

export function newDataKey(): Buffer {
  return randomBytes(32);
}

function seal(key: Buffer, plaintext: Buffer, aad: string): { iv: Buffer; tag: Buffer; ct: Buffer } {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALG, key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ct };
}

function open(key: Buffer | KeyObject, iv: Buffer, tag: Buffer, ct: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv(ALG, key, iv);
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ct), decipher.final()]);
}

/** The subject id is bound as AAD: a wrapped key copied onto another subject does not open. */
export function wrapDataKey(masterKey: Buffer, subjectId: string, dataKey: Buffer): WrappedKey {
  const { iv, tag, ct } = seal(masterKey, dataKey, `subject-key\0${subjectId}`);
  return { wrapped: Buffer.concat([iv, tag, ct]), kekId: masterKeyId(masterKey) };
}

export function unwrapDataKey(masterKey: Buffer, subjectId: string, key: WrappedKey): Buffer {
  const m = master(masterKey);
  if (key.kekId !== m.id) {
    throw new Error(`the key of subject ${subjectId} was wrapped by master key ${key.kekId}, not by the configured one (${m.id})`);
  }
  const w = key.wrapped;
  return open(m.key, w.subarray(0, 12), w.subarray(12, 28), w.subarray(28), `subject-key\0${subjectId}`);
}

/** The event id is bound as AAD: ciphertext moved onto another event does not open. */
export function sealPersonal(dataKey: Buffer, eventId: string, subjectId: string, data: unknown): SealedPersonal {
  const { iv, tag, ct } = seal(dataKey, Buffer.from(JSON.stringify(data), 'utf8'), `${eventId}\0${subjectId}`);
  return { subjectId, alg: ALG, iv: iv.toString('base64'), tag: tag.toString('base64'), ct: ct.toString('base64') };
}

/**
 * `dataKey` may be a KeyObject (createSecretKey): a raw Buffer is turned into one inside every
 * createDecipheriv, which was most of a replay's decryption time (ADR 0035); decode makes one per subject and read.
 */
export function openPersonal(dataKey: Buffer | KeyObject, eventId: string, sealed: SealedPersonal): Record<string, unknown> {
  const plain = open(
    dataKey,
    Buffer.from(sealed.iv, 'base64'),
    Buffer.from(sealed.tag, 'base64'),
    Buffer.from(sealed.ct, 'base64'),
    `${eventId}\0${sealed.subjectId}`,
  );
  return JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
}
