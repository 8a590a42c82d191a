// Settings → notifications: the caller's saved preferences, from the read schema's views onto the live
// version of identity_users, through MikroORM (ADR 0018).
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone } from '@academy/backend';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@academy/contracts';
import { usersReadEm } from '../../projections/users/read-schema.js';
import { User } from '../../projections/users/user.entity.js';

/** What was saved over the defaults (a preference added since keeps its default). */
export const preferencesOf = (saved: Partial<NotificationPreferences> | null | undefined): NotificationPreferences => ({ ...DEFAULT_NOTIFICATION_PREFERENCES, ...(saved ?? {}) });

/** The live account's preferences; null when there is no such account. */
export async function readNotificationPreferences(em: EntityManager, userId: string): Promise<NotificationPreferences | null> {
  if (!isUuid(userId)) return null;
  const row = await orNone(usersReadEm(em).findOne(User, { id: userId }, { fields: ['notificationPreferences'], disableIdentityMap: true }), null);
  return row && preferencesOf(row.notificationPreferences);
}
