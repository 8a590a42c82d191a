// The dispatcher (ARCHITECTURE.md §7): a checkpointed subscription that turns chosen events into
// BullMQ jobs whose job id is the event id. Appends never touch Redis; when Redis is down the adds
// time out, the subscription retries the same batch with backoff (forever: Redis away is transient,
// never a failing mark, ADR 0010 §7), and the checkpoint moves only after Redis accepted every job
// of the batch. An event that cannot become a job (a route's data() throws, a job Redis refuses
// while up) is tried a bounded number of times, then the dispatcher is marked failing at it. A crash
// between the add and the checkpoint re-adds the same job ids, which BullMQ ignores: nothing is
// skipped, nothing doubled. Redis that comes back without its data is healed by the marker
// (marker.ts): lost jobs are derived again from the log, so consumers must be idempotent by job id
// beyond BullMQ's memory (the mail processor keeps sent_mail).
import { Queue } from 'bullmq';
import type { Cluster, Redis } from 'ioredis';
import { CheckpointedConsumer, type ConsumerSettings, type ConsumerState } from '../consumers/checkpointed-consumer.js';
import { DispatchMarker } from './marker.js';
import { RedisUnavailableError, redisWork, withTimeout } from './redis-work.js';
import { assertRoutes, planJobs, type DispatchRoutes } from './routes.js';

export { RedisUnavailableError } from './redis-work.js';
export { assertRoutes, defaultJobData, planJobs, type DispatchedJob, type DispatchRoute, type DispatchRoutes } from './routes.js';

/** `name`: the consumer's checkpoint name (one per dispatcher: 'notifications'). */
export interface DispatcherOptions extends ConsumerSettings {
  /** An ioredis client (or Cluster, with a hash-tagged prefix) with `maxRetriesPerRequest: null`; yours to close after stop(). */
  connection: Redis | Cluster;
  /** BullMQ key prefix (no ':'; a {hash tag} in it on a Redis Cluster). */
  prefix?: string;
  routes: DispatchRoutes;
  /** Events per batch (default 200). */
  batchSize?: number;
  /** How long one addBulk may wait for Redis before the batch is retried (default 5000 ms). */
  addTimeoutMs?: number;
  /** Where a dispatcher that has never run starts: 'beginning' (default: nothing appended before its first start is lost) or 'head' (a new route set over an old log: no history re-sent). */
  startAt?: 'beginning' | 'head';
  /** After each batch's jobs were accepted and its checkpoint committed. */
  onDispatched?(info: { position: number; jobs: number }): void;
  /** When Redis lost everything (no marker at all), jobs of events recorded this long before are derived again (default 24 h). */
  redeliverWindowMs?: number;
  /** How often Redis is checked for lost jobs besides every reconnect (default 10 s). */
  redisCheckMs?: number;
  /** After the checkpoint was rewound because Redis had lost jobs. */
  onRedeliver?(info: { from: number; to: number; reason: string }): void;
}

export type DispatcherState = ConsumerState;

/** Turns routed events into BullMQ jobs, as a checkpointed consumer (one leader per name). */
export class Dispatcher {
  private readonly queues = new Map<string, Queue>();
  private readonly consumer: CheckpointedConsumer;
  private readonly marker: DispatchMarker;

  constructor(private readonly options: DispatcherOptions) {
    assertRoutes(options.routes);
    const timeoutMs = options.addTimeoutMs ?? 5000;
    this.marker = new DispatchMarker({ ...options, timeoutMs, redeliverWindowMs: options.redeliverWindowMs ?? 24 * 3600_000 });
    let jobs = 0;
    this.consumer = new CheckpointedConsumer({
      ...options,
      kind: 'dispatcher',
      batchSize: options.batchSize ?? 200,
      isTransient: (e) => e instanceof RedisUnavailableError,
      handle: async (events, from) => {
        // A throw here (a route's data(), a ':' in an id) is the event's: tried a bounded number of times.
        const plan = planJobs(events, options.routes);
        // While Redis is away, fail fast instead of piling adds into ioredis's offline queue on every retry.
        const away = ['reconnecting', 'close', 'end'].includes(options.connection.status);
        if (away && plan.size > 0) throw new RedisUnavailableError(`Redis is ${options.connection.status}; batch after ${from} retried later`);
        // The marker (ADR 0011) is read and written like the jobs: Redis away is transient.
        if (!away && !(await redisWork(options.connection, () => this.marker.open(from)))) return; // the consumer rereads its moved checkpoint
        jobs = 0;
        for (const [queue, list] of plan) {
          // A throw retries this whole batch: re-adds are deduped by job id.
          // Redis up but refusing these jobs (e.g. data it cannot take) is the event's fault; Redis away is not.
          await redisWork(options.connection, () => withTimeout(this.queue(queue).addBulk(list), timeoutMs, `addBulk to ${queue}`));
          jobs += list.length;
        }
        // In the same Redis as the jobs, after them: a snapshot that has this value has those jobs.
        if (!away) await redisWork(options.connection, () => this.marker.advance(events[events.length - 1].position));
      },
      committed: (position) => options.onDispatched?.({ position, jobs }),
      closed: async () => {
        await Promise.all([...this.queues.values()].map((q) => q.close().catch(() => {})));
        this.queues.clear();
      },
    });
  }

  get state(): DispatcherState {
    return this.consumer.state;
  }
  /** The checkpoint this instance last committed (-1 before it led). */
  get position(): number {
    return this.consumer.position;
  }

  start(): this {
    this.consumer.start();
    // Back after an outage: check at once whether Redis still has the jobs (not only at the next
    // event), and now and then besides (a FLUSHALL comes without a reconnect).
    this.options.connection.on('ready', this.checkRedis);
    this.watchdog = setInterval(this.checkRedis, this.options.redisCheckMs ?? 10_000);
    this.watchdog.unref();
    return this;
  }

  stop(): Promise<void> {
    this.options.connection.off('ready', this.checkRedis);
    if (this.watchdog) clearInterval(this.watchdog);
    return this.consumer.stop();
  }

  private watchdog?: NodeJS.Timeout;
  private checking = false;

  private readonly checkRedis = () => {
    const position = this.consumer.position;
    if (this.checking || this.consumer.state !== 'running' || position <= 0 || this.options.connection.status !== 'ready') return;
    this.checking = true;
    this.marker
      .check(position)
      .then((moved) => moved && this.consumer.resync())
      .catch((e: unknown) => this.options.onError?.(e))
      .finally(() => (this.checking = false));
  };

  private queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.options.connection, prefix: this.options.prefix });
      q.on('error', (e) => this.options.onError?.(e));
      this.queues.set(name, q);
    }
    return q;
  }
}
