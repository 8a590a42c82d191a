// Checkpoints on a schedule (issue 16): without them a history rewritten together with its hashes is
// caught only from the day someone remembered to sign one. The worker's job scheduler adds one job
// per interval (AUDIT_CHECKPOINT_EVERY) on the audit queue; this walks the whole chain like a
// requested verification, records the outcome, and when it is ok signs the head it walked to with
// the key that is not in the database. Both events are the system's (no user), and their ids derive
// from the job's id, so a job run again (a worker killed mid-walk) appends nothing twice.
import { randomUUID } from 'node:crypto';
import { type EventMetadata, type EventStore, runCommand, signCheckpoint, type SigningKey } from '@academy/event-store';
import { CHAIN_VERIFIED, CHECKPOINT_SIGNED, CHECKPOINTS_STREAM, type ChainVerifiedData, VERIFICATIONS_STREAM } from '../domain/audit-events.js';

export const SCHEDULED_CHECKPOINT_JOB = 'scheduled-checkpoint';
export const CHECKPOINT_SCHEDULER_ID = 'audit-scheduled-checkpoint';

export interface ScheduledCheckpointJob {
  id?: string;
  updateProgress(progress: { checked: number; total: number }): Promise<unknown>;
}

export type ScheduledCheckpointOutcome =
  | { signed: true; position: number; verification: ChainVerifiedData }
  | { signed: false; reason: string; verification: ChainVerifiedData | null };

/** "24h", "30m", "45s", "7d" → milliseconds (0 or "off": no schedule). */
export function checkpointIntervalMs(every: string): number {
  if (every === '0' || every === 'off') return 0;
  const m = /^(\d+)(s|m|h|d)$/.exec(every.trim());
  if (!m) throw new Error(`AUDIT_CHECKPOINT_EVERY must be a duration like 24h, 30m or 7d (or off), not "${every}"`);
  return Number(m[1]) * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 's' | 'm' | 'h' | 'd'];
}

export async function runScheduledCheckpoint(store: EventStore, job: ScheduledCheckpointJob, key: () => SigningKey, now: () => Date = () => new Date()): Promise<ScheduledCheckpointOutcome> {
  // Job schedulers give each run its own id ("repeat:<scheduler>:<time>"): the idempotency keys' root.
  const runId = job.id ?? `${CHECKPOINT_SCHEDULER_ID}:${now().getTime()}`;
  // One correlation for the run: the Why view and the Event log group its verification and its checkpoint.
  const correlationId = randomUUID();
  const metadata = (): EventMetadata => ({ actorId: null, actorRole: 'system', correlationId, causationId: null, occurredAt: now().toISOString() });
  const r = await store.verify({ onProgress: (p) => job.updateProgress(p).then(() => undefined) });
  const verification: ChainVerifiedData = {
    requestId: runId,
    ok: r.ok,
    checked: r.checked,
    position: r.ok ? null : r.position,
    reason: r.ok ? null : r.reason,
    byUserId: null,
    head: r.ok ? r.head : null,
  };
  await runCommand(store, metadata(), {
    idempotencyKey: `scheduled-verification-${runId}`,
    execute: (unit) => unit.emit(VERIFICATIONS_STREAM, [{ type: CHAIN_VERIFIED, data: verification }], 'any'),
  });
  // A broken chain is recorded (the Overview and /metrics show it); nothing is signed over it.
  if (!r.ok || !verification.head) return { signed: false, reason: `the chain is broken at ${verification.position}: ${verification.reason}`, verification };
  // An empty log has no head to vouch for (this run's own record makes the next run's).
  if (verification.head.position < 1) return { signed: false, reason: 'the log was empty', verification };
  const signed = signCheckpoint(key(), verification.head, now().toISOString());
  await runCommand(store, metadata(), {
    idempotencyKey: `scheduled-checkpoint-${runId}`,
    execute: (unit) => unit.emit(CHECKPOINTS_STREAM, [{ type: CHECKPOINT_SIGNED, data: { ...signed, byUserId: null, verificationId: runId } }], 'any'),
  });
  return { signed: true, position: signed.position, verification };
}
