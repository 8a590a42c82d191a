// Evidence bundles (issue 16), shared by the HTTP export and the CLI (`academy audit export-evidence`):
// the range of the log with the signed checkpoints this context keeps (libs/event-store/src/audit/evidence.ts
// writes and verifies the format).
import type pg from 'pg';
import { type EventStore, type EvidenceRange, evidenceRange, type SignedCheckpoint, type SigningKey, writeBundle } from '@academy/event-store';
import { CHECKPOINT_SIGNED, CHECKPOINTS_STREAM } from '../domain/audit-events.js';
import { checkpointOf } from './checkpoints.js';
import { logSchema } from './log-schema.js';

/** Every signed checkpoint as its file (no id, no signer: the file is what the signature covers). */
async function signedCheckpoints(store: EventStore): Promise<SignedCheckpoint[]> {
  return (await store.readStream(CHECKPOINTS_STREAM))
    .filter((e) => e.type === CHECKPOINT_SIGNED)
    .map((e) => {
      const { id: _id, byUserId: _by, ...file } = checkpointOf(e);
      return file;
    });
}

/** The bundle of `from`..`to` (extended to the nearest signed checkpoint after it), signed with `key`. */
export async function exportEvidence(store: EventStore, pool: pg.Pool, key: SigningKey, from: number, to: number, exportedAt: string): Promise<{ text: string; range: EvidenceRange }> {
  const range = await evidenceRange(pool, logSchema(store), from, to, await signedCheckpoints(store));
  return { text: writeBundle(range, key, exportedAt), range };
}
