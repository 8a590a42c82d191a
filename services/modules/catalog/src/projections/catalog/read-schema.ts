import type { EntityManager } from '@mikro-orm/postgresql';
import { CATALOG_PROJECTION } from './names.js';

/**
 * For reads: the request's EntityManager forked onto the read schema (the views onto the live version
 * of the catalog projection, ADR 0004), outside the request context. Reads take plain values from it
 * (QueryBuilder `execute`, or `disableIdentityMap`): nothing is managed.
 */
export const catalogReadEm = (em: EntityManager) => em.fork({ schema: CATALOG_PROJECTION, useContext: false }) as EntityManager;
