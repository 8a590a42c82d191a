// Change password's precondition read: the account's current password hash, from the read schema's
// views onto the live version of identity_users (MikroORM, ADR 0018).
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone, readModelEm } from '@academy/backend';
import { User } from '../../projections/users/user.entity.js';
import { USERS_PROJECTION } from '../../projections/users/names.js';

/** The live account's password hash (null: none set, e.g. erased); null for no such account. */
export async function readPasswordHash(em: EntityManager, userId: string): Promise<{ passwordHash: string | null } | null> {
  if (!isUuid(userId)) return null;
  const row = await orNone(readModelEm(em, USERS_PROJECTION).findOne(User, { id: userId }, { fields: ['passwordHash'], disableIdentityMap: true }), null);
  return row && { passwordHash: row.passwordHash ?? null };
}
