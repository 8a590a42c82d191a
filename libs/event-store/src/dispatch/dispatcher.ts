// The dispatcher (ARCHITECTURE.md §7): a checkpointed subscription that turns chosen events into
// BullMQ jobs whose job id is the event id. Appends never touch Redis; when Redis is down the adds
// time out, the subscription retries the same batch with backoff (forever: Redis away is transient,
// never a failing mark, ADR 0010 §7), and the checkpoint moves only after Redis accepted every job
// of the batch. An event that cannot become a job (a route's data() throws, a job Redis refuses
// while up) is tried a bounded number of times, then the dispatcher is marked failing at it. A crash between the add and the checkpoint re-adds
// the same job ids, which BullMQ ignores: nothing is skipped, nothing doubled.
// Redis may also come back WITHOUT its data (a restart without a save, an older snapshot, a new
// server): jobs the checkpoint already passed would be gone. So Redis holds a marker, written with
// each batch's jobs, of the last position whose jobs it has; a marker behind the checkpoint (or none)
// rewinds the checkpoint and the lost jobs are derived again from the log (issue 13). Consumers must
// therefore be idempotent by job id beyond BullMQ's memory (the mail processor keeps sent_mail).
import { Queue, type BulkJobOptions } from 'bullmq';
import type { Cluster, Redis } from 'ioredis';
import type pg from 'pg';
import type { EventStore, StoredEvent } from '../port.js';
import { CheckpointedConsumer, type ConsumerState } from '../consumers/checkpointed-consumer.js';
import { DEFAULT_CONTROL_SCHEMA } from '../projections/control.js';

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
  /** An ioredis client (or Cluster, with a hash-tagged prefix) with `maxRetriesPerRequest: null`; yours to close after stop(). */
  connection: Redis | Cluster;
  /** BullMQ key prefix (no ':'; a {hash tag} in it on a Redis Cluster). */
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
  /** When Redis lost everything (no marker at all), jobs of events recorded this long before are derived again (default 24 h). */
  redeliverWindowMs?: number;
  /** How often Redis is checked for lost jobs besides every reconnect (default 10 s). */
  redisCheckMs?: number;
  /** After the checkpoint was rewound because Redis had lost jobs. */
  onRedeliver?(info: { from: number; to: number; reason: string }): void;
}

export type DispatcherState = ConsumerState;

class Timeout extends Error {}

/** Redis did not take the jobs because it is away (down, reconnecting, loading, out of memory): never the event's fault. */
export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
}

/** ioredis's and Redis's own words for "not now" (connection gone, offline queue off, loading a dump, failover, OOM). */
const REDIS_AWAY = /Connection is closed|Stream isn't writeable|enableOfflineQueue|max retries per request|MaxRetriesPerRequest|^LOADING|^READONLY|^MASTERDOWN|^BUSY|^TRYAGAIN|^CLUSTERDOWN|^OOM|^NOREPLICAS/i;

