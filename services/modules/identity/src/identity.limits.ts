import type { RateLimitRule } from '@academy/backend';

// ARCHITECTURE.md §6. Sign-in counts only failures, never a success, so a class signing in behind one
// school address at the start of a lesson uses up nothing. The failures are counted per (account,
// address), which stops a guesser at one address without locking the account's owner out from
// theirs, and per address, which stops one address trying a password on many accounts. Sign-up and
// the password change count every attempt. Windows are fixed, 15 minutes.
const WINDOW = 15 * 60;
export const LIMITS = {
  signInFailuresAccountAddress: { name: 'sign-in:failures:account-ip', limit: 10, windowSeconds: WINDOW },
  signInFailuresAddress: { name: 'sign-in:failures:ip', limit: 25, windowSeconds: WINDOW },
  signUpIp: { name: 'sign-up:ip', limit: 20, windowSeconds: WINDOW },
  signUpEmail: { name: 'sign-up:email', limit: 10, windowSeconds: WINDOW },
  /** Guessing the current password from a stolen session: like sign-in, per account. */
  changePasswordUser: { name: 'change-password:user', limit: 10, windowSeconds: WINDOW },
} satisfies Record<string, RateLimitRule>;
