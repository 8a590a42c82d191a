import type { ContextMigrations } from '@academy/backend';
import { Migration20261124220000_audit_replay_rows } from './Migration20261124220000_audit_replay_rows.js';

/**
 * The audit context's one table that is not the log (ADR 0034: the last replay's differing rows), with
 * its own history `audit_migrations`, applied by the platform's `migrateUp` after its own (ADR 0018 §2).
 */
export const auditMigrations: ContextMigrations = {
  tableName: 'audit_migrations',
  migrations: [{ name: 'Migration20261124220000_audit_replay_rows', class: Migration20261124220000_audit_replay_rows }],
};
