import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122120000_worker_heartbeat } from './Migration20261122120000_worker_heartbeat.js';
import { Migration20261123020000_sent_mail } from './Migration20261123020000_sent_mail.js';

// Listed explicitly (not discovered from files): the same list works from src under jest and from
// dist at run time, and a migration can't be skipped by a build that forgot to copy a file.
// Identity's session tables are not here: they are identity's own
// (services/modules/identity/src/sessions/migrations, tracked in identity_migrations: migrateUp).
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122120000_worker_heartbeat', class: Migration20261122120000_worker_heartbeat },
  { name: 'Migration20261123020000_sent_mail', class: Migration20261123020000_sent_mail },
];
