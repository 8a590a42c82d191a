import type { RateLimitRule } from '@academy/backend';

// The public certificate lookup (/verify/<code>, ADR 0030) per address (ADR 0013): an employer or a
// registrar checks a handful of certificates; a script trying codes is stopped long before it could
// matter (the codes carry 128 random bits anyway). Fixed windows of 15 minutes.
export const ENROLLMENT_LIMITS = {
  certificateLookupsIp: { name: 'certificate-lookups:ip', limit: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;
