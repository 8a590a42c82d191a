import type { ContextMigrations } from '@academy/backend';
import { Migration20261123010000_identity_sessions } from './Migration20261123010000_identity_sessions.js';
import { Migration20261123030000_identity_session_metadata } from './Migration20261123030000_identity_session_metadata.js';
import { Migration20261123040000_identity_session_notify } from './Migration20261123040000_identity_session_notify.js';
import { Migration20261124040000_identity_session_fences } from './Migration20261124040000_identity_session_fences.js';

/**
 * The identity context's tables that are not a projection (sessions, refresh tokens, the session
 * fences: why not events, README "Read side"), with their own history `identity_migrations`, applied
 * by the platform's `migrateUp` after its own (ADR 0018 §2). Listed explicitly: the same list works
 * from src and dist. The names are those they had in libs/backend's list, so a database migrated
 * before the move hands them over as already applied instead of running them again.
 */
export const identitySessionMigrations: ContextMigrations = {
  tableName: 'identity_migrations',
  migrations: [
    { name: 'Migration20261123010000_identity_sessions', class: Migration20261123010000_identity_sessions },
    { name: 'Migration20261123030000_identity_session_metadata', class: Migration20261123030000_identity_session_metadata },
    { name: 'Migration20261123040000_identity_session_notify', class: Migration20261123040000_identity_session_notify },
    { name: 'Migration20261124040000_identity_session_fences', class: Migration20261124040000_identity_session_fences },
  ],
};