/** Runs a Redis step; a failure because Redis is away (timeout, not ready, its "not now" words) becomes RedisUnavailableError. */
async function redisWork<T>(connection: Redis | Cluster, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    if (e instanceof Timeout || connection.status !== 'ready' || REDIS_AWAY.test(e instanceof Error ? e.message : String(e))) {
      throw new RedisUnavailableError(e instanceof Error ? e.message : String(e), { cause: e });
    }
    throw e;
  }
}

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
        const away = ['reconnecting', 'close', 'end'].includes(options.connection.status);
        if (away && plan.size > 0) throw new RedisUnavailableError(`Redis is ${options.connection.status}; batch after ${from} retried later`);
        // The marker (ADR 0011) is read and written like the jobs: Redis away is transient.
        if (!away && (await redisWork(options.connection, () => this.rewindIfRedisLostJobs(from)))) return; // the consumer rereads its moved checkpoint
        jobs = 0;
        for (const [queue, list] of plan) {
          // A throw retries this whole batch: re-adds are deduped by job id.
          // Redis up but refusing these jobs (e.g. data it cannot take) is the event's fault; Redis away is not.
          await redisWork(options.connection, () => withTimeout(this.queue(queue).addBulk(list), options.addTimeoutMs ?? 5000, `addBulk to ${queue}`));
          jobs += list.length;
        }
        // In the same Redis as the jobs, after them: a snapshot that has this value has those jobs.
        if (!away) await redisWork(options.connection, () => this.writeMarker(events[events.length - 1].position));
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
    this.rewindIfRedisLostJobs(position)
      .then((moved) => moved && this.consumer.resync())
      .catch((e: unknown) => this.options.onError?.(e))
      .finally(() => (this.checking = false));
  };

  private get control(): string {
    return `"${this.options.controlSchema ?? DEFAULT_CONTROL_SCHEMA}"`;
  }

  private marked = false;

  /** Records once in Postgres that this dispatcher keeps a marker in Redis (so a missing one means lost data). */
  private async rememberMarking(): Promise<void> {
    if (this.marked) return;
    await this.options.pool.query(`CREATE TABLE IF NOT EXISTS ${this.control}.dispatch_markers (name text PRIMARY KEY, since timestamptz NOT NULL DEFAULT now())`);
    await this.options.pool.query(`INSERT INTO ${this.control}.dispatch_markers (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [this.options.name]);
    this.marked = true;
  }

  /**
   * Sets the marker only where it exists (XX): ioredis resends a command that was in flight when the
   * connection dropped, and a plain SET replayed into an emptied Redis would vouch for jobs it lost.
   * A missing marker after markers were written means exactly that: the batch is retried, and its
   * retry rewinds the checkpoint (rewindIfRedisLostJobs).
   */
  private async writeMarker(position: number): Promise<void> {
    const ms = this.options.addTimeoutMs ?? 5000;
    const set = await withTimeout(this.options.connection.set(this.markerKey, String(position), 'XX'), ms, 'dispatch marker');
    if (set === null) {
      if (await this.hasMarked()) throw new Error(`Redis lost its data while the batch up to ${position} was added; it is added again`);
      await withTimeout(this.options.connection.set(this.markerKey, String(position)), ms, 'dispatch marker');
    }
    await this.rememberMarking();
  }

  private async hasMarked(): Promise<boolean> {
    if (this.marked) return true;
    const { rows } = await this.options.pool.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`${this.control}.dispatch_markers`]);
    if (!rows[0]?.t) return false;
    const found = await this.options.pool.query(`SELECT 1 FROM ${this.control}.dispatch_markers WHERE name = $1`, [this.options.name]);
    return (found.rowCount ?? 0) > 0;
  }

  /** Where Redis says its jobs end: `${prefix}:dispatch-marker:${name}`. */
  private get markerKey(): string {
    return `${this.options.prefix ?? 'bull'}:dispatch-marker:${this.options.name}`;
  }

  /**
   * Compares Redis's marker with the checkpoint `from`. If Redis holds less than the checkpoint
   * passed, moves the checkpoint back to where Redis's jobs end (or, with no marker at all, to the
   * first event of the redelivery window) and returns true.
   */
  private async rewindIfRedisLostJobs(from: number): Promise<boolean> {
    if (from <= 0) return false;
    const held = await withTimeout(this.options.connection.get(this.markerKey), this.options.addTimeoutMs ?? 5000, 'dispatch marker');
    if (held !== null && Number(held) >= from) return false;
    // No marker and none ever written (a dispatcher from before markers, or started at the head): nothing known lost.
    if (held === null && !(await this.hasMarked())) return false;
    const to = held !== null ? Number(held) : await this.windowStart(from);
    if (to >= from) return false;
    const t = `${this.control}.consumer_checkpoints`;
    const { rowCount } = await this.options.pool.query(`UPDATE ${t} SET position = $2, updated_at = now() WHERE name = $1 AND position = $3`, [this.options.name, to, from]);
    if (rowCount !== 1) return false; // moved meanwhile: the consumer rereads it anyway
    const reason = held === null ? 'Redis has no jobs of this dispatcher (its data was lost)' : `Redis holds jobs up to ${held} only (an older snapshot)`;
    this.options.onRedeliver?.({ from, to, reason });
    return true;
  }

  /** The position just before the first event recorded within the redelivery window (binary search over the log). */
  private async windowStart(head: number): Promise<number> {
    const since = Date.now() - (this.options.redeliverWindowMs ?? 24 * 3600_000);
    let lo = 0; // every event at or below lo is older than the window (0: none)
    let hi = head; // the event at hi is within the window, or hi = head
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      const [e] = await this.options.store.readAll(mid - 1, 1);
      if (!e || Date.parse(e.recordedAt) >= since) hi = mid;
      else lo = mid;
    }
    const [last] = await this.options.store.readAll(head - 1, 1);
    return last && Date.parse(last.recordedAt) < since ? head : lo;
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
