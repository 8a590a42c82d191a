import type pg from 'pg';

/** Advisory-lock class of the admissions context (the second key is the prospect id's hash). */
const ADMISSIONS_LOCK_CLASS = 7207;

/**
 * Runs `work` while holding a Postgres advisory lock on one prospect, across every API replica.
 * Converting creates an account in identity and then appends ApplicantConverted: two appends that no
 * expected version can join. Every status change of a prospect runs under this lock, so nothing
 * (a second convert, a decline) can slip between the two; the loser then sees the new status (409).
 */
export async function withProspectLock<T>(pool: pg.Pool, prospectId: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [ADMISSIONS_LOCK_CLASS, prospectId]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [ADMISSIONS_LOCK_CLASS, prospectId]).catch(() => (broken = true));
    }
  } finally {
    // A session whose unlock failed may still hold the lock: drop it rather than return it to the pool.
    client.release(broken);
  }
}
