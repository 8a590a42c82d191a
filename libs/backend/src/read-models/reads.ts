import type pg from 'pg';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids in URLs are uuids; anything else names nothing (a 404, not a database error). */
export const isUuid = (id: string) => UUID.test(id);

/**
 * The rows of a read of a projection's tables, or none when its schema does not exist yet (before
 * the worker first set the projection up: nobody and nothing yet, not a 500).
 */
export async function rowsOrNone<R extends pg.QueryResultRow>(q: Promise<pg.QueryResult<R>>): Promise<R[]> {
  try {
    return (await q).rows;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === '42P01' || code === '3F000') return [];
    throw e;
  }
}

/**
 * The same for a read through MikroORM (its exceptions keep the driver's `code`): `none` when the
 * projection's read schema does not exist yet.
 */
export async function orNone<T>(read: Promise<T>, none: T): Promise<T> {
  try {
    return await read;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === '42P01' || code === '3F000') return none;
    throw e;
  }
}
