import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Job, Queue } from 'bullmq';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { type AppConfig, HEARTBEAT_EVERY_MS, HEARTBEAT_JOB, SYSTEM_QUEUE } from '@academy/backend';
import { WORKER_CONFIG } from '../tokens.js';
import { ScheduledQueue } from '../queue-consumers.js';

/** How often the scheduler's presence is checked besides every reconnect (health turns degraded after 3 missed beats). */
const SCHEDULER_CHECK_MS = 10_000;

/**
 * The system queue's processor. A BullMQ job scheduler enqueues a heartbeat every few seconds; this
 * worker records it in Postgres, so the API's health report sees the whole queue path working.
 */
@Injectable()
export class HeartbeatProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('heartbeat');
  private readonly workerId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly startedAt = new Date();
  private queue?: ScheduledQueue;
  private registered = false;

  constructor(
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.queue = new ScheduledQueue(
      this.config,
      this.log,
      { connectionName: 'academy-worker-system', name: 'heartbeat scheduler', checkMs: SCHEDULER_CHECK_MS, ensure: (queue) => this.ensureScheduler(queue) },
      {
        queue: SYSTEM_QUEUE,
        connectionName: 'academy-worker-system-consumer',
        label: 'system',
        concurrency: 1,
        process: (job) => this.process(job),
        failed: (job, err) => `job ${job?.id ?? '?'} failed: ${err.message}`,
      },
    );
    await this.queue.start();
    this.log.log(`worker ${this.workerId} consuming queue ${this.config.QUEUE_PREFIX}:${SYSTEM_QUEUE}`);
  }

  /** Registers the heartbeat's job scheduler unless Redis has it; each run is a job any worker may take. */
  private async ensureScheduler(queue: Queue): Promise<void> {
    if (await queue.getJobScheduler(HEARTBEAT_JOB)) return;
    await queue.upsertJobScheduler(HEARTBEAT_JOB, { every: HEARTBEAT_EVERY_MS }, { name: HEARTBEAT_JOB, opts: { removeOnComplete: 100, removeOnFail: 100 } });
    if (this.registered) this.log.warn('the heartbeat scheduler was missing from Redis (its data was lost): registered it again');
    this.registered = true;
  }

  async process(job: Job): Promise<void> {
    if (job.name !== HEARTBEAT_JOB) throw new Error(`unknown job ${job.name} on the system queue`);
    await this.orm.em.getConnection().execute(
      `insert into worker_heartbeat (worker_id, hostname, pid, started_at, last_seen_at, jobs_processed)
       values (?, ?, ?, ?, now(), 1)
       on conflict (worker_id) do update set last_seen_at = now(), jobs_processed = worker_heartbeat.jobs_processed + 1`,
      [this.workerId, hostname(), process.pid, this.startedAt],
    );
  }

  /** Lets the running job finish, then drops the connections. */
  async onApplicationShutdown(): Promise<void> {
    await this.queue?.close();
    this.log.log('stopped');
  }
}
