// One stream per normalised email (`email-<lookup>`, the keyed HMAC of the address from EmailLookup,
// ADR 0014; never a plain hash, which anyone could recompute): who holds the address. A claim is
// appended in the same step as the account it is for (the pipeline's appendMany, ADR 0006), guarded
// by the version read: two concurrent sign-ups with one email create one account.
import { type Decider, DomainError } from '@academy/event-store';
import { IDENTITY_MESSAGES } from '@academy/contracts';

export const EMAIL_RESERVED = 'EmailReserved';

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

export type EmailReservationEvent = { type: typeof EMAIL_RESERVED; data: EmailReservedData } | { type: typeof EMAIL_RELEASED; data: EmailReleasedData };

/**
 * holderGone: the holder's account is deleted, or was never registered. The handler reads the holder's
 * stream to know it (only when someone else holds the address). Neither can happen to a claim made by
 * the pipeline (account and claim are one append, the release is appended with UserDeleted); both are
 * left by the old two-append design (ADR 0006) after a crash between its appends.
 */
export type EmailReservationCommand = { type: 'ClaimEmail'; userId: string; holderGone: boolean } | { type: 'ReleaseEmail'; userId: string };

export interface EmailReservationState {
  /** null: free. */
  holder: string | null;
}

/** The address is another live account's. Create User names it (409); sign-up and setup answer without saying so. */
export const emailTaken = () => new DomainError('conflict', IDENTITY_MESSAGES.emailTaken, { email: [IDENTITY_MESSAGES.emailTaken] });

export function decideEmailReservation(command: EmailReservationCommand, state: EmailReservationState): EmailReservationEvent[] {
  switch (command.type) {
    case 'ClaimEmail': {
      // Already theirs: a replay of the same claim (a fixed or derived user id) changes nothing here.
      if (state.holder === command.userId) return [];
      if (state.holder === null) return [{ type: EMAIL_RESERVED, data: { userId: command.userId } }];
      if (!command.holderGone) throw emailTaken();
      // A holder left behind by a crash: released in the same append as the new claim.
      return [
        { type: EMAIL_RELEASED, data: { userId: state.holder } },
        { type: EMAIL_RESERVED, data: { userId: command.userId } },
      ];
    }
    case 'ReleaseEmail':
      return state.holder === command.userId ? [{ type: EMAIL_RELEASED, data: { userId: command.userId } }] : [];
  }
}

export function evolveEmailReservation(state: EmailReservationState, event: { type: string; data: unknown }): EmailReservationState {
  if (event.type === EMAIL_RESERVED) return { holder: (event.data as EmailReservedData).userId };
  if (event.type === EMAIL_RELEASED && (event.data as EmailReleasedData).userId === state.holder) return { holder: null };
  return state;
}

export const emailReservationDecider: Decider<EmailReservationCommand, EmailReservationEvent, EmailReservationState> = {
  initialState: () => ({ holder: null }),
  evolve: evolveEmailReservation,
  decide: decideEmailReservation,
};

/** Who holds the address after these events of its reservation stream (null: free). */
export const emailHolder = (events: readonly { type: string; data: unknown }[]): string | null => events.reduce(evolveEmailReservation, { holder: null }).holder;
