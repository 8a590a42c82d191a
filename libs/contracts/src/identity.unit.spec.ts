// The new-password rule the sign-up form and the API both parse with (ADR 0037: 8 characters, not
// the spec's 6), and its message: the spec's text word for word, which names the number itself.
import { describe, expect, it } from '@jest/globals';
import { IDENTITY_MESSAGES, PASSWORD_MIN } from './copy/identity.js';
import { newPasswordSchema, signUpRequestSchema } from './http/identity.js';

const signUp = (password: string) => signUpRequestSchema.safeParse({ fullName: 'Thandi Nkosi', email: 'thandi@academy.test', password });

describe('new-password length', () => {
  it('refuses 7 characters with the spec text on the password field, accepts 8', () => {
    const short = signUp('kx7qm2p');
    expect(short.success).toBe(false);
    expect(short.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['password', 'Password must be at least 8 characters']]);
    expect(signUp('kx7qm2pz').success).toBe(true);
  });

  it('keeps the message and the rule on the same number: the text is literal, so a new minimum must change both', () => {
    expect(IDENTITY_MESSAGES.passwordTooShort).toBe(`Password must be at least ${PASSWORD_MIN} characters`);
    expect(newPasswordSchema.safeParse('x'.repeat(PASSWORD_MIN - 1)).error?.issues[0].message).toBe(IDENTITY_MESSAGES.passwordTooShort);
  });
});
