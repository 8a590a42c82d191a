// The attack signed checkpoints exist for (issue 16), for tests that may not import the event store
// themselves (browser tests: their project may depend on testing code only): rewrite one event of a
// database's log AND every hash after it, with the store's own canonical hashing (rewriteHistory).
import pg from 'pg';
import { rewriteHistory } from '@academy/event-store';

/** Sets the data of the event at `position` in `databaseUrl`'s log and rehashes the chain from there; returns its old data (pass `() => old` to restore). */
export async function rewriteLoggedEvent(databaseUrl: string, position: number, data: (old: unknown) => unknown): Promise<unknown> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    return await rewriteHistory(pool, 'event_store', position, data);
  } finally {
    await pool.end();
  }
}
