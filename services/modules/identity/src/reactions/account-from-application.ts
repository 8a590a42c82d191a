// Identity's part of 'Convert to student' (issue 14): who holds an address, as the query and the
// reactor of this slice both need it. Reads only the reservation stream and, when its holder may be
// deleted, the holder's user stream (a deleted holder's address may be claimed again).
import type { AppConfig } from '@academy/backend';
import { type EmailLookup, fold, type StoredEvent } from '@academy/event-store';
import type { AccountCredentials } from '../commands/account-credentials.js';
import { emailHolder, emailStream } from '../domain/email-reservation.js';
import { userDecider } from '../domain/user.decide.js';
import { userStream } from '../domain/user.js';

export interface AccountDeps {
  config: AppConfig;
  lookup: EmailLookup;
}

export interface AddressHolder {
  email: string;
  lookup: string;
  /** A live account has the address (or it is the setup administrator's, which is never anyone else's). */
  taken: boolean;
  /** A deleted account still holds the reservation: the new claim releases it in the same append. */
  deletedHolder: string | null;
}

/** `read` reads a stream (the pipeline's unit.readStream, so the append is guarded by what was read). */
export async function addressHolder(credentials: AccountCredentials, rawEmail: string, read: (streamId: string) => Promise<StoredEvent[]>): Promise<AddressHolder> {
  const { email, emailHash: lookup, reserved } = credentials.address(rawEmail);
  if (reserved) return { email, lookup, taken: true, deletedHolder: null };
  const holder = emailHolder(await read(emailStream(lookup)));
  if (holder === null) return { email, lookup, taken: false, deletedHolder: null };
  const deleted = fold(userDecider, await read(userStream(holder))).deleted;
  return { email, lookup, taken: !deleted, deletedHolder: deleted ? holder : null };
}
