// `npm run academy -- <command>`: the auditors' and operators' CLI (audit verify | head | replay,
// projections status | retry | rebuild, migrate) over the configured database, with the worker's projection registry.
import pg from 'pg';
import { ACADEMY_CLI_USAGE, createPostgresEventStore, guardPool, loadMasterKey, loadSigningKey, runAcademyCli } from '@academy/event-store';
import { loadConfig, ConfigError } from '@academy/backend';
import { AUDIT_WHY_VIEWS, publishedEventSchemas } from '@academy/contracts';
import { explainValue, logSchema } from '@academy/audit';
import { projections } from '../registry.js';
import { migrateAll } from '../migrate.js';

const MIGRATE_USAGE = `and: academy migrate                        apply every pending migration (event log, read models) and exit: a deployment's migration step`;

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    process.stdout.write(`${ACADEMY_CLI_USAGE}\n${MIGRATE_USAGE}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  // Only the database matters here; REDIS_URL is not used by these commands.
  const config = loadConfig({ REDIS_URL: 'redis://unused', ...process.env });
  if (argv[0] === 'migrate') {
    const applied = await migrateAll(config.DATABASE_URL);
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'up to date: nothing to apply\n');
    return 0;
  }
  // Guarded: a dropped idle connection fails the command in flight (one line), never crashes with a stack.
  const pool = guardPool(new pg.Pool({ connectionString: config.DATABASE_URL, max: 4, application_name: 'academy-cli' }));
  try {
    const store = await createPostgresEventStore({
      pool,
      // Rebuilds and audit replays read old event versions through the same upcasters as the worker (ADR 0017).
      schemas: publishedEventSchemas,
      masterKey: loadMasterKey({ env: process.env, dataDir: config.ACADEMY_DATA_DIR, production: config.NODE_ENV === 'production' }),
    });
    try {
      const keyOptions = { env: process.env, dataDir: config.ACADEMY_DATA_DIR, production: config.NODE_ENV === 'production' };
      const why = async (view: string, id: string) => {
        const known = AUDIT_WHY_VIEWS.find((v) => v === view);
        if (!known) throw new Error(`view must be one of ${AUDIT_WHY_VIEWS.join(', ')}`);
        return explainValue(pool, logSchema(store), known, id);
      };
      return await runAcademyCli(argv, { store, pool, projections, out: process.stdout, err: process.stderr, signingKey: () => loadSigningKey(keyOptions), why });
    } finally {
      await store.close();
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
