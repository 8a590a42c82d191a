// Once per jest run: a real PostgreSQL and a real Redis for every integration and browser test.
// TEST_DATABASE_URL / TEST_REDIS_URL point at existing servers instead (then nothing is started).
// Each test file then makes its own database (see createTestDatabase) and its own queue prefix.
import { mkdtempSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPostgres, startRedis } from '@academy/devstack';

export default async function globalSetup() {
  try { return await setup(); } catch (e) { console.error("global setup failed:", e); throw e instanceof Error ? e : new Error(String(e)); }
}
async function setup() {
  if (globalThis.__academyInfra) return; // unit+int+e2e projects share one run
  const started = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'academy-test-'));
  chmodSync(dir, 0o755);
  if (!process.env.TEST_DATABASE_URL) {
    const pg = await startPostgres({ dataDir: path.join(dir, 'pg') });
    started.push(pg);
    process.env.TEST_DATABASE_URL = pg.url;
  }
  if (!process.env.TEST_REDIS_URL) {
    const redis = await startRedis({ dataDir: path.join(dir, 'redis'), persist: false });
    started.push(redis);
    process.env.TEST_REDIS_URL = redis.url;
  }
  globalThis.__academyInfra = { started, dir };
}
