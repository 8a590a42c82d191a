import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { checkpointProblem, signCheckpoint, signingKeyFromSeed } from './checkpoint.js';

const key = signingKeyFromSeed(Buffer.alloc(32, 1));
const head = { position: 42, hash: 'a'.repeat(64) };

describe('signed checkpoints', () => {
  it('verify with the key that signed them, and name the key', () => {
    const c = signCheckpoint(key, head, '2026-11-24T10:00:00.000Z');
    expect(c).toMatchObject({ format: 'academy-checkpoint/1', position: 42, headHash: head.hash, keyId: key.keyId });
    expect(checkpointProblem(key, c)).toBeNull();
    expect(checkpointProblem(key, JSON.parse(JSON.stringify(c)))).toBeNull();
  });

  it('fail when any signed field changes, or the signature does', () => {
    const c = signCheckpoint(key, head, '2026-11-24T10:00:00.000Z');
    for (const changed of [{ position: 41 }, { headHash: 'b'.repeat(64) }, { at: '2026-11-24T10:00:00.001Z' }]) {
      expect(checkpointProblem(key, { ...c, ...changed })).toBe('the signature does not match: the checkpoint was altered');
    }
    const sig = Buffer.from(c.signature, 'base64');
    sig[0] ^= 1;
    expect(checkpointProblem(key, { ...c, signature: sig.toString('base64') })).toBe('the signature does not match: the checkpoint was altered');
  });

  it('refuse another key, even one whose copy of the public key is in the file', () => {
    const other = signingKeyFromSeed(randomBytes(32));
    const forged = { ...signCheckpoint(other, head, '2026-11-24T10:00:00.000Z'), keyId: key.keyId };
    expect(checkpointProblem(key, forged)).toBe('the signature does not match: the checkpoint was altered');
    expect(checkpointProblem(key, signCheckpoint(other, head, '2026-11-24T10:00:00.000Z'))).toMatch(/^signed by another key/);
    expect(checkpointProblem(key, { hello: 1 })).toMatch(/^not a checkpoint/);
  });
});
