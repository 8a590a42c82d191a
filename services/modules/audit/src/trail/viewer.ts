// Who reads the log and what they may see (issue 16): admins see personal fields in clear; an auditor
// only while a grant stands (the last event of `audit-access-<id>` decides). Every read is recorded
// BEFORE it is answered: a view that could not be recorded is not shown.
import { type CommandContext, principalOf } from '@academy/backend';
import { type EventStore, fold, runCommand } from '@academy/event-store';
import { IDENTITY_EVENTS } from '@academy/contracts';
import { AUDIT_EVENTS, type AuditTrailViewedData, auditTrailStream } from '../domain/audit-events.js';
import { accessDecider, accessStream } from '../domain/personal-data-access.js';

/** True when the caller may see personal fields in clear. */
export async function mayReadPersonal(store: EventStore, caller: CommandContext): Promise<boolean> {
  const principal = principalOf(caller);
  if (principal.role === 'admin') return true;
  if (principal.role !== 'auditor') return false;
  return fold(accessDecider, await store.readStream(accessStream(principal.userId))).granted;
}

/** Appends AuditTrailViewed to the viewer's own stream (no version guard: views never conflict). */
export async function recordView(store: EventStore, caller: CommandContext, view: AuditTrailViewedData['view'], query: Record<string, unknown>, personalInClear: boolean): Promise<number> {
  const data: AuditTrailViewedData = { view, viewerId: principalOf(caller).userId, query: definedOnly(query), personalInClear };
  const { position } = await runCommand(store, caller.metadata, {
    execute: (unit) => unit.emit(auditTrailStream(data.viewerId), [{ type: AUDIT_EVENTS.AuditTrailViewed, data }], 'any'),
  });
  return position;
}

const definedOnly = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/**
 * The role a user has now, from identity's PUBLISHED events on their stream (`user-<id>`, the stream
 * those events are published on); null when there is no such user or they were deleted.
 */
export async function currentRole(store: EventStore, userId: string): Promise<string | null> {
  let role: string | null = null;
  for (const e of await store.readStream(`user-${userId}`)) {
    if (e.type === IDENTITY_EVENTS.UserRegistered || e.type === IDENTITY_EVENTS.RoleAssigned) role = (e.data as { role: string }).role;
    else if (e.type === IDENTITY_EVENTS.UserDeleted) role = null;
  }
  return role;
}
