import { z } from 'zod';

// Field shapes that several of the audit contracts share (audit.ts, audit-verify.ts,
// audit-time-travel.ts, audit-replay.ts). Internal to the package: index.ts does not re-export this
// file; the schemas built with these are the public surface.

/** A log position given in a query string or a path: a whole number from 1. */
export const position = (label: string) =>
  z.coerce.number({ error: `${label} must be a position` }).int(`${label} must be a position`).min(1, `${label} must be a position`).max(Number.MAX_SAFE_INTEGER, `${label} must be a position`);

/** An optional query field: an empty form input sends '', which counts as absent. */
export const optionalOrEmpty = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal('').transform(() => undefined));

/** Where a job the worker runs (a verification, a replay) is; the screen polls until `done`. */
export const auditJobStateSchema = z.enum(['queued', 'running', 'done']);
