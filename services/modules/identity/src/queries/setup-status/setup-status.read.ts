// /setup's question, from the read schema's views onto the live version of identity_users (MikroORM,
// ADR 0018) and, while the projection may lag, the first administrator's stream.
import type { EntityManager } from '@mikro-orm/postgresql';
import { orNone } from '@academy/backend';
import type { EventStore } from '@academy/event-store';
import { userStream } from '../../domain/user.js';
import { FIRST_ADMIN_ID } from '../../commands/set-up-first-admin/first-admin.js';
import { usersReadEm } from '../../projections/users/read-schema.js';
import { User } from '../../projections/users/user.entity.js';

/** Setup is over once any administrator exists, or the first one's stream does (the projection may lag it). */
export async function readSetupDone(em: EntityManager, store: EventStore): Promise<boolean> {
  const admin = await orNone(usersReadEm(em).findOne(User, { role: 'admin' }, { fields: ['id'], disableIdentityMap: true }), null);
  return admin !== null || (await store.readStream(userStream(FIRST_ADMIN_ID))).length > 0;
}
