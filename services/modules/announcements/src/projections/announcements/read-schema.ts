import type { EntityManager } from '@mikro-orm/postgresql';
import { ANNOUNCEMENTS_PROJECTION } from './announcements.projection.js';

/** For reads: the request's EntityManager forked onto the read schema (views onto the live version, ADR 0004). */
export const announcementsReadEm = (em: EntityManager) => em.fork({ schema: ANNOUNCEMENTS_PROJECTION, useContext: false }) as EntityManager;
