import type { RateLimitRule } from '@academy/backend';

// ARCHITECTURE.md §6: per IP (a botnet pays per address) and per account (a slow, distributed guess
// at one account still stops). Windows are fixed, 15 minutes.
const WINDOW = 15 * 60;
export const LIMITS = {
  signInIp: { name: 'sign-in:ip', limit: 20, windowSeconds: WINDOW },
  signInEmail: { name: 'sign-in:email', limit: 10, windowSeconds: WINDOW },
  signUpIp: { name: 'sign-up:ip', limit: 20, windowSeconds: WINDOW },
  signUpEmail: { name: 'sign-up:email', limit: 10, windowSeconds: WINDOW },
  /** Guessing the current password from a stolen session: like sign-in, per account. */
  changePasswordUser: { name: 'change-password:user', limit: 10, windowSeconds: WINDOW },
} satisfies Record<string, RateLimitRule>;

/** Answers wait for this projection: every identity screen reads it. */
export const USERS_READ_MODEL = ['identity_users'] as const;
