import type pg from 'pg';

/**
 * A hot read as a named prepared statement: Postgres parses and plans it once per connection (and
 * settles on a generic plan), where an unnamed statement is planned again on every request. For a
 * statement of many joins the planning costs more than the execution (docs/benchmarks.md, Weekly
 * Lessons). `name` must be unique per text. If the read model is rebuilt with other columns, a
 * statement prepared before answers 0A000 ("cached plan must not change result type"): the read is
 * then sent unnamed, so the answer is right, only unprepared until the connection is replaced.
 */
export async function preparedQuery<R extends pg.QueryResultRow>(pool: pg.Pool, name: string, text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
  try {
    return await pool.query<R>({ name, text, values });
  } catch (e) {
    if ((e as { code?: string }).code === '0A000') return pool.query<R>(text, values);
    throw e;
  }
}
