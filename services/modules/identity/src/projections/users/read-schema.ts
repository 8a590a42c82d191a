import type { EntityManager } from '@mikro-orm/postgresql';
import { USERS_PROJECTION } from './names.js';

/**
 * For reads: the request's EntityManager forked onto the read schema (the views onto the live version
 * of the users projection, ADR 0004), outside the request context. Reads take plain values from it
 * (`disableIdentityMap`, QueryBuilder `execute`): nothing is managed.
 */
export const usersReadEm = (em: EntityManager) => em.fork({ schema: USERS_PROJECTION, useContext: false }) as EntityManager;
