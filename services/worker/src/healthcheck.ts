// The worker container's health check (Dockerfile HEALTHCHECK, Kubernetes exec probes): the worker
// has no HTTP port, and a worker that cannot reach Postgres or Redis does no work. Exit 0 when both
// answer within 3 s, else 1 with one line naming what did not.
import pg from 'pg';
import { ConfigError, createRedis, loadConfig } from '@academy/backend';

const TIMEOUT_MS = 3000;
const within = <T>(what: string, p: Promise<T>) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${TIMEOUT_MS} ms`)), TIMEOUT_MS).unref())]).catch((e: unknown) => {
    throw new Error(`${what}: ${e instanceof Error ? e.message : String(e)}`);
  });

async function check(): Promise<void> {
  const config = loadConfig();
  const client = new pg.Client({ connectionString: config.DATABASE_URL, application_name: 'academy-worker-healthcheck' });
  client.on('error', () => {});
  const redis = createRedis(config, 'academy-worker-healthcheck', { retryStrategy: () => null, lazyConnect: true });
  try {
    await within('postgres', client.connect().then(() => client.query('SELECT 1')));
    await within('redis', redis.connect().then(() => redis.ping()));
  } finally {
    redis.disconnect();
    await client.end().catch(() => undefined);
  }
}

check().then(
  () => process.exit(0),
  (e: unknown) => {
    // A ConfigError's message is already the one line naming the variables.
    process.stderr.write(e instanceof ConfigError ? `${e.message}\n` : `academy: worker unhealthy: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
