import { z } from 'zod';
import { auditJobStateSchema } from './audit-fields.js';

// ── replay (issue 16 "Replay", ADR 0034) ───────────────────────────────────────────────────────────

/** POST /api/audit/replays (auditor, admin) → 202 { id }: every projection is replayed into a scratch schema by a job (the worker). */
export const replayAcceptedSchema = z.object({ id: z.string() });
export type ReplayAccepted = z.infer<typeof replayAcceptedSchema>;

const replaySide = z.enum(['live-only', 'replay-only']);
/** One projection's outcome: compared at `position`; how many rows differ per table and side. */
export const replayProjectionSchema = z.object({
  name: z.string(),
  version: z.number().int(),
  result: z.enum(['equal', 'different', 'skipped']),
  position: z.number().int(),
  reason: z.string().nullable(),
  differing: z.array(z.object({ table: z.string(), side: replaySide, rows: z.number().int() })),
  missingTables: z.array(z.object({ table: z.string(), side: replaySide })),
});
export type ReplayProjection = z.infer<typeof replayProjectionSchema>;
/** A differing row: in the live table only, or in the replay only (a changed row is one of each). */
export const replayRowSchema = z.object({ projection: z.string(), table: z.string(), side: replaySide, row: z.record(z.string(), z.unknown()) });
export type ReplayRow = z.infer<typeof replayRowSchema>;

/**
 * GET /api/audit/replays/:id (auditor, admin): where a replay is; poll until `done`. 404 for an unknown id.
 * `progress`: projection `index` of `count`, log position `applied` of `head` (null before the job reports).
 * `rows`: the first differing rows of each table and side, kept for the LAST replay only (`rowsKept`
 * false once a later one replaced them); `personal` says whether their values may show personal data
 * in clear ('clear': an admin or a granted auditor) or were masked ('masked').
 */
export const replayStatusSchema = z.object({
  id: z.string(),
  state: auditJobStateSchema,
  requestedAt: z.string(),
  byUserId: z.string(),
  progress: z.object({ projection: z.string(), index: z.number().int(), count: z.number().int(), applied: z.number().int(), head: z.number().int() }).nullable(),
  result: z.object({ at: z.string(), equal: z.boolean(), projections: z.array(replayProjectionSchema) }).nullable(),
  personal: z.enum(['clear', 'masked']),
  rows: z.array(replayRowSchema),
  rowsKept: z.boolean(),
});
export type ReplayStatus = z.infer<typeof replayStatusSchema>;
/** GET /api/audit/replays (auditor, admin): the last replay asked for (null: none yet). */
export const replayLatestSchema = z.object({ replay: replayStatusSchema.nullable() });
export type ReplayLatest = z.infer<typeof replayLatestSchema>;

export const AUDIT_REPLAY_MESSAGES = {
  replayNotFound: 'Replay not found',
} as const;
