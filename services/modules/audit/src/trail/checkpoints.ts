import type { EventStore, StoredEvent } from '@academy/event-store';
import type { AuditCheckpoint } from '@academy/contracts';
import { CHECKPOINT_SIGNED, CHECKPOINTS_STREAM } from '../domain/audit-events.js';

/** A CheckpointSigned event as the API shows it (the file's fields, its id and who signed). */
export function checkpointOf(e: StoredEvent): AuditCheckpoint {
  const d = e.data as AuditCheckpoint & { verificationId?: string };
  return { format: d.format, position: d.position, headHash: d.headHash, at: d.at, keyId: d.keyId, publicKey: d.publicKey, signature: d.signature, id: e.id, byUserId: d.byUserId };
}

/** The signed checkpoints recorded in the log, newest first: the Verify page's list and `academy audit checkpoints`. */
export async function listCheckpoints(store: EventStore): Promise<AuditCheckpoint[]> {
  const events = await store.readStream(CHECKPOINTS_STREAM);
  return events.filter((e) => e.type === CHECKPOINT_SIGNED).map(checkpointOf).reverse();
}
