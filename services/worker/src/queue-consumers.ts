// How this process consumes its BullMQ queues (mail, system, audit, git), written once: a Worker on a Redis
// connection of its own, and for the queues fed by a job scheduler, the scheduler kept in Redis.
import type { Logger } from '@nestjs/common';
import { type BackoffStrategy, type Job, Queue, Worker } from 'bullmq';
import { type AppConfig, createRedis, type RedisClient } from '@academy/backend';

const quit = (connection: RedisClient) => connection.quit().catch(() => connection.disconnect());

export interface ConsumerSpec {
  queue: string;
  /** Its Redis connection's name (CLIENT LIST). */
  connectionName: string;
  /** The queue's name in log lines: "<label> queue: <error>". */
  label: string;
  concurrency: number;
  process: (job: Job) => Promise<unknown>;
  /** The warning line of a failed attempt. */
  failed: (job: Job | undefined, err: Error) => string;
  /** The pauses of jobs whose backoff type is a custom one (BullMQ's `settings.backoffStrategy`). */
  backoffStrategy?: BackoffStrategy;
}

/**
 * A queue's Worker. BullMQ does not close a connection it was given, so the consumer owns its own and
 * close() drops it; a dead worker's job is taken over after QUEUE_STALL_MS. BullMQ reconnects by itself;
 * without an 'error' listener it prints each lost connection as a stack trace: one line each is enough.
 */
export class QueueConsumer {
  private readonly connection: RedisClient;
  private readonly worker: Worker;

  constructor(config: AppConfig, log: Logger, spec: ConsumerSpec) {
    this.connection = createRedis(config, spec.connectionName);
    this.worker = new Worker(spec.queue, (job) => spec.process(job), {
      connection: this.connection,
      prefix: config.QUEUE_PREFIX,
      lockDuration: config.QUEUE_STALL_MS,
      stalledInterval: config.QUEUE_STALL_MS,
      concurrency: spec.concurrency,
      ...(spec.backoffStrategy ? { settings: { backoffStrategy: spec.backoffStrategy } } : {}),
    });
    this.worker.on('failed', (job, err) => log.warn(spec.failed(job, err)));
    this.worker.on('error', (err) => log.warn(`${spec.label} queue: ${err.message}`));
  }

  async ready(): Promise<void> {
    await this.worker.waitUntilReady();
  }

  /** Lets the running jobs finish (BullMQ's close waits for them), then drops the connection. */
  async close(): Promise<void> {
    await this.worker.close();
    await quit(this.connection);
  }
}

export interface SchedulerSpec {
  /** The scheduler's connection's name (CLIENT LIST). */
  connectionName: string;
  /** The scheduler's name in log lines: "<name>: <error>". */
  name: string;
  /** How often its presence is checked besides every reconnect. */
  checkMs: number;
  /** Registers the scheduler on `queue` unless Redis has it as it should be (idempotent; one id for all replicas). */
  ensure: (queue: Queue) => Promise<void>;
}

/**
 * A queue fed by a BullMQ job scheduler, and its consumer. The scheduler lives only in Redis, which may
 * come back without its data (a restart without a save, a new replica, FLUSHALL): it is registered at
 * start, again on every reconnect, and checked every `checkMs`.
 */
export class ScheduledQueue {
  private readonly connection: RedisClient;
  private readonly queue: Queue;
  private consumer?: QueueConsumer;
  private watchdog?: NodeJS.Timeout;
  private stopping = false;

  constructor(
    private readonly config: AppConfig,
    private readonly log: Logger,
    private readonly scheduler: SchedulerSpec,
    private readonly consumerSpec: ConsumerSpec,
  ) {
    this.connection = createRedis(config, scheduler.connectionName);
    this.queue = new Queue(consumerSpec.queue, { connection: this.connection, prefix: config.QUEUE_PREFIX });
    this.queue.on('error', (err) => log.warn(`${consumerSpec.label} queue: ${err.message}`));
  }

  async start(): Promise<void> {
    await this.ensureScheduler();
    this.connection.on('ready', () => void this.ensureScheduler().catch((e: Error) => this.log.warn(`${this.scheduler.name}: ${e.message}`)));
    this.watchdog = setInterval(() => void this.ensureScheduler().catch(() => {}), this.scheduler.checkMs);
    this.watchdog.unref();
    this.consumer = new QueueConsumer(this.config, this.log, this.consumerSpec);
    await this.consumer.ready();
  }

  async ensureScheduler(): Promise<void> {
    if (!this.stopping) await this.scheduler.ensure(this.queue);
  }

  /** Stops the checks, lets the running job finish, then closes the queue and drops the connections. */
  async close(): Promise<void> {
    this.stopping = true;
    if (this.watchdog) clearInterval(this.watchdog);
    await this.consumer?.close();
    await this.queue.close();
    await quit(this.connection);
  }
}
