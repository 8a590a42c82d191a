import type { EntityManager } from '@mikro-orm/postgresql';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids in URLs are uuids; anything else names nothing (a 404, not a database error). */
export const isUuid = (id: string) => UUID.test(id);

/**
 * A read of a projection's tables, or `none` when its schema does not exist yet (before the worker
 * first set the projection up: nobody and nothing yet, not a 500). MikroORM's exceptions keep the
 * driver's `code`, so this serves its reads and pg's alike.
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

/**
 * For reads: the request's EntityManager forked onto a projection's read schema (the views onto its
 * live version, ADR 0004), outside the request context. Reads take plain values from it (QueryBuilder
 * `execute`, or `disableIdentityMap`): nothing is managed.
 */
export const readModelEm = (em: EntityManager, projection: string) => em.fork({ schema: projection, useContext: false }) as EntityManager;
