// Sign-in's precondition read: the account an address's lookup names, with what the credential check
// needs, from the read schema's views onto the live version of identity_users (MikroORM, ADR 0018).
import type { EntityManager } from '@mikro-orm/postgresql';
import { orNone, readModelEm } from '@academy/backend';
import type { SessionUser } from '@academy/contracts';
import { User } from '../../projections/users/user.entity.js';
import { USERS_PROJECTION } from '../../projections/users/names.js';

export interface SignInAccount {
  user: SessionUser;
  passwordHash: string | null;
  selfRegistered: boolean;
  verified: boolean;
}

/** The live account whose email lookup is `emailHash`; null when there is none. */
export async function readSignInAccount(em: EntityManager, emailHash: string): Promise<SignInAccount | null> {
  const row = await orNone(
    readModelEm(em, USERS_PROJECTION).findOne(
      User,
      { emailHash },
      { fields: ['id', 'email', 'fullName', 'role', 'firstLoginCompleted', 'passwordHash', 'selfRegistered', 'verified'], disableIdentityMap: true },
    ),
    null,
  );
  if (!row) return null;
  return {
    user: { id: row.id, email: row.email ?? '', fullName: row.fullName ?? '', role: row.role, firstLoginCompleted: row.firstLoginCompleted },
    passwordHash: row.passwordHash ?? null,
    selfRegistered: row.selfRegistered,
    verified: row.verified,
  };
}
