import type { EventStore } from '@academy/event-store';
import { userStream } from '../../domain/user.js';
import type { UsersReader } from '../../projections/users/users.reader.js';

/**
 * The first administrator has a fixed id: its stream `user-<FIRST_ADMIN_ID>` can be created once, so
 * of two simultaneous setups exactly one appends (the other's append fails on expectedVersion 0).
 */
export const FIRST_ADMIN_ID = '00000000-0000-4000-8000-00000000ad01';

/** Setup is over once any administrator exists, or the first one's stream does (the projection may lag it). */
export async function setupDone(users: UsersReader, store: EventStore): Promise<boolean> {
  return (await users.anyAdmin()) || (await store.readStream(userStream(FIRST_ADMIN_ID))).length > 0;
}
