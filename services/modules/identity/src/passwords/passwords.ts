import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { DomainError } from '@academy/event-store';
import { IDENTITY_MESSAGES } from '@academy/contracts';
import { isCommonPassword } from './common-passwords.js';

// Argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** Never throws on a malformed stored hash: that is just a wrong password. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Hashed once: checking an unknown email costs the same argon2 work as checking a known one.
let dummy: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('dummy-password-for-timing-only');
  await verifyPassword(await dummy, password);
}

/** Length is checked by the contract's schema; this refuses the guessable ones, naming the field. */
export function assertPasswordAcceptable(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw new DomainError('invalid', IDENTITY_MESSAGES.passwordTooCommon, { [field]: [IDENTITY_MESSAGES.passwordTooCommon] });
}

/** 24 random bytes → 32 url-safe characters: ~192 bits, never on any common-password list. */
export const generatePassword = () => randomBytes(24).toString('base64url');

/** A generated password and its hash: what Create User, Re-issue password and the first setup hand out. */
export async function newTemporaryPassword(): Promise<{ temporaryPassword: string; passwordHash: string }> {
  const temporaryPassword = generatePassword();
  return { temporaryPassword, passwordHash: await hashPassword(temporaryPassword) };
}
