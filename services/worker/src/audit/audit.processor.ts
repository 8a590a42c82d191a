import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Job, Queue, Worker } from 'bullmq';
import { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { type AppConfig, createRedis, EVENT_STORE, PG_POOL, type RedisClient } from '@academy/backend';
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
import { workerOptions } from '../queue-options.js';

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
  private worker?: Worker;
  private queue?: Queue;
  private readonly connections: RedisClient[] = [];
  private watchdog?: NodeJS.Timeout;
  private stopping = false;
  private key?: SigningKey;

  constructor(
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(WORKER_REGISTRY) private readonly registry: WorkerRegistry,
    private readonly em: EntityManager,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const connection = createRedis(this.config, 'academy-worker-audit');
    const scheduling = createRedis(this.config, 'academy-worker-audit-scheduler');
    this.connections.push(connection, scheduling);
    this.queue = new Queue(AUDIT_QUEUE, { connection: scheduling, prefix: this.config.QUEUE_PREFIX });
    this.queue.on('error', (err) => this.log.warn(`audit queue: ${err.message}`));
    await this.ensureScheduler();
    // Redis may come back without its data: put the scheduler back on every reconnect, and check now and then.
    scheduling.on('ready', () => void this.ensureScheduler().catch((e: Error) => this.log.warn(`checkpoint scheduler: ${e.message}`)));
    this.watchdog = setInterval(() => void this.ensureScheduler().catch(() => {}), SCHEDULER_CHECK_MS);
    this.watchdog.unref();
    this.worker = new Worker(AUDIT_QUEUE, (job) => this.process(job), { connection, ...workerOptions(this.config), concurrency: 1 });
    this.worker.on('failed', (job, err) => this.log.warn(`audit job ${job?.name ?? '?'} ${job?.id ?? '?'} failed: ${err.message}`));
    this.worker.on('error', (err) => this.log.warn(`audit queue: ${err.message}`));
    await this.worker.waitUntilReady();
  }

  /** One scheduler for all replicas (same id); `off` removes it. Idempotent. */
  async ensureScheduler(): Promise<void> {
    const queue = this.queue;
    if (!queue || this.stopping) return;
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
    this.stopping = true;
    if (this.watchdog) clearInterval(this.watchdog);
    await this.worker?.close();
    await this.queue?.close();
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
