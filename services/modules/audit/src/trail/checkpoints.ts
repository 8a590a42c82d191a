import type { StoredEvent } from '@academy/event-store';
import type { AuditCheckpoint } from '@academy/contracts';

/** A CheckpointSigned event as the API shows it (the file's fields, its id and who signed). */
export function checkpointOf(e: StoredEvent): AuditCheckpoint {
  const d = e.data as AuditCheckpoint & { verificationId?: string };
  return { format: d.format, position: d.position, headHash: d.headHash, at: d.at, keyId: d.keyId, publicKey: d.publicKey, signature: d.signature, id: e.id, byUserId: d.byUserId };
}
