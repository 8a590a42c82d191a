import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { type AppConfig, EVENT_STORE, PG_POOL } from '@academy/backend';
import { type EventStore, loadSigningKey, type SigningKey } from '@academy/event-store';
import {
  AUDIT_QUEUE,
  CHECKPOINT_SCHEDULER_ID,
  REPLAY_JOB,
  type ReplayJob,
  runReplayJob,
  checkpointIntervalMs,
  runScheduledCheckpoint,
  runVerifyChainJob,
  SCHEDULED_CHECKPOINT_JOB,
  type ScheduledCheckpointJob,
  type VerifyChainJob,
} from '@academy/audit';
import type { WorkerRegistry } from '../projections/projections.host.js';
import { WORKER_CONFIG, WORKER_REGISTRY } from '../tokens.js';
import { ScheduledQueue } from '../queue-consumers.js';

/** How often a worker checks that the checkpoint scheduler is still in Redis (it lives only there). */
const SCHEDULER_CHECK_MS = 60_000;

/**
 * The audit queue's processor (issue 16): whole-chain verifications and replays of every projection,
 * one at a time (each reads the whole log; two at once would only halve each one's speed). The
 * dispatcher adds the requested ones from the log; a job scheduler adds a verification every
 * AUDIT_CHECKPOINT_EVERY that also signs a checkpoint.
 */
@Injectable()
export class AuditProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('audit');
  private queue?: ScheduledQueue;
  private key?: SigningKey;

  constructor(
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(WORKER_REGISTRY) private readonly registry: WorkerRegistry,
    private readonly em: EntityManager,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.queue = new ScheduledQueue(
      this.config,
      this.log,
      { connectionName: 'academy-worker-audit-scheduler', name: 'checkpoint scheduler', checkMs: SCHEDULER_CHECK_MS, ensure: (queue) => this.ensureScheduler(queue) },
      {
        queue: AUDIT_QUEUE,
        connectionName: 'academy-worker-audit',
        label: 'audit',
        concurrency: 1,
        process: (job) => this.process(job),
        failed: (job, err) => `audit job ${job?.name ?? '?'} ${job?.id ?? '?'} failed: ${err.message}`,
      },
    );
    await this.queue.start();
  }

  /** One scheduler for all replicas (same id); `off` removes it. Idempotent. */
  private async ensureScheduler(queue: Queue): Promise<void> {
    const every = checkpointIntervalMs(this.config.AUDIT_CHECKPOINT_EVERY);
    const existing = await queue.getJobScheduler(CHECKPOINT_SCHEDULER_ID);
    if (every === 0) {
      if (existing) await queue.removeJobScheduler(CHECKPOINT_SCHEDULER_ID);
      return;
    }
    if (existing && Number(existing.every) === every) return;
    await queue.upsertJobScheduler(CHECKPOINT_SCHEDULER_ID, { every }, { name: SCHEDULED_CHECKPOINT_JOB, opts: { removeOnComplete: { age: 7 * 24 * 3600 }, removeOnFail: { age: 30 * 24 * 3600 } } });
  }

  private async process(job: Job): Promise<unknown> {
    if (job.name === REPLAY_JOB) {
      const outcome = await runReplayJob({ store: this.store, pool: this.pool, em: this.em, projections: this.registry.projections }, job as unknown as ReplayJob);
      // Counts only: the differing rows may hold personal data and stay in the audit context's table (ADR 0034).
      return { equal: outcome.equal, projections: outcome.projections.map((p) => ({ name: p.name, result: p.result })) };
    }
    if (job.name !== SCHEDULED_CHECKPOINT_JOB) return runVerifyChainJob(this.store, job as unknown as VerifyChainJob);
    const outcome = await runScheduledCheckpoint(this.store, job as unknown as ScheduledCheckpointJob, () => this.signingKey());
    if (outcome.signed) this.log.log(`scheduled checkpoint signed at position ${outcome.position}`);
    else if (!outcome.verification?.ok) this.log.error(`scheduled verification: ${outcome.reason}`);
    return outcome.signed ? { signed: true, position: outcome.position } : { signed: false, reason: outcome.reason };
  }

  /** The checkpoints' Ed25519 key, from AUDIT_SIGNING_KEY (never the database); in production its absence fails the job, visibly. */
  private signingKey(): SigningKey {
    this.key ??= loadSigningKey({ env: process.env, dataDir: this.config.ACADEMY_DATA_DIR, production: this.config.NODE_ENV === 'production' });
    return this.key;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue?.close();
  }
}
