import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import { EVENT_STORE } from '@academy/backend';
import { DomainError, type EventStore, type ReplayProgress } from '@academy/event-store';
import { AUDIT_REPLAY_MESSAGES, type ReplayStatus } from '@academy/contracts';
import { REPLAY_COMPLETED, REPLAY_REQUESTED, type ReplayCompletedData, type ReplayRequestedData, REPLAYS_STREAM } from '../../domain/audit-events.js';
import { maskReplayRow } from '../../domain/replay-rows.js';
import { AuditJobs } from '../../trail/infra.js';
import { keepsRowsOf, replayRowsOf } from '../../trail/replay-rows.js';
import { mayReadPersonal, recordView } from '../../trail/viewer.js';
import { ReplayStatusQuery } from './replay-status.query.js';

/**
 * The outcome comes from the log, the differing rows from the audit context's table (ADR 0034), the
 * progress meanwhile from the job. Polling a running replay shows counts only and is not recorded;
 * an answer that carries differing rows (read-model data, maybe personal) is a view of it: recorded
 * BEFORE the rows are read, and masked for an auditor without a grant as the Event log masks.
 */
@QueryHandler(ReplayStatusQuery)
export class ReplayStatusHandler implements IQueryHandler<ReplayStatusQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly em: EntityManager,
    private readonly jobs: AuditJobs,
  ) {}

  async execute({ caller, id }: ReplayStatusQuery): Promise<ReplayStatus | null> {
    const events = await this.store.readStream(REPLAYS_STREAM);
    const requests = events.filter((e) => e.type === REPLAY_REQUESTED);
    const request = id === null ? requests.at(-1) : requests.find((e) => e.id === id);
    if (!request) {
      if (id === null) return null;
      throw new DomainError('not_found', AUDIT_REPLAY_MESSAGES.replayNotFound);
    }
    const clear = await mayReadPersonal(this.store, caller);
    const base = { id: request.id, requestedAt: request.metadata.occurredAt, byUserId: (request.data as ReplayRequestedData).byUserId, personal: clear ? ('clear' as const) : ('masked' as const) };
    const done = events.find((e) => e.type === REPLAY_COMPLETED && (e.data as ReplayCompletedData).requestId === request.id);
    if (done) {
      const outcome = done.data as ReplayCompletedData;
      const result = { at: done.metadata.occurredAt, equal: outcome.equal, projections: outcome.projections };
      const last = outcome.projections.at(-1);
      const progress = last ? { projection: last.name, index: outcome.projections.length, count: outcome.projections.length, applied: last.position, head: last.position } : null;
      const kept = await keepsRowsOf(this.em, request.id);
      if (!kept) return { ...base, state: 'done', progress, result, rows: [], rowsKept: !outcome.projections.some((p) => p.differing.length > 0) };
      await recordView(this.store, caller, 'replay', { id: request.id }, clear);
      const rows = (await replayRowsOf(this.em, request.id)).map((r) => (clear ? r : { ...r, row: maskReplayRow(r.row) }));
      return { ...base, state: 'done', progress, result, rows, rowsKept: true };
    }
    // Redis away: the answer is "queued" rather than an error; the job runs once the worker reaches it.
    const job = await this.jobs.queue.getJob(request.id).catch(() => undefined);
    const progress = job && typeof job.progress === 'object' && job.progress !== null && 'applied' in job.progress ? (job.progress as ReplayProgress) : null;
    const active = progress !== null || (job ? (await job.getState().catch(() => 'unknown')) === 'active' : false);
    return { ...base, state: active ? 'running' : 'queued', progress, result: null, rows: [], rowsKept: false };
  }
}
