// Personal-data grants (issue 16) as the admin's Users page and `academy audit grants` read them:
// each grant's state folded from its own short stream with the decider that records it (no read model).
import type pg from 'pg';
import { type EventStore, fold, searchEventLog } from '@academy/event-store';
import type { AuditAccessState } from '@academy/contracts';
import { AUDIT_EVENTS } from '../domain/audit-events.js';
import { accessDecider, accessStream } from '../domain/personal-data-access.js';

/** One auditor's grant now: granted or not, since when and by whom (the last grant or revoke). */
export async function accessStateOf(store: EventStore, auditorId: string): Promise<AuditAccessState> {
  const events = await store.readStream(accessStream(auditorId));
  const { granted } = fold(accessDecider, events);
  const last = events.at(-1);
  return { auditorId, granted, since: last ? last.recordedAt : null, byUserId: last ? (last.data as { byUserId: string }).byUserId : null };
}

/**
 * Every auditor ever granted personal data (in the order of their latest grant), with the grant's state now. A grant
 * stream starts with a grant (a revoke of none appends nothing), so the grants in the log name them all.
 */
export async function listGrants(store: EventStore, pool: pg.Pool, schema: string): Promise<AuditAccessState[]> {
  const auditors = new Set<string>();
  let before: number | undefined;
  for (;;) {
    const page = await searchEventLog(pool, schema, { type: AUDIT_EVENTS.PersonalDataAccessGranted, limit: 200, before });
    for (const e of page) auditors.add((e.data as { auditorId: string }).auditorId);
    if (page.length < 200) break;
    before = page[page.length - 1].position;
  }
  return Promise.all([...auditors].reverse().map((id) => accessStateOf(store, id)));
}
