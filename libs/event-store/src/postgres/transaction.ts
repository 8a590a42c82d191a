// One way to run statements in a transaction on a client of the pool: COMMIT when `run` resolves,
// ROLLBACK when it throws, and the client back to the pool either way. A failing ROLLBACK (the
// connection is gone, which ends the transaction anyway) must not hide the error that caused it.
import type pg from 'pg';

/** `begin` opens the transaction: 'BEGIN', or with an isolation level or access mode. */
export async function inTransaction<T>(pool: pg.Pool, run: (client: pg.PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await run(client);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}
