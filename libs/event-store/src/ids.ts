import { createHash } from 'node:crypto';

/**
 * A name-based uuid (version 5 layout: RFC 9562 §5.5) from a digest of `name`: the same name always
 * gives the same id, which is what makes replayed appends idempotent (the store drops a known id).
 */
export function nameBasedUuid(name: string, algorithm: 'sha1' | 'sha256' = 'sha256'): string {
  const h = createHash(algorithm).update(name).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}
