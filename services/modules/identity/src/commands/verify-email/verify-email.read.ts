// Verify email's precondition read: whose verification token this is, from the read schema's views onto
// the live version of identity_users (MikroORM, ADR 0018).
import type { EntityManager } from '@mikro-orm/postgresql';
import { orNone, readModelEm } from '@academy/backend';
import { User } from '../../projections/users/user.entity.js';
import { USERS_PROJECTION } from '../../projections/users/names.js';

/** The id of the account waiting for the token whose sha256 is `tokenHash`; null when none is. */
export async function readUserIdByVerificationHash(em: EntityManager, tokenHash: string): Promise<string | null> {
  const row = await orNone(readModelEm(em, USERS_PROJECTION).findOne(User, { verificationTokenHash: tokenHash }, { fields: ['id'], disableIdentityMap: true }), null);
  return row?.id ?? null;
}
