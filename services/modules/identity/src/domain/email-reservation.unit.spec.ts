// given / when / then for the email reservation stream (decider kit).
import { IDENTITY_MESSAGES } from '@academy/contracts';
import { deciderSpec } from '@academy/testing/decider';
import { EMAIL_RELEASED, EMAIL_RESERVED, emailHolder, emailReservationDecider, type EmailReservationEvent, emailStream } from './email-reservation.js';

const reserved = (userId: string): EmailReservationEvent => ({ type: EMAIL_RESERVED, data: { userId } });
const released = (userId: string): EmailReservationEvent => ({ type: EMAIL_RELEASED, data: { userId } });
const address = deciderSpec(emailReservationDecider);
const taken = { kind: 'conflict' as const, message: IDENTITY_MESSAGES.emailTaken, fields: { email: [IDENTITY_MESSAGES.emailTaken] } };

describe('email reservation', () => {
  it('is free until reserved, held by the reserver, free again once released, then held by the next', () => {
    expect(address.given().state.holder).toBeNull();
    expect(address.given(reserved('a')).state.holder).toBe('a');
    expect(address.given(reserved('a'), released('a')).state.holder).toBeNull();
    expect(address.given(reserved('a'), released('a'), reserved('b')).state.holder).toBe('b');
    expect(emailHolder([reserved('a'), released('a'), reserved('b')])).toBe('b');
  });

  it('ignores a release by someone who does not hold the address', () => {
    expect(address.given(reserved('a'), released('x')).state.holder).toBe('a');
  });

  it('a free address is claimed; a released one too', () => {
    address.given().when({ type: 'ClaimEmail', userId: 'a', holderGone: false }).then([reserved('a')]);
    address.given(reserved('a'), released('a')).when({ type: 'ClaimEmail', userId: 'b', holderGone: false }).then([reserved('b')]);
  });

  it("another live account's address is taken; the holder's own claim again changes nothing (a replay)", () => {
    address.given(reserved('a')).when({ type: 'ClaimEmail', userId: 'b', holderGone: false }).thenRefused(taken);
    address.given(reserved('a')).when({ type: 'ClaimEmail', userId: 'a', holderGone: false }).thenNothing();
  });

  it('a holder whose account is gone (deleted without its release, or never registered) is released in the same append as the claim', () => {
    address.given(reserved('a')).when({ type: 'ClaimEmail', userId: 'b', holderGone: true }).then([released('a'), reserved('b')]);
  });

  it('releases only for the holder', () => {
    address.given(reserved('a')).when({ type: 'ReleaseEmail', userId: 'a' }).then([released('a')]);
    address.given(reserved('a')).when({ type: 'ReleaseEmail', userId: 'x' }).thenNothing();
    address.given(reserved('a'), released('a')).when({ type: 'ReleaseEmail', userId: 'a' }).thenNothing();
  });

  it('names the stream by the lookup value it is given (the keyed HMAC), never by the address', () => {
    expect(emailStream('ab12')).toBe('email-ab12');
  });
});
