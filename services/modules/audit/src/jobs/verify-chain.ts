// The whole-chain verification as a BullMQ job (issue 16): the dispatcher (worker) turns each
// ChainVerificationRequested into a job on AUDIT_QUEUE whose id is the request's event id; this walks
// the chain, reports progress on the job, and appends the outcome (ChainVerified) caused by the request.
import { type DispatchRoutes, type EventMetadata, type EventStore, runCommand } from '@academy/event-store';
import { REPLAY_JOB } from './replay.js';
import { CHAIN_VERIFICATION_REQUESTED, CHAIN_VERIFIED, REPLAY_REQUESTED, type ChainVerificationRequestedData, type ChainVerifiedData, VERIFICATIONS_STREAM } from '../domain/audit-events.js';

export const AUDIT_QUEUE = 'audit';

/** Routes of the worker's dispatcher: a request becomes one job (kept a day once done, a week once failed). */
export const auditRoutes: DispatchRoutes = {
  [CHAIN_VERIFICATION_REQUESTED]: { queue: AUDIT_QUEUE, jobName: 'verify-chain', opts: { removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } } },
  [REPLAY_REQUESTED]: { queue: AUDIT_QUEUE, jobName: REPLAY_JOB, opts: { removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } } },
};

/** What the job needs of a BullMQ Job (its data is the dispatcher's defaultJobData). */
export interface VerifyChainJob {
  data: { eventId: string; data: ChainVerificationRequestedData; metadata: EventMetadata };
  updateProgress(progress: { checked: number; total: number }): Promise<unknown>;
}

export async function runVerifyChainJob(store: EventStore, job: VerifyChainJob, now: () => Date = () => new Date()): Promise<ChainVerifiedData> {
  const request = job.data;
  const expectedHead = request.data.expectedHead ?? undefined;
  const r = await store.verify({ expectedHead, onProgress: (p) => job.updateProgress(p).then(() => undefined) });
  const outcome: ChainVerifiedData = {
    requestId: request.eventId,
    ok: r.ok,
    checked: r.checked,
    position: r.ok ? null : r.position,
    reason: r.ok ? null : r.reason,
    byUserId: request.data.byUserId,
    head: r.ok ? r.head : null,
  };
  // The requester's act, caused by the request; the derived event id makes a re-run job append nothing new.
  const metadata: EventMetadata = { ...request.metadata, causationId: request.eventId, occurredAt: now().toISOString() };
  await runCommand(store, metadata, {
    idempotencyKey: `verify-chain-${request.eventId}`,
    execute: (unit) => unit.emit(VERIFICATIONS_STREAM, [{ type: CHAIN_VERIFIED, data: outcome }], 'any'),
  });
  return outcome;
}
