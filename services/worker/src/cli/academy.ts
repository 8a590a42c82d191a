// `npm run academy -- <command>`: the auditors' and operators' CLI (audit verify | checkpoint | checkpoints |
// export-checkpoint | grants | events | event | why | as-of | export-evidence | verify-bundle | head | replay,
// projections status | retry | rebuild, migrate) over the configured database, with the worker's projection registry.
import pg from 'pg';
import { ACADEMY_CLI_USAGE, verifyBundleCommand, guardPool, loadMasterKey, loadSigningKey, runAcademyCli } from '@academy/event-store';
import { loadConfig, ConfigError, openEventStore } from '@academy/backend';
import { AUDIT_WHY_VIEWS, type AuditAsOfFilter, publishedEventSchemas } from '@academy/contracts';
import { eventDetail, eventLogPage, explainValue, exportEvidence, listCheckpoints, listGrants, logSchema, travel } from '@academy/audit';
import { pipelineAsOf } from '@academy/admissions';
import { enrollmentAsOf } from '@academy/enrollment';
import { gradebookAsOf } from '@academy/grading';
import { projections } from '../registry.js';
import { migrateAll } from '../migrate.js';
import { offlineCommand } from './offline-commands.js';

const MIGRATE_USAGE = `and: academy migrate                        apply every pending migration (event log, read models) and exit: a deployment's migration step`;

async function main(argv: string[]): Promise<number> {
  // Before any configuration is read: these need none (offline-commands.ts).
  switch (offlineCommand(argv)) {
    case 'help':
      process.stdout.write(`${ACADEMY_CLI_USAGE}\n${MIGRATE_USAGE}\n`);
      return argv.length === 0 ? 2 : 0;
    case 'verify-bundle':
      return verifyBundleCommand(argv.slice(2), process.stdout);
    case null:
      break;
  }
  // Only the database matters here; REDIS_URL is not used by these commands.
  const config = loadConfig({ REDIS_URL: 'redis://unused', ...process.env });
  if (argv[0] === 'migrate') {
    const applied = await migrateAll(config.DATABASE_URL);
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'up to date: nothing to apply\n');
    return 0;
  }
  if (config.EVENTSTORE_URL && (argv[0] === 'backup' || argv[0] === 'restore')) {
    // backup/restore copy the PostgreSQL log; a KurrentDB log is backed up by KurrentDB's own means (ADR 0032).
    throw new Error(`${argv[0]} covers the PostgreSQL event log; with EVENTSTORE_URL set, back up KurrentDB itself (docs/adr/0032) and the subject keys with pg_dump -t event_store.subject_keys`);
  }
  // Guarded: a dropped idle connection fails the command in flight (one line), never crashes with a stack.
  const pool = guardPool(new pg.Pool({ connectionString: config.DATABASE_URL, max: 4, application_name: 'academy-cli' }));
  try {
    // The log the services use: KurrentDB when EVENTSTORE_URL is set (ADR 0032), else PostgreSQL.
    const opened = await openEventStore(config, {
      pool,
      // Rebuilds and audit replays read old event versions through the same upcasters as the worker (ADR 0017).
      schemas: publishedEventSchemas,
      masterKey: loadMasterKey({ env: process.env, dataDir: config.ACADEMY_DATA_DIR, production: config.NODE_ENV === 'production' }),
    });
    const store = opened.store;
    try {
      const keyOptions = { env: process.env, dataDir: config.ACADEMY_DATA_DIR, production: config.NODE_ENV === 'production' };
      const why = async (view: string, id: string) => {
        const known = AUDIT_WHY_VIEWS.find((v) => v === view);
        if (!known) throw new Error(`view must be one of ${AUDIT_WHY_VIEWS.join(', ')}`);
        return explainValue(pool, logSchema(store), known, id);
      };
      // Time travel folds with each context's own evolve, as the API does (AuditModule.forRoot).
      const folds = { enrollment: enrollmentAsOf, gradebook: gradebookAsOf, pipeline: pipelineAsOf };
      const asOf = (filter: AuditAsOfFilter, clear: boolean) => travel(store, pool, logSchema(store), folds, filter, clear);
      const exportBundle = async (from: number, to: number) => {
        const { text, range } = await exportEvidence(store, pool, loadSigningKey(keyOptions), from, to, new Date().toISOString());
        return { text, lastPosition: range.to, events: range.events.length, checkpoints: range.checkpoints.map((c) => c.position) };
      };
      return await runAcademyCli(argv, {
        store,
        pool,
        projections,
        out: process.stdout,
        err: process.stderr,
        signingKey: () => loadSigningKey(keyOptions),
        why,
        asOf,
        exportEvidence: exportBundle,
        checkpoints: () => listCheckpoints(store),
        grants: () => listGrants(store, pool, logSchema(store)),
        events: (filter) => eventLogPage(store, pool, filter),
        event: (position, clear) => eventDetail(store, pool, position, clear),
      });
    } finally {
      await opened.close();
    }
  } finally {
    await pool.end();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`${e instanceof ConfigError ? e.message : `academy: ${e instanceof Error ? e.message : String(e)}`}\n`);
    process.exit(e instanceof ConfigError ? 78 : 1);
  },
);
