// The step sign-up, Create User and the first-admin setup share: claim the address and register the
// account in ONE append (the pipeline stages both streams; appendMany, ADR 0006). There is no state
// in which one exists without the other, so nothing has to be repaired later.
import type { CommandUnit, LoadedStream } from '@academy/event-store';
import { emailReservationDecider, emailStream } from '../domain/email-reservation.js';
import { type UserCommand, userDecider } from '../domain/user.decide.js';
import { userStream, type UserState } from '../domain/user.js';

/**
 * Stages the claim of `emailHash` for `register.userId` and the registration. Throws emailTaken() when
 * another live account holds the address; the user stream refuses (conflict) an account that exists.
 */
export async function registerAccount(unit: CommandUnit, register: Extract<UserCommand, { type: 'RegisterUser' }>): Promise<LoadedStream<UserState>> {
  const reservation = await unit.load(emailStream(register.emailHash), emailReservationDecider);
  const holder = reservation.state.holder;
  // Only a holder other than this user needs its account read (is it gone?).
  const holderGone = holder !== null && holder !== register.userId && (await isGone(unit, holder));
  unit.decide(reservation, emailReservationDecider, { type: 'ClaimEmail', userId: register.userId, holderGone });
  const user = await unit.load(userStream(register.userId), userDecider);
  unit.decide(user, userDecider, register);
  return user;
}

async function isGone(unit: CommandUnit, userId: string): Promise<boolean> {
  const { state } = await unit.load(userStream(userId), userDecider);
  return state.deleted || !state.exists;
}
