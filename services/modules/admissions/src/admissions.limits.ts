import type { RateLimitRule } from '@academy/backend';

// Per-IP limits of the public forms (ARCHITECTURE.md §6). Generous enough for a family or a school
// sharing one address, low enough that a script fills nobody's inbox. Fixed windows of an hour.
const WINDOW = 60 * 60;
export const LIMITS = {
  applicationsIp: { name: 'applications:ip', limit: 10, windowSeconds: WINDOW },
  quickContactsIp: { name: 'quick-contacts:ip', limit: 10, windowSeconds: WINDOW },
} satisfies Record<string, RateLimitRule>;
