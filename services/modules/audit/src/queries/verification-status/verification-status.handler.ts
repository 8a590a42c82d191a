import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE } from '@academy/backend';
import { DomainError, type EventStore } from '@academy/event-store';
import { AUDIT_VERIFY_MESSAGES, type VerificationStatus } from '@academy/contracts';
import { CHAIN_VERIFICATION_REQUESTED, CHAIN_VERIFIED, type ChainVerificationRequestedData, type ChainVerifiedData, VERIFICATIONS_STREAM } from '../../domain/audit-events.js';
import { AuditJobs } from '../../trail/infra.js';
import { verificationOf } from '../../trail/verifications.js';
import { VerificationStatusQuery } from './verification-status.query.js';

/**
 * Not recorded as a view: the page polls it, and it shows nothing of the log but a count; the request
 * and its outcome are the events. The outcome comes from the log; the progress meanwhile from the job.
 */
@QueryHandler(VerificationStatusQuery)
export class VerificationStatusHandler implements IQueryHandler<VerificationStatusQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly jobs: AuditJobs,
  ) {}

  async execute({ id }: VerificationStatusQuery): Promise<VerificationStatus> {
    const events = await this.store.readStream(VERIFICATIONS_STREAM);
    const request = events.find((e) => e.id === id && e.type === CHAIN_VERIFICATION_REQUESTED);
    if (!request) throw new DomainError('not_found', AUDIT_VERIFY_MESSAGES.verificationNotFound);
    const checkpointPosition = (request.data as ChainVerificationRequestedData).expectedHead?.position ?? null;
    const done = events.find((e) => e.type === CHAIN_VERIFIED && (e.data as ChainVerifiedData).requestId === id);
    if (done) {
      const result = verificationOf(done);
      return { id, state: 'done', progress: { checked: result.checked, total: result.checked }, checkpointPosition, result };
    }
    // Redis away: the answer is "queued" rather than an error; the job runs once the worker reaches it.
    const job = await this.jobs.queue.getJob(id).catch(() => undefined);
    const progress = job && typeof job.progress === 'object' && job.progress !== null && 'checked' in job.progress ? (job.progress as { checked: number; total: number }) : null;
    const active = progress !== null || (job ? (await job.getState().catch(() => 'unknown')) === 'active' : false);
    return { id, state: active ? 'running' : 'queued', progress, checkpointPosition, result: null };
  }
}
