// The replay of every projection as a BullMQ job (issue 16 "Replay", ADR 0034): the dispatcher (worker)
// turns each ReplayRequested into a job on AUDIT_QUEUE whose id is the request's event id; this runs
// auditReplay with its progress on the job, keeps the differing rows in the audit context's table, and
// appends the outcome (ReplayCompleted: results and counts, never rows) caused by the request.
import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { auditReplay, type EventMetadata, type EventStore, type Projection, type ReplayProgress, runCommand } from '@academy/event-store';
import { REPLAY_COMPLETED, type ReplayCompletedData, type ReplayRequestedData, REPLAYS_STREAM } from '../domain/audit-events.js';
import { REPLAY_MAX_ROWS, saveReplayRows } from '../trail/replay-rows.js';

export const REPLAY_JOB = 'replay';

/** What the job needs of a BullMQ Job (its data is the dispatcher's defaultJobData). */
export interface ReplayJob {
  data: { eventId: string; data: ReplayRequestedData; metadata: EventMetadata };
  updateProgress(progress: ReplayProgress): Promise<unknown>;
}

export interface ReplayJobDeps {
  store: EventStore;
  pool: pg.Pool;
  /** The differing rows are kept through it (AuditReplayRow). */
  em: EntityManager;
  /** Every projection the worker runs (its registry). */
  projections: Projection[];
  now?: () => Date;
}

/** Runs the replay; the job's return value is the outcome event's data (counts, no rows). */
export async function runReplayJob(deps: ReplayJobDeps, job: ReplayJob): Promise<ReplayCompletedData> {
  const request = job.data;
  // A job run again after its outcome was appended (a Redis that lost it) changes nothing.
  const done = (await deps.store.readStream(REPLAYS_STREAM)).find((e) => e.type === REPLAY_COMPLETED && (e.data as ReplayCompletedData).requestId === request.eventId);
  if (done) return done.data as ReplayCompletedData;
  // A progress report is one Redis write per batch of 2000 events: not awaited, so the replay never waits on Redis.
  const r = await auditReplay({
    store: deps.store,
    pool: deps.pool,
    projections: deps.projections,
    maxRows: REPLAY_MAX_ROWS,
    onProgress: (p) => void job.updateProgress(p).catch(() => {}),
  });
  await saveReplayRows(deps.em, request.eventId, r.projections);
  const outcome: ReplayCompletedData = {
    requestId: request.eventId,
    byUserId: request.data.byUserId,
    equal: r.equal,
    projections: r.projections.map((p) => ({
      name: p.name,
      version: p.version,
      result: p.result,
      position: p.position,
      reason: p.reason ?? null,
      differing: p.counts,
      missingTables: p.missingTables,
    })),
  };
  const metadata: EventMetadata = { ...request.metadata, causationId: request.eventId, occurredAt: (deps.now?.() ?? new Date()).toISOString() };
  await runCommand(deps.store, metadata, {
    idempotencyKey: `replay-${request.eventId}`,
    execute: (unit) => unit.emit(REPLAYS_STREAM, [{ type: REPLAY_COMPLETED, data: outcome }], 'any'),
  });
  return outcome;
}
