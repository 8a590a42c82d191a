// verifyBundle's whole-file digest (issue 28): it is taken over the bundle's bytes as they are, so a
// bundle with text beyond ASCII (a programme's name in clear data) verifies, and a byte that is not
// UTF-8 (which decodes to U+FFFD) still fails. The per-event order of the checks is tested on a real
// export in services/api/test/audit-cli.int.spec.ts.
import { describe, expect, it } from '@jest/globals';
import { canonicalBody, chainHash } from '../postgres/hash-chain.js';
import { signCheckpoint, signingKeyFromSeed } from './checkpoint.js';
import { type EvidenceEvent, verifyBundle, writeBundle } from './evidence.js';

const key = signingKeyFromSeed(Buffer.alloc(32, 5));

/** A bundle of events 1..names.length, one ProgramCreated each, closed by a checkpoint at the last. */
function bundleOf(names: string[]): Buffer {
  const events: EvidenceEvent[] = [];
  let prevHash = '0'.repeat(64);
  for (const [i, name] of names.entries()) {
    const body = { streamId: `program-${i}`, eventId: `00000000-0000-4000-8000-00000000000${i}`, type: 'ProgramCreated', schemaVersion: 1, data: { name }, personal: null, metadata: {}, recordedAt: '2026-11-24T10:00:00.000000Z' };
    const hash = chainHash(prevHash, i + 1, 1, canonicalBody(body));
    events.push({ position: i + 1, streamVersion: 1, prevHash, hash, body });
    prevHash = hash;
  }
  const checkpoint = signCheckpoint(key, { position: names.length, hash: prevHash }, '2026-11-24T10:00:00.000Z');
  return Buffer.from(writeBundle({ from: 1, to: names.length, events, checkpoints: [checkpoint] }, key, '2026-11-24T10:00:00.000Z'), 'utf8');
}

describe('verifyBundle', () => {
  it('verifies a bundle whose events hold text beyond ASCII', () => {
    expect(verifyBundle(bundleOf(['Web Development', 'Développement web', 'Programação']))).toMatchObject({ ok: true, events: 3, checkpoints: [3] });
  });

  it('fails a byte that is not UTF-8 in the header, which no event hash covers, as the signature line', () => {
    const bytes = bundleOf(['Développement web']);
    const at = bytes.indexOf('"exportedAt":"') + '"exportedAt":"'.length;
    bytes[at] = 0xff;
    expect(verifyBundle(bytes)).toEqual({ ok: false, line: 4, item: 'the signature', problem: 'the content does not match the signed digest: the bundle was changed' });
  });
});
