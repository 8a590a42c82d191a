// The mark's precondition: which of the caller's notices are unread (the read schema's views, MikroORM).
import type { EntityManager } from '@mikro-orm/postgresql';
import { orNone, readModelEm } from '@academy/backend';
import { NOTIFICATIONS_PROJECTION } from '../../projections/notifications/names.js';
import { Notice } from '../../projections/notifications/notice.entity.js';


/** Of these ids, those the user has and has not read yet. */
export async function unreadAmong(em: EntityManager, userId: string, ids: string[]): Promise<string[]> {
  const rows = await orNone(readModelEm(em, NOTIFICATIONS_PROJECTION).find(Notice, { userId, readAt: null, eventId: { $in: ids } }, { fields: ['eventId'], disableIdentityMap: true }), []);
  return rows.map((r) => r.eventId);
}

export function unreadCount(em: EntityManager, userId: string): Promise<number> {
  return orNone(readModelEm(em, NOTIFICATIONS_PROJECTION).count(Notice, { userId, readAt: null }), 0);
}
