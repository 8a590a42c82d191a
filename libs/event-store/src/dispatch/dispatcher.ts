// The dispatcher (ARCHITECTURE.md §7): a checkpointed subscription that turns chosen events into
// BullMQ jobs whose job id is the event id. Appends never touch Redis; when Redis is down the adds
// time out, the subscription retries the same batch with backoff, and the checkpoint moves only
// after Redis accepted every job of the batch. A crash between the add and the checkpoint re-adds
// the same job ids, which BullMQ ignores: nothing is skipped, nothing doubled.
import { Queue, type BulkJobOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import pg from 'pg';
import type { EventStore, StoredEvent } from '../port.js';
import { advisoryKey, DEFAULT_CONTROL_SCHEMA, ensureControlSchema, q } from '../projections/control.js';

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
}

export type DispatcherState = 'starting' | 'standby' | 'running' | 'stopped';

class Timeout extends Error {}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer!: NodeJS.Timeout;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(`${what}: no answer from Redis within ${ms} ms`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

export class Dispatcher {
  private readonly control: string;
  private readonly queues = new Map<string, Queue>();
  private stopping = false;
  private done: Promise<void> | null = null;
  private endFollow: ((reason: string) => void) | null = null;
  private wakeSleep: (() => void) | null = null;
  private _state: DispatcherState = 'starting';
  private _position = -1;

  constructor(private readonly options: DispatcherOptions) {
    assertRoutes(options.routes);
    if (!/^[a-z][a-z0-9_-]{0,60}$/.test(options.name)) throw new Error(`invalid dispatcher name ${JSON.stringify(options.name)}`);
    this.control = options.controlSchema ?? DEFAULT_CONTROL_SCHEMA;
  }

  get state(): DispatcherState {
    return this._state;
  }
  /** The checkpoint this instance last committed (-1 before it led). */
  get position(): number {
    return this._position;
  }

  start(): this {
    this.done ??= this.main();
    return this;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.endFollow?.('stopped');
    this.wakeSleep?.();
    await this.done;
    await Promise.all([...this.queues.values()].map((q) => q.close().catch(() => {})));
    this.queues.clear();
    this._state = 'stopped';
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeSleep = () => {
        this.wakeSleep = null;
        done();
      };
    });
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

  private async main(): Promise<void> {
    const key = advisoryKey('dispatcher', this.control, this.options.name);
    const poll = this.options.standbyPollMs ?? 500;
    while (!this.stopping) {
      const client = new pg.Client(this.options.pool.options);
      const lost = () => this.endFollow?.('lost');
      client.on('error', (e) => {
        this.options.onError?.(e);
        lost();
      });
      client.on('end', lost);
      try {
        await client.connect();
        await ensureControlSchema(this.options.pool, this.control);
        let locked = false;
        while (!this.stopping && !locked) {
          locked = (await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${key}) AS ok`)).rows[0].ok;
          if (!locked) {
            this._state = 'standby';
            await this.pause(poll);
          }
        }
        if (locked) {
          this._state = 'running';
          await this.lead(client);
        }
      } catch (error) {
        this.options.onError?.(error);
        if (!this.stopping) await this.pause(poll);
      } finally {
        client.removeAllListeners('end');
        client.removeAllListeners('error');
        client.on('error', () => {});
        await client.end().catch(() => {});
      }
    }
  }

  private async lead(client: pg.Client): Promise<void> {
    const t = `${q(this.control)}.consumer_checkpoints`;
    const start = this.options.startAt === 'head' ? await this.options.store.headPosition() : 0;
    await client.query(`INSERT INTO ${t} (name, position) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [this.options.name, start]);
    while (!this.stopping) {
      const { rows } = await client.query<{ position: string }>(`SELECT position FROM ${t} WHERE name = $1`, [this.options.name]);
      let expected = Number(rows[0].position);
      this._position = expected;
      let reason: string | null = null;
      let finish!: (r: string) => void;
      const ended = new Promise<string>((resolve) => (finish = resolve));
      const end = (r: string) => {
        if (reason) return;
        reason = r;
        this.endFollow = null;
        finish(r);
      };
      this.endFollow = end;
      if (this.stopping) end('stopped');
      const sub = this.options.store.subscribe({
        fromPosition: expected,
        batchSize: this.options.batchSize ?? 200,
        onError: (e) => this.options.onError?.(e),
        handle: async (events) => {
          if (reason) return;
          const plan = planJobs(events, this.options.routes);
          // While Redis is away, fail fast instead of piling adds into ioredis's offline queue on every retry.
          if (plan.size > 0 && ['reconnecting', 'close', 'end'].includes(this.options.connection.status)) throw new Error(`Redis is ${this.options.connection.status}; batch after ${expected} retried later`);
          let jobs = 0;
          for (const [queue, list] of plan) {
            // A throw (timeout, Redis error) retries this whole batch: re-adds are deduped by job id.
            await withTimeout(this.queue(queue).addBulk(list), this.options.addTimeoutMs ?? 5000, `addBulk to ${queue}`);
            jobs += list.length;
          }
          const last = events[events.length - 1].position;
          const { rowCount } = await client.query(`UPDATE ${t} SET position = $3, updated_at = now() WHERE name = $1 AND position = $2`, [
            this.options.name,
            expected,
            last,
          ]);
          if (rowCount !== 1) return end('resync'); // moved by someone else (a manual reset): reread it
          expected = last;
          this._position = last;
          try {
            this.options.onDispatched?.({ position: last, jobs });
          } catch (e) {
            this.options.onError?.(e); // a listener's bug must not replay a committed batch
          }
        },
      });
      const r = await ended;
      await sub.stop();
      if (r === 'lost') throw new Error(`dispatcher ${this.options.name}: lock connection lost`);
      if (r === 'stopped') return;
    }
  }
}
