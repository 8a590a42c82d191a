import { z } from 'zod';
import { text } from '../text.js';
import { auditJobStateSchema, position } from './audit-fields.js';

// The auditor's Verify screen (issue 16): the hash chain's head and its verification by a job,
// signed checkpoints, and evidence bundles.

/** The head of the chain: its last position and that event's hash. */
const chainHeadSchema = z.object({ position: z.number().int(), hash: z.string() });

/** The result of the last whole-chain verification. */
export const auditVerificationSchema = z.object({
  /** The request's id (its ChainVerificationRequested event). */
  id: z.string(),
  at: z.string(),
  byUserId: z.string().nullable(),
  ok: z.boolean(),
  checked: z.number().int(),
  /** The first broken position and why, when not ok. */
  position: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** The head the walk ended at when ok (what a checkpoint then signs). */
  head: chainHeadSchema.nullable(),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;

/** GET /api/audit/chain (auditor, admin): the head of the chain and the last verification (null: never verified). */
export const auditChainStateSchema = z.object({
  head: chainHeadSchema,
  lastVerification: auditVerificationSchema.nullable(),
});
export type AuditChainState = z.infer<typeof auditChainStateSchema>;

// ── verification jobs and signed checkpoints (issue 16 step 3) ───────────────────────────────────

/** A signed checkpoint as exported (libs/event-store/src/audit/checkpoint.ts makes and checks them). */
export const signedCheckpointSchema = z.object({
  format: z.literal('academy-checkpoint/1', { error: 'Not a checkpoint file of this academy' }),
  position: z.number({ error: 'Position must be a position' }).int('Position must be a position').min(1, 'Position must be a position'),
  headHash: text({ error: 'Head hash is required' }).length(64, 'Head hash must be 64 hex digits').regex(/^[0-9a-f]{64}$/, 'Head hash must be 64 hex digits'),
  at: text({ error: 'Time is required' }).max(40, 'Time is too long'),
  keyId: text({ error: 'Key id is required' }).max(64, 'Key id is too long'),
  publicKey: text({ error: 'Public key is required' }).max(100, 'Public key is too long'),
  signature: text({ error: 'Signature is required' }).max(200, 'Signature is too long'),
});
export type SignedCheckpointFile = z.infer<typeof signedCheckpointSchema>;

/**
 * POST /api/audit/verifications (auditor, admin) {checkpoint?} → 202 { id }: the whole chain is walked
 * by a job (the worker); with a checkpoint, whose signature is checked first (400 fields.checkpoint),
 * the chain must also pass through it. The request is an event (ChainVerificationRequested).
 */
export const verificationRequestSchema = z.object({ checkpoint: signedCheckpointSchema.optional() });
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;
export const verificationAcceptedSchema = z.object({ id: z.string() });

/** GET /api/audit/verifications/:id (auditor, admin): where the job is; poll until `done`. 404 for an unknown id. */
export const verificationStatusSchema = z.object({
  id: z.string(),
  state: auditJobStateSchema,
  /** Events checked so far of the head when the walk began (null before the job reports). */
  progress: z.object({ checked: z.number().int(), total: z.number().int() }).nullable(),
  /** Against a checkpoint: its position. */
  checkpointPosition: z.number().int().nullable(),
  result: auditVerificationSchema.nullable(),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** One signed checkpoint as the Verify page lists it (newest first), with who made it. */
export const auditCheckpointSchema = signedCheckpointSchema.extend({ id: z.string(), byUserId: z.string().nullable() });
export type AuditCheckpoint = z.infer<typeof auditCheckpointSchema>;
/** GET /api/audit/checkpoints (auditor, admin). */
export const auditCheckpointsResponseSchema = z.object({ checkpoints: z.array(auditCheckpointSchema) });
export type AuditCheckpointsResponse = z.infer<typeof auditCheckpointsResponseSchema>;
/**
 * POST /api/audit/checkpoints (auditor, admin) → 201 { message, checkpoint }: signs the head the last
 * successful verification passed through (409 when there is none). GET /api/audit/checkpoints/:id/export
 * → the checkpoint as a file (application/json attachment); recorded as CheckpointExported.
 */
export const auditCheckpointResponseSchema = z.object({ message: z.string(), checkpoint: auditCheckpointSchema });
export type AuditCheckpointResponse = z.infer<typeof auditCheckpointResponseSchema>;

export const AUDIT_VERIFY_MESSAGES = {
  verificationNotFound: 'Verification not found',
  checkpointNotFound: 'Checkpoint not found',
  verifyFirst: 'Verify the chain first: a checkpoint signs the head a successful verification passed through.',
  checkpointSigned: 'Checkpoint signed',
} as const;

// ── evidence bundles (issue 16) ───────────────────────────────────────────────────────────────────

/** The most events one bundle may be asked for (libs/event-store EVIDENCE_MAX_EVENTS). */
export const AUDIT_EVIDENCE_MAX_RANGE = 20_000;

/**
 * GET /api/audit/evidence?from=&to= (auditor, admin) → the bundle (application/x-ndjson attachment
 * `evidence-<from>-<last>.jsonl`): the events from..to, extended to the nearest signed checkpoint after
 * `to`, with their hashes, that checkpoint, and a signature line. Recorded as EvidenceExported.
 */
export const auditEvidenceQuerySchema = z
  .object({ from: position('From'), to: position('To') })
  .refine((q) => q.to >= q.from, { path: ['to'], message: 'To must not be before From' })
  .refine((q) => q.to - q.from < AUDIT_EVIDENCE_MAX_RANGE, { path: ['to'], message: `A bundle holds at most ${AUDIT_EVIDENCE_MAX_RANGE} events` });
export type AuditEvidenceQuery = z.output<typeof auditEvidenceQuerySchema>;
