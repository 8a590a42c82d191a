import type { EntityManager } from '@mikro-orm/postgresql';
import { LEARNING_PROJECTION } from './learning.projection.js';

/**
 * For reads: the request's EntityManager forked onto the read schema (the views onto the live version
 * of the learning projection, ADR 0004), outside the request context. Reads take plain values from it
 * (QueryBuilder `execute`, or `disableIdentityMap`): nothing is managed.
 */
export const learningReadEm = (em: EntityManager) => em.fork({ schema: LEARNING_PROJECTION, useContext: false }) as EntityManager;
