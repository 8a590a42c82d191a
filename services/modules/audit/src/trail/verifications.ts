import type { StoredEvent } from '@academy/event-store';
import type { AuditVerification } from '@academy/contracts';
import type { ChainVerifiedData } from '../domain/audit-events.js';

/** A ChainVerified event as the API shows it. */
export function verificationOf(e: StoredEvent): AuditVerification {
  const v = e.data as ChainVerifiedData;
  return { id: v.requestId, at: e.metadata.occurredAt, byUserId: v.byUserId, ok: v.ok, checked: v.checked, position: v.position, reason: v.reason, head: v.head };
}

