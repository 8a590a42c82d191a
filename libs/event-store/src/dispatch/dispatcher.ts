// The dispatcher (ARCHITECTURE.md §7): a checkpointed subscription that turns chosen events into
// BullMQ jobs whose job id is the event id. Appends never touch Redis; when Redis is down the adds
// time out, the subscription retries the same batch with backoff (forever: Redis away is transient,
// never a failing mark, ADR 0010-b §7), and the checkpoint moves only after Redis accepted every job
// of the batch. An event that cannot become a job (a route's data() throws, a job Redis refuses
// while up) is tried a bounded number of times, then the dispatcher is marked failing at it. A crash between the add and the checkpoint re-adds
// the same job ids, which BullMQ ignores: nothing is skipped, nothing doubled.
import { Queue, type BulkJobOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { EventStore, StoredEvent } from '../port.js';
import { CheckpointedConsumer, type ConsumerState } from '../consumers/checkpointed-consumer.js';

export interface DispatchRoute {
  queue: string;
  /** BullMQ job name (default: the event type). */
  jobName?: string;
  /** The job's data (default: `defaultJobData`, which carries no personal data). */
  data?(event: StoredEvent): unknown;
  /** Job options; `jobId` is always the event id. Keep completed jobs (or remove them by age only): a re-add of a removed id is a new job. */
  opts?: Omit<BulkJobOptions, 'jobId'>;
}

export type DispatchRoutes = Record<string, DispatchRoute | DispatchRoute[]>;

export interface DispatchedJob {
  name: string;
  data: unknown;
  opts: BulkJobOptions & { jobId: string };
}

/**
 * What a job carries by default: the event's identity and public data. Personal data stays in the
 * log (encrypted, erasable): the processor reads it back by position when it sends, so an erasure
 * made while the job waited is honoured and Redis never holds it.
 */
export function defaultJobData(e: StoredEvent) {
  return { eventId: e.id, type: e.type, position: e.position, streamId: e.streamId, data: e.data, metadata: e.metadata, hasPersonal: e.personal !== null || e.erased };
}

export function assertRoutes(routes: DispatchRoutes): void {
  for (const [type, r] of Object.entries(routes)) {
    const list = Array.isArray(r) ? r : [r];
    const queues = list.map((x) => x.queue);
    if (new Set(queues).size !== queues.length) throw new Error(`dispatch routes of ${type}: one event → one job per queue (the job id is the event id)`);
    for (const x of list) if (!x.queue || x.queue.includes(':')) throw new Error(`dispatch route of ${type}: bad queue name ${JSON.stringify(x.queue)}`);
  }
}

/** The jobs a batch of events becomes, per queue, in log order (pure). */
export function planJobs(events: StoredEvent[], routes: DispatchRoutes): Map<string, DispatchedJob[]> {
  const byQueue = new Map<string, DispatchedJob[]>();
  for (const e of events) {
    const r = Object.hasOwn(routes, e.type) ? routes[e.type] : undefined;
    if (!r) continue;
    if (e.id.includes(':')) throw new Error(`event ${e.position}: id ${e.id} contains ':' and cannot be a BullMQ job id`);
    for (const route of Array.isArray(r) ? r : [r]) {
      const jobs = byQueue.get(route.queue) ?? [];
      jobs.push({ name: route.jobName ?? e.type, data: route.data ? route.data(e) : defaultJobData(e), opts: { ...route.opts, jobId: e.id } });
      byQueue.set(route.queue, jobs);
    }
  }
  return byQueue;
}

export interface DispatcherOptions {
  /** The consumer's checkpoint name (one per dispatcher: 'notifications'). */
  name: string;
  store: EventStore;
  pool: pg.Pool;
  /** An ioredis client with `maxRetriesPerRequest: null`; yours to close after stop(). */
  connection: Redis;
  /** BullMQ key prefix (no ':'). */
  prefix?: string;
  routes: DispatchRoutes;
  controlSchema?: string;
  /** Events per batch (default 200). */
  batchSize?: number;
  /** How long one addBulk may wait for Redis before the batch is retried (default 5000 ms). */
  addTimeoutMs?: number;
  standbyPollMs?: number;
  /** Where a dispatcher that has never run starts: 'beginning' (default: nothing appended before its first start is lost) or 'head' (a new route set over an old log: no history re-sent). */
  startAt?: 'beginning' | 'head';
  onError?(error: unknown): void;
  /** After each batch's jobs were accepted and its checkpoint committed. */
  onDispatched?(info: { position: number; jobs: number }): void;
  /** Bounded tries before the failing mark (CheckpointedConsumer; defaults 5, 2000 ms doubling, 5000 ms). */
  maxAttempts?: number;
  retryDelayMs?: number;
  failingPollMs?: number;
}

export type DispatcherState = ConsumerState;

class Timeout extends Error {}

/** Redis did not take the jobs because it is away (down, reconnecting, loading, out of memory): never the event's fault. */
export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
}

/** ioredis's and Redis's own words for "not now" (connection gone, offline queue off, loading a dump, failover, OOM). */
const REDIS_AWAY = /Connection is closed|Stream isn't writeable|enableOfflineQueue|max retries per request|MaxRetriesPerRequest|^LOADING|^READONLY|^MASTERDOWN|^BUSY|^TRYAGAIN|^CLUSTERDOWN|^OOM|^NOREPLICAS/i;

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer!: NodeJS.Timeout;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(`${what}: no answer from Redis within ${ms} ms`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/** Turns routed events into BullMQ jobs, as a checkpointed consumer (one leader per name). */
export class Dispatcher {
  private readonly queues = new Map<string, Queue>();
  private readonly consumer: CheckpointedConsumer;

  constructor(private readonly options: DispatcherOptions) {
    assertRoutes(options.routes);
    let jobs = 0;
    this.consumer = new CheckpointedConsumer({
      kind: 'dispatcher',
      name: options.name,
      store: options.store,
      pool: options.pool,
      controlSchema: options.controlSchema,
      batchSize: options.batchSize ?? 200,
      standbyPollMs: options.standbyPollMs,
      startAt: options.startAt,
      onError: options.onError,
      maxAttempts: options.maxAttempts,
      retryDelayMs: options.retryDelayMs,
      failingPollMs: options.failingPollMs,
      isTransient: (e) => e instanceof RedisUnavailableError,
      handle: async (events, from) => {
        // A throw here (a route's data(), a ':' in an id) is the event's: tried a bounded number of times.
        const plan = planJobs(events, options.routes);
        // While Redis is away, fail fast instead of piling adds into ioredis's offline queue on every retry.
        if (plan.size > 0 && ['reconnecting', 'close', 'end'].includes(options.connection.status)) throw new RedisUnavailableError(`Redis is ${options.connection.status}; batch after ${from} retried later`);
        jobs = 0;
        for (const [queue, list] of plan) {
          // A throw retries this whole batch: re-adds are deduped by job id.
          try {
            await withTimeout(this.queue(queue).addBulk(list), options.addTimeoutMs ?? 5000, `addBulk to ${queue}`);
          } catch (e) {
            if (e instanceof Timeout || options.connection.status !== 'ready' || REDIS_AWAY.test(e instanceof Error ? e.message : String(e))) {
              throw new RedisUnavailableError(e instanceof Error ? e.message : String(e), { cause: e });
            }
            throw e; // Redis is up and refused these jobs (e.g. data it cannot take): the event's fault
          }
          jobs += list.length;
        }
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
    return this;
  }

  stop(): Promise<void> {
    return this.consumer.stop();
  }

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
