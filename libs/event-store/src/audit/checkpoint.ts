// Signed checkpoints of the hash chain (issue 16): (position, head hash, time) signed with an Ed25519
// key that is NOT in the database. A history rewritten together with its hashes still verifies as a
// chain; it no longer passes through a checkpoint signed before the rewrite, and nobody holding only
// the database can sign a new one.
import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { canonicalJson } from '../canonical.js';
import { loadKeyBytes, type LoadMasterKeyOptions } from '../crypto/master-key.js';
import type { ChainHead } from '../port.js';

export const SIGNING_KEY_ENV = 'AUDIT_SIGNING_KEY';
export const CHECKPOINT_FORMAT = 'academy-checkpoint/1';

export interface SignedCheckpoint {
  format: typeof CHECKPOINT_FORMAT;
  position: number;
  headHash: string;
  /** ISO instant the checkpoint was signed. */
  at: string;
  /** First 16 hex digits of sha256(raw public key): which key signed it. */
  keyId: string;
  /** The signer's raw Ed25519 public key (base64), for reading the file offline; trust comes from the key you hold, not this copy. */
  publicKey: string;
  /** Ed25519 over canonicalJson({format, position, headHash, at, keyId}), base64. */
  signature: string;
}

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  keyId: string;
  publicKeyRaw: Buffer;
}

// PKCS#8 DER header of an Ed25519 private key; the 32-byte seed follows it (RFC 8410).
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The Ed25519 key of a 32-byte seed. */
export function signingKeyFromSeed(seed: Buffer): SigningKey {
  if (seed.length !== 32) throw new Error('an Ed25519 seed is 32 bytes');
  const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey);
  const publicKeyRaw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  return { privateKey, publicKey, publicKeyRaw, keyId: createHash('sha256').update(publicKeyRaw).digest('hex').slice(0, 16) };
}

/**
 * AUDIT_SIGNING_KEY (base64 of a 32-byte seed: openssl rand -base64 32) when set; otherwise, outside
 * production, a seed generated once into `<dataDir>/audit-signing.key` (mode 600); in production, an error.
 */
export function loadSigningKey(options: LoadMasterKeyOptions): SigningKey {
  return signingKeyFromSeed(
    loadKeyBytes(options, {
      envName: SIGNING_KEY_ENV,
      fileName: 'audit-signing.key',
      missingInProduction: `${SIGNING_KEY_ENV} is not set: in production the audit checkpoints' Ed25519 key must come from the environment (base64 of a 32-byte seed, e.g. openssl rand -base64 32), kept apart from the database`,
    }),
  );
}

const signedPart = (c: Pick<SignedCheckpoint, 'format' | 'position' | 'headHash' | 'at' | 'keyId'>) =>
  Buffer.from(canonicalJson({ format: c.format, position: c.position, headHash: c.headHash, at: c.at, keyId: c.keyId }), 'utf8');

export function signCheckpoint(key: SigningKey, head: ChainHead, at: string): SignedCheckpoint {
  const unsigned = { format: CHECKPOINT_FORMAT, position: head.position, headHash: head.hash, at, keyId: key.keyId } as const;
  return { ...unsigned, publicKey: key.publicKeyRaw.toString('base64'), signature: sign(null, signedPart(unsigned), key.privateKey).toString('base64') };
}

/** Null when `value` is a checkpoint signed by `key`; otherwise why not. */
export function checkpointProblem(key: SigningKey, value: unknown): string | null {
  const c = value as Partial<SignedCheckpoint> | null;
  if (!c || typeof c !== 'object' || c.format !== CHECKPOINT_FORMAT) return `not a checkpoint (format ${CHECKPOINT_FORMAT})`;
  if (!Number.isSafeInteger(c.position) || c.position! < 1 || typeof c.headHash !== 'string' || !/^[0-9a-f]{64}$/.test(c.headHash) || typeof c.at !== 'string' || typeof c.signature !== 'string') {
    return 'the checkpoint is incomplete';
  }
  if (c.keyId !== key.keyId) return `signed by another key (${String(c.keyId)}), not this academy's (${key.keyId})`;
  const ok = verify(null, signedPart(c as SignedCheckpoint), key.publicKey, Buffer.from(c.signature, 'base64'));
  return ok ? null : 'the signature does not match: the checkpoint was altered';
}
