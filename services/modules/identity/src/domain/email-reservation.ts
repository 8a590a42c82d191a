// One stream per normalised email (`email-<lookup>`, the keyed HMAC of the address from EmailLookup,
// ADR 0014; never a plain hash, which anyone could recompute): its first event claims the address.
// Appending with expectedVersion 0 makes two concurrent sign-ups with one email create one account.

export const EMAIL_RESERVED = 'EmailReserved';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
/** `lookup`: EmailLookup.of(address), the keyed HMAC. */
export const emailStream = (lookup: string) => `email-${lookup}`;

export interface EmailReservedData {
  userId: string;
}

/** Appended when the holder's account is deleted: the address may be claimed again. */
export const EMAIL_RELEASED = 'EmailReleased';

export interface EmailReleasedData {
  userId: string;
}

/** Who holds the address after these events of its reservation stream (null: free). */
export function emailHolder(events: readonly { type: string; data: unknown }[]): string | null {
  let holder: string | null = null;
  for (const e of events) {
    if (e.type === EMAIL_RESERVED) holder = (e.data as EmailReservedData).userId;
    else if (e.type === EMAIL_RELEASED && (e.data as EmailReleasedData).userId === holder) holder = null;
  }
  return holder;
}
