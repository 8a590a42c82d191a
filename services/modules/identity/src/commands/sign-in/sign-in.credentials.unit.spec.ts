// The credential check's two refusals cost the same argon2 work, shown without a clock: an unknown
// email runs exactly one verification (against a dummy hash), like a known email with a wrong
// password, so no fast path tells a guesser which addresses have accounts.
import { jest } from '@jest/globals';
import { UnauthorizedException } from '@nestjs/common';

const verifyPassword = jest.fn(async (_stored: string, _password: string) => false);
const burnPasswordCheck = jest.fn(async (_password: string) => undefined);
interface Account {
  user: { id: string; email: string; fullName: string; role: 'student'; firstLoginCompleted: boolean };
  passwordHash: string | null;
  selfRegistered: boolean;
  verified: boolean;
}
// The account the address names (sign-in.read.ts reads it from the users read model).
let account: Account | null = null;
jest.unstable_mockModule('../../passwords/passwords.js', () => ({ verifyPassword, burnPasswordCheck }));
jest.unstable_mockModule('./sign-in.read.js', () => ({ readSignInAccount: async () => account }));
const { SignInCredentials } = await import('./sign-in.credentials.js');

const known: Account = { user: { id: 'u1', email: 'ada@example.org', fullName: 'Ada', role: 'student', firstLoginCompleted: true }, passwordHash: '$argon2id$stored', selfRegistered: false, verified: true };
const credentials = (found: Account | null) => {
  account = found;
  return new SignInCredentials({} as never, { of: (e: string) => `lookup:${e}` } as never, {} as never, () => new Date());
};

beforeEach(() => {
  verifyPassword.mockClear();
  burnPasswordCheck.mockClear();
});

it('an unknown email: one argon2 verification against the dummy hash, then 401', async () => {
  await expect(credentials(null).check({ email: 'nobody@example.org', password: 'guess one' })).rejects.toBeInstanceOf(UnauthorizedException);
  expect(burnPasswordCheck.mock.calls).toEqual([['guess one']]);
  expect(verifyPassword).not.toHaveBeenCalled();
});

it('a known email with a wrong password: one argon2 verification against its hash, then the same 401', async () => {
  const error = await credentials(known).check({ email: 'ada@example.org', password: 'guess two' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UnauthorizedException);
  expect((error as UnauthorizedException).message).toBe('Invalid email or password');
  expect(verifyPassword.mock.calls).toEqual([[known.passwordHash, 'guess two']]);
  expect(burnPasswordCheck).not.toHaveBeenCalled();
});

it('an account without a password yet (invited, never signed in) is treated as unknown: the same work', async () => {
  await expect(credentials({ ...known, passwordHash: null }).check({ email: 'ada@example.org', password: 'guess three' })).rejects.toBeInstanceOf(UnauthorizedException);
  expect(burnPasswordCheck).toHaveBeenCalledTimes(1);
  expect(verifyPassword).not.toHaveBeenCalled();
});
