import { defineEntity, p } from '@mikro-orm/core';
import type { NotificationPreferences, Role } from '@academy/contracts';

/**
 * `recipients`: who can be told (identity's published events). No schema on purpose (ADR 0018): the
 * projection writes its version schema through search_path, readers name the read schema
 * (`em.fork({ schema: NOTIFICATIONS_PROJECTION })`, the views onto the live version).
 */
export const Recipient = defineEntity({
  name: 'NotificationsRecipient',
  tableName: 'recipients',
  properties: {
    userId: p.uuid().primary(),
    email: p.text(),
    fullName: p.text().nullable(),
    role: p.text().$type<Role>().index('recipients_role_idx'),
    preferences: p.json<Partial<NotificationPreferences>>().nullable(),
    createdAt: p.datetime(),
  },
});

export type RecipientRow = InstanceType<typeof Recipient.class>;
