// `npm run academy -- <command>` (scripts/academy-cli.mjs), or `node services/worker/dist/cli/academy.js
// <command>` in the images: the auditors' and operators' CLI. The commands are in table.ts; this gives
// them what they need: the configuration, and the configured event log with the worker's projection registry.
import pg from 'pg';
import { guardPool, loadMasterKey, loadSigningKey } from '@academy/event-store';
import { type AppConfig, ConfigError, loadConfig, openEventStore } from '@academy/backend';
import { publishedEventSchemas } from '@academy/contracts';
import { projections } from '../registry.js';
import { type CliDatabase, messageOf } from './command.js';
import { runAcademyCli } from './run.js';

let loaded: AppConfig | undefined;
/** Read only when a command needs the database: the others run with no configuration at all. */
function config(): AppConfig {
  // Only the database matters here; REDIS_URL is not used by these commands.
  loaded ??= loadConfig({ REDIS_URL: 'redis://unused', ...process.env });
  return loaded;
}

async function withEventStore<T>(use: (database: CliDatabase) => Promise<T>): Promise<T> {
  const c = config();
  const keyOptions = { env: process.env, dataDir: c.ACADEMY_DATA_DIR, production: c.NODE_ENV === 'production' };
  // Guarded: a dropped idle connection fails the command in flight (one line), never crashes with a stack.
  const pool = guardPool(new pg.Pool({ connectionString: c.DATABASE_URL, max: 4, application_name: 'academy-cli' }));
  try {
    // Rebuilds and audit replays read old event versions through the same upcasters as the worker (ADR 0017).
    const opened = await openEventStore(c, { pool, schemas: publishedEventSchemas, masterKey: loadMasterKey(keyOptions) });
    try {
      return await use({ store: opened.store, pool, projections, signingKey: () => loadSigningKey(keyOptions) });
    } finally {
      await opened.close();
    }
  } finally {
    await pool.end();
  }
}

runAcademyCli(process.argv.slice(2), { io: { out: process.stdout, err: process.stderr }, databaseUrl: () => config().DATABASE_URL, withEventStore }).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`${e instanceof ConfigError ? e.message : `academy: ${messageOf(e)}`}\n`);
    process.exit(e instanceof ConfigError ? 78 : 1);
  },
);
