import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Queue, Worker, type Job } from 'bullmq';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { type AppConfig, createRedis, type RedisClient, HEARTBEAT_EVERY_MS, HEARTBEAT_JOB, SYSTEM_QUEUE } from '@academy/backend';
import { WORKER_CONFIG } from '../tokens.js';
import { workerOptions } from '../queue-options.js';

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
  private queue?: Queue;
  private worker?: Worker;
  private readonly connections: RedisClient[] = [];
  private watchdog?: NodeJS.Timeout;
  private registered = false;
  private stopping = false;

  constructor(
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const connection = createRedis(this.config, 'academy-worker-system');
    const consumer = createRedis(this.config, 'academy-worker-system-consumer');
    // BullMQ does not close connections it was given: onApplicationShutdown does.
    this.connections.push(connection, consumer);
    this.queue = new Queue(SYSTEM_QUEUE, { connection, prefix: this.config.QUEUE_PREFIX });
    this.queue.on('error', (err) => this.log.warn(`system queue: ${err.message}`));
    await this.ensureScheduler();
    // Redis may come back without its data (a restart without a save, a new replica, FLUSHALL): the
    // scheduler lives only there, so put it back on every reconnect and check on it now and then.
    connection.on('ready', () => void this.ensureScheduler().catch((e: Error) => this.log.warn(`heartbeat scheduler: ${e.message}`)));
    this.watchdog = setInterval(() => void this.ensureScheduler().catch(() => {}), SCHEDULER_CHECK_MS);
    this.watchdog.unref();
    this.worker = new Worker(SYSTEM_QUEUE, (job) => this.process(job), {
      connection: consumer,
      ...workerOptions(this.config),
      concurrency: 1,
    });
    this.worker.on('failed', (job, err) => this.log.warn(`job ${job?.id ?? '?'} failed: ${err.message}`));
    // BullMQ reconnects by itself; without a listener it prints each lost connection as a stack trace.
    this.worker.on('error', (err) => this.log.warn(`system queue: ${err.message}`));
    await this.worker.waitUntilReady();
    this.log.log(`worker ${this.workerId} consuming queue ${this.config.QUEUE_PREFIX}:${SYSTEM_QUEUE}`);
  }

  /** Registers the heartbeat's job scheduler unless Redis has it (idempotent; one id for all replicas). */
  async ensureScheduler(): Promise<void> {
    const queue = this.queue;
    if (!queue || this.stopping) return;
    if (await queue.getJobScheduler(HEARTBEAT_JOB)) return;
    // One scheduler for all replicas (same id); each run is a job any worker may take.
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

  /** Lets the running job finish (BullMQ close waits for it), then drops the connections. */
  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.watchdog) clearInterval(this.watchdog);
    await this.worker?.close();
    await this.queue?.close();
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
    this.log.log('stopped');
  }
}
