import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
import { type AppConfig, createRedis, EVENT_STORE, type RedisClient } from '@academy/backend';
import type { EventStore } from '@academy/event-store';
import { AUDIT_QUEUE, runVerifyChainJob, type VerifyChainJob } from '@academy/audit';
import { WORKER_CONFIG } from '../tokens.js';

/**
 * The audit queue's processor (issue 16): whole-chain verifications, one at a time (each reads the
 * whole log; two at once would only halve each one's speed). The dispatcher adds the jobs from the log.
 */
@Injectable()
export class AuditProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('audit');
  private worker?: Worker;
  private connection?: RedisClient;

  constructor(
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.connection = createRedis(this.config, 'academy-worker-audit');
    this.worker = new Worker(AUDIT_QUEUE, (job) => runVerifyChainJob(this.store, job as unknown as VerifyChainJob), { connection: this.connection, prefix: this.config.QUEUE_PREFIX, concurrency: 1 });
    this.worker.on('failed', (job, err) => this.log.warn(`verification ${job?.id ?? '?'} failed: ${err.message}`));
    this.worker.on('error', (err) => this.log.warn(`audit queue: ${err.message}`));
    await this.worker.waitUntilReady();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
