import { z } from 'zod';
import { text } from '../text.js';

/**
 * GET /api/federation/manifest: what the shell learns at run time before any remote loads: where each
 * role's remote is, and the academy's time zone (ACADEMY_TIME_ZONE) for due dates.
 */
export const federationManifestSchema = z.object({
  /** IANA zone due dates are entered and shown in (libs/web/dashboard/src/format.ts). */
  academyTimeZone: z.string().min(1),
  remotes: z.array(
    z.object({
      /** Module Federation name, an identifier: dashboard_student. */
      name: z.string().regex(/^[a-z][a-z0-9_]*$/),
      /** URL of the remote's mf-manifest.json (or remoteEntry.js), absolute or same-origin. */
      entry: z.string().min(1),
    }),
  ),
});
export type FederationManifest = z.infer<typeof federationManifestSchema>;

/** POST /api/client-events/not-found: the shell's 404 page reports the visit (spec §2). */
export const notFoundReportSchema = z.object({
  path: text().min(1).max(2048),
  referrer: text().max(2048).optional().default(''),
});
export type NotFoundReport = z.infer<typeof notFoundReportSchema>;

/** GET /api/health (@nestjs/terminus): 200 'ok', or 200 'degraded' when a silent worker or a failing projection or consumer marks its entry degraded; 503 'error' when db or redis is down. */
const healthEntriesSchema = z.record(z.string(), z.looseObject({ status: z.string() }));
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'error', 'shutting_down']),
  info: healthEntriesSchema.optional(),
  error: healthEntriesSchema.optional(),
  details: healthEntriesSchema,
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/health/live: the process answers HTTP (the liveness probe), whatever Postgres and Redis do. */
export const liveResponseSchema = z.object({ status: z.literal('ok') });
