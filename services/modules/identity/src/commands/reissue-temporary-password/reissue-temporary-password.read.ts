// Re-issue's precondition read: the addressee of the mail, from the read schema's views onto the live
// version of identity_users (MikroORM, ADR 0018).
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone, readModelEm } from '@academy/backend';
import { User } from '../../projections/users/user.entity.js';
import { USERS_PROJECTION } from '../../projections/users/names.js';

export interface Addressee {
  email: string | null;
  fullName: string | null;
}

/** The live account's address and name (null: erased); null for no such account. */
export async function readAddressee(em: EntityManager, userId: string): Promise<Addressee | null> {
  if (!isUuid(userId)) return null;
  const row = await orNone(readModelEm(em, USERS_PROJECTION).findOne(User, { id: userId }, { fields: ['email', 'fullName'], disableIdentityMap: true }), null);
  return row && { email: row.email ?? null, fullName: row.fullName ?? null };
}
