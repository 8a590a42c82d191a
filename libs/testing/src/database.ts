import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  /** Connection string of a database that exists only for this test file. */
  url: string;
  /** A pool on it, closed by drop(). */
  pool: pg.Pool;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run integration tests through jest (npm test), whose global setup starts Postgres');
  return url;
}

/** A fresh, empty database for one test file: nothing leaks between files, files may run in parallel. */
export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const name = `t_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase().slice(0, 30)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl());
  u.pathname = `/${name}`;
  const url = u.toString();
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      const a = new pg.Client({ connectionString: adminUrl() });
      await a.connect();
      try {
        // pg's Pool.end() resolves before its sockets have closed: a FORCE drop right away terminates
        // those (57P01), and a pool without an error listener turns that into an unhandled error that
        // fails whichever test jest is running. So wait (bounded) for the test's own connections to go.
        for (let i = 0; i < 100; i++) {
          const { rows } = await a.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}
