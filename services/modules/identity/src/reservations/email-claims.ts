// The email reservation stream `email-<sha256>` (see domain/email-reservation.ts) as commands use it.
// Every write is an append with the version just read: two requests racing for one address cannot
// both win, whether the address was never used or was released by a deleted account.
import { ConcurrencyError, type EventMetadata, type EventStore, fold, type NewEvent } from '@academy/event-store';
import { EMAIL_RELEASED, EMAIL_RESERVED, type EmailReleasedData, type EmailReservedData, emailHolder, emailStream } from '../domain/email-reservation.js';
import { userDecider } from '../domain/user.decide.js';
import { userStream } from '../domain/user.js';

const ATTEMPTS = 5;

/**
 * Claims the address for `userId`. True when it is theirs now (or already was: a retry), false when
 * another live account holds it. A holder whose account is deleted but whose release was never
 * appended (a crash half-way through a deletion) is released in the same append as the new claim.
 */
export async function claimEmail(store: EventStore, hash: string, userId: string, metadata: EventMetadata): Promise<boolean> {
  const streamId = emailStream(hash);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const events = await store.readStream(streamId);
    const version = events.at(-1)?.streamVersion ?? 0;
    const holder = emailHolder(events);
    if (holder === userId) return true;
    const append: NewEvent[] = [];
    if (holder !== null) {
      const state = fold(userDecider, await store.readStream(userStream(holder)));
      if (!state.deleted) return false;
      append.push({ type: EMAIL_RELEASED, data: { userId: holder } satisfies EmailReleasedData, metadata });
    }
    append.push({ type: EMAIL_RESERVED, data: { userId } satisfies EmailReservedData, metadata });
    try {
      await store.append(streamId, append, version);
      return true;
    } catch (e) {
      if (!(e instanceof ConcurrencyError)) throw e;
      // Someone else wrote first: read again and decide on what they wrote.
    }
  }
  return false;
}

/**
 * After a deletion: frees the address if `userId` still holds it. Idempotent, and safe against a
 * concurrent claim (a claim only succeeds after this release or by releasing the deleted holder itself).
 */
export async function releaseEmail(store: EventStore, hash: string, userId: string, metadata: EventMetadata): Promise<void> {
  const streamId = emailStream(hash);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const events = await store.readStream(streamId);
    if (emailHolder(events) !== userId) return;
    try {
      await store.append(streamId, [{ type: EMAIL_RELEASED, data: { userId } satisfies EmailReleasedData, metadata }], events.at(-1)!.streamVersion);
      return;
    } catch (e) {
      if (!(e instanceof ConcurrencyError)) throw e;
    }
  }
}
