// The recipient directory over the notifications projection's `recipients` table. The projection
// uses it with its transaction's EntityManager (unqualified names, the version being written); the
// worker's mail processor with an EntityManager of the read schema (the views onto the live version).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Recipient as RecipientView, RecipientDirectory } from '@academy/backend';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@academy/contracts';
import { readModelEm } from '@academy/backend';
import { NOTIFICATIONS_PROJECTION } from './names.js';
import { Recipient, type RecipientRow } from './recipient.entity.js';

const toRecipient = (r: RecipientRow): RecipientView => ({
  userId: r.userId,
  email: r.email,
  fullName: r.fullName ?? null,
  role: r.role,
  preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(r.preferences ?? {}) },
});

// Read as plain rows (no identity map): the projection goes on changing them with set-based updates.
const FIND = { disableIdentityMap: true } as const;

export function ormDirectory(em: EntityManager): RecipientDirectory {
  return {
    async byRoles(roles) {
      if (roles.length === 0) return [];
      const rows = await em.find(Recipient, { role: { $in: [...roles] } }, { ...FIND, orderBy: { createdAt: 'asc', userId: 'asc' } });
      return rows.map(toRecipient);
    },
    async byId(userId) {
      const row = await em.findOne(Recipient, { userId }, FIND);
      return row ? toRecipient(row) : null;
    },
  };
}

/** For the worker's mail templates: the live version of the directory, through the read schema's views. */
export function recipientDirectory(em: EntityManager): RecipientDirectory {
  return ormDirectory(readModelEm(em, NOTIFICATIONS_PROJECTION));
}
