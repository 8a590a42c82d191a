import { EMAIL_RELEASED, EMAIL_RESERVED, emailHolder, emailStream } from './email-reservation.js';

const reserved = (userId: string) => ({ type: EMAIL_RESERVED, data: { userId } });
const released = (userId: string) => ({ type: EMAIL_RELEASED, data: { userId } });

describe('email reservation', () => {
  it('is free until reserved, held by the reserver, free again once released, then held by the next', () => {
    expect(emailHolder([])).toBeNull();
    expect(emailHolder([reserved('a')])).toBe('a');
    expect(emailHolder([reserved('a'), released('a')])).toBeNull();
    expect(emailHolder([reserved('a'), released('a'), reserved('b')])).toBe('b');
  });

  it("ignores a release by someone who does not hold the address", () => {
    expect(emailHolder([reserved('a'), released('x')])).toBe('a');
  });

  it('names the stream by the lookup value it is given (the keyed HMAC), never by the address', () => {
    expect(emailStream('ab12')).toBe('email-ab12');
  });
});
