import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122120000_worker_heartbeat } from './Migration20261122120000_worker_heartbeat.js';
import { Migration20261123010000_identity_sessions } from './Migration20261123010000_identity_sessions.js';
import { Migration20261123020000_sent_mail } from './Migration20261123020000_sent_mail.js';
import { Migration20261123030000_identity_session_metadata } from './Migration20261123030000_identity_session_metadata.js';
import { Migration20261123040000_identity_session_notify } from './Migration20261123040000_identity_session_notify.js';
import { Migration20261124040000_identity_session_fences } from './Migration20261124040000_identity_session_fences.js';

// Listed explicitly (not discovered from files): the same list works from src under jest and from
// dist at run time, and a migration can't be skipped by a build that forgot to copy a file.
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122120000_worker_heartbeat', class: Migration20261122120000_worker_heartbeat },
  { name: 'Migration20261123010000_identity_sessions', class: Migration20261123010000_identity_sessions },
  { name: 'Migration20261123020000_sent_mail', class: Migration20261123020000_sent_mail },
  { name: 'Migration20261123030000_identity_session_metadata', class: Migration20261123030000_identity_session_metadata },
  { name: 'Migration20261123040000_identity_session_notify', class: Migration20261123040000_identity_session_notify },
  { name: 'Migration20261124040000_identity_session_fences', class: Migration20261124040000_identity_session_fences },
];
