import pg from 'pg';

/** Advisory-lock class of the admissions context (the second key is the prospect id's hash). */
const ADMISSIONS_LOCK_CLASS = 7207;

/**
 * Runs `work` while holding a Postgres advisory lock on one prospect, across every API replica.
 * Converting creates an account in identity and then appends ApplicantConverted: two appends that no
 * expected version can join. Every status change of a prospect runs under this lock, so nothing
 * (a second convert, a decline) can slip between the two; the loser then sees the new status (409).
 *
 * The lock lives on a connection of its own, not one of the pool's: `work` needs pool connections,
 * and waiters parked on pooled connections could starve the holder of them.
 */
export async function withProspectLock<T>(pool: pg.Pool, prospectId: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ ...pool.options, application_name: 'academy-admissions-lock' });
  client.on('error', () => {}); // a dropped lock connection surfaces as the failed query below
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [ADMISSIONS_LOCK_CLASS, prospectId]);
    // Closing the session releases the lock, whatever `work` did.
    return await work();
  } finally {
    await client.end().catch(() => {});
  }
}
