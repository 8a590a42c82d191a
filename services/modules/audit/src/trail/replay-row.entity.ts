import { defineEntity, p } from '@mikro-orm/core';

/**
 * One differing row of the last completed replay (ADR 0034), in the table the audit context's
 * migration makes (`Migration20261124220000_audit_replay_rows`). `ordinal` keeps the replay's order
 * within a table and side.
 */
export const AuditReplayRow = defineEntity({
  name: 'AuditReplayRow',
  tableName: 'audit_replay_rows',
  properties: {
    requestId: p.string().primary(),
    projection: p.string().primary(),
    tableName: p.string().primary(),
    side: p.enum(['live-only', 'replay-only']).primary(),
    ordinal: p.integer().primary(),
    row: p.json<Record<string, unknown>>(),
  },
});
