// What the dispatcher and the reactors share: a named, checkpointed subscription over the log with
// one leader per name across replicas (a session advisory lock on its own connection; the others
// stand by and take over when the leader's connection goes). Each batch is handed to `handle`; the
// checkpoint in <control>.consumer_checkpoints moves only after `handle` returned, guarded by the
// position it started from, so a manual reset is noticed and reread. What a batch does (BullMQ jobs,
// appends) is the caller's.
// A batch that throws never stalls it silently (ADR 0010 §7, the projections' rules): a transient
// error (the database or Redis away) retries the batch with backoff forever; any other error narrows
// the batch to the event, which gets a bounded number of tries, then the consumer is marked failing
// at its position (visible in health and `projections status`) until `projections retry <name>`.
import pg from 'pg';
import { ConcurrencyError, type EventStore, type StoredEvent } from '../port.js';
import { advisoryKey, consumerChannel, DEFAULT_CONTROL_SCHEMA, ensureControlSchema, q, type ConsumerCheckpointRow } from '../projections/control.js';
import { describeFailure, isTransientError } from '../projections/failure.js';
import { endOnce, narrowBatch, WakeablePause } from '../projections/narrow.js';

/** 'failing': marked failing at an event; waits for `projections retry` (or a restart) to try it again. */
export type ConsumerState = 'starting' | 'standby' | 'running' | 'failing' | 'stopped';

export interface CheckpointedConsumerOptions {
  /** What kind of consumer this is: part of its advisory-lock key and of its messages ('dispatcher', 'reactor'). */
  kind: string;
  /** The checkpoint name, unique among consumers: [a-z][a-z0-9_-]*. */
  name: string;
  store: EventStore;
  pool: pg.Pool;
  controlSchema?: string;
  batchSize: number;
  standbyPollMs?: number;
  /** Where a consumer that has never run starts (default: the beginning of the log). */
  startAt?: 'beginning' | 'head';
  /** Tries at one event that fails with a non-transient error before the consumer is marked failing (default 5). */
  maxAttempts?: number;
  /** Pause after the first failed try, doubled after each (default 2000 ms: 5 tries span ≈ 30 s). */
  retryDelayMs?: number;
  /** While failing, how often the row is re-read for a retry request it did not hear of (default 5000 ms). */
  failingPollMs?: number;
  /** Errors of the caller's own outside world that say nothing about the event (Redis away): retried forever, never marked. */
  isTransient?(error: unknown): boolean;
  /** The batch's effects; a throw retries (transient) or narrows the batch. `from` is the checkpoint before it. */
  handle(events: StoredEvent[], from: number): Promise<void>;
  /** After a batch's checkpoint was committed; a throw here is reported, never replays the batch. */
  committed?(position: number): void;
  /** Called when the consumer is stopped, after its loop ended (e.g. to close queues). */
  closed?(): Promise<void>;
  onError?(error: unknown): void;
}

type Outcome = 'ok' | 'resync' | 'lost' | 'stopped' | 'failing';

export class CheckpointedConsumer {
  private readonly control: string;
  private readonly t: string;
  private readonly maxAttempts: number;
  private readonly retryDelayMs: number;
  /** The failing mark of the row as this instance last saw it: then an event gets one try per request. */
  private failingMark = false;
  /** The row's retry_requests when this instance marked it failing: a larger count is a new request. */
  private retriesSeen = 0;
  private stopping = false;
  private done: Promise<void> | null = null;
  private endFollow: ((reason: Outcome) => void) | null = null;
  private readonly sleeper = new WakeablePause();
  private _state: ConsumerState = 'starting';
  private _position = -1;

  constructor(private readonly options: CheckpointedConsumerOptions) {
    if (!/^[a-z][a-z0-9_-]{0,60}$/.test(options.name)) throw new Error(`invalid ${options.kind} name ${JSON.stringify(options.name)}`);
    this.control = options.controlSchema ?? DEFAULT_CONTROL_SCHEMA;
    this.t = `${q(this.control)}.consumer_checkpoints`;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 5);
    this.retryDelayMs = options.retryDelayMs ?? 2000;
  }

  get state(): ConsumerState {
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

  /** Rereads the checkpoint now (after someone moved it, e.g. a dispatcher whose Redis lost its jobs). */
  resync(): void {
    this.endFollow?.('resync');
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.endFollow?.('stopped');
    this.sleeper.wake();
    await this.done;
    await this.options.closed?.();
    this._state = 'stopped';
  }

  private report(error: unknown): void {
    this.options.onError?.(error);
  }

  /** Transient: retried forever and never marked. A ConcurrencyError is a race with a command, not the event's fault. */
  private transient(error: unknown): boolean {
    return isTransientError(error) || error instanceof ConcurrencyError || (this.options.isTransient?.(error) ?? false);
  }

  private pause(ms: number): Promise<void> {
    // stop() wakes a pause in progress; one that starts after it (stop() came while this instance was
    // reading, e.g. the failing row) must not sleep its whole length and hold stop() up.
    return this.stopping ? Promise.resolve() : this.sleeper.pause(ms);
  }

  private async main(): Promise<void> {
    const key = advisoryKey(this.options.kind, this.control, this.options.name);
    const poll = this.options.standbyPollMs ?? 500;
    // While Postgres is away (a restart, a failover), try again with backoff: 0.5 s, 1 s, 2 s, 4 s, 5 s …
    let retry = poll;
    while (!this.stopping) {
      const client = new pg.Client(this.options.pool.options);
      const lost = () => this.endFollow?.('lost');
      client.on('error', (e) => {
        this.report(e);
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
          // `projections retry <name>` wakes a failing leader at once (the slow poll covers a lost notification).
          client.on('notification', (msg) => {
            if (msg.payload === this.options.name) this.sleeper.wake();
          });
          await client.query(`LISTEN ${q(consumerChannel(this.control))}`);
          this._state = 'running';
          retry = poll;
          await this.lead(client);
        }
      } catch (error) {
        this.report(error);
        if (!this.stopping) await this.pause(retry);
        retry = Math.min(retry * 2, 5_000);
      } finally {
        client.removeAllListeners('end');
        client.removeAllListeners('error');
        client.removeAllListeners('notification');
        client.on('error', () => {});
        await client.end().catch(() => {});
      }
    }
  }

  private async readRow(client: pg.ClientBase): Promise<ConsumerCheckpointRow> {
    const { rows } = await client.query<ConsumerCheckpointRow>(`SELECT * FROM ${this.t} WHERE name = $1`, [this.options.name]);
    if (!rows[0]) throw new Error(`${this.options.kind} ${this.options.name}: its checkpoint row is gone`);
    return rows[0];
  }

  private async lead(client: pg.Client): Promise<void> {
    const start = this.options.startAt === 'head' ? await this.options.store.headPosition() : 0;
    await client.query(
      `INSERT INTO ${this.t} AS c (name, position, kind) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET kind = EXCLUDED.kind WHERE c.kind IS DISTINCT FROM EXCLUDED.kind`,
      [this.options.name, start, this.options.kind],
    );
    let row = await this.readRow(client);
    // A failing row gets ONE try when an instance starts leading it: the new process may carry the fix.
    this.failingMark = row.failing_position !== null;
    while (!this.stopping) {
      this._position = Number(row.position);
      const r = await this.follow(client, Number(row.position));
      if (r === 'lost') throw new Error(`${this.options.kind} ${this.options.name}: lock connection lost`);
      if (r === 'stopped') return;
      if (r === 'failing') {
        const repaired = await this.awaitRepair(client);
        if (!repaired) return;
        row = repaired;
      } else row = await this.readRow(client);
      this.failingMark = row.failing_position !== null;
    }
  }

  /** Follows the log from `from` until a resync is needed, the lock is lost, it is marked failing, or stop(). */
  private async follow(client: pg.Client, from: number): Promise<Outcome> {
    let expected = from;
    const { ended, end, reason } = endOnce<Outcome>(() => (this.endFollow = null));
    this.endFollow = end;
    if (this.stopping) end('stopped');
    const sub = this.options.store.subscribe({
      fromPosition: expected,
      batchSize: this.options.batchSize,
      onError: (e) => this.report(e),
      handle: async (events) => {
        if (reason()) return;
        const narrowed = async (batchError: unknown) => {
          try {
            const r = await this.narrow(client, events, expected, batchError, () => reason() !== null);
            expected = r.expected;
            if (r.outcome !== 'ok') end(r.outcome);
          } catch (e2) {
            // Some events may be committed: the row, not this batch, says where to go on.
            this.report(e2);
            end('resync');
          }
        };
        // Marked failing: one event at a time at once, so that a retry request is ONE try of the event.
        if (this.failingMark && events.length > 1) return narrowed(null);
        try {
          await this.options.handle(events, expected);
        } catch (e) {
          if (reason()) return;
          // The database or Redis was in the way: the subscription retries the same batch with backoff, forever.
          if (this.transient(e)) throw e;
          this.report(e);
          return narrowed(e);
        }
        const last = events[events.length - 1].position;
        if (!(await this.commit(client, expected, last))) return end('resync'); // moved by someone else (a manual reset): reread it
        expected = last;
      },
    });
    const r = await ended;
    await sub.stop();
    return r;
  }

  /**
   * Moves the checkpoint from `expected` to `last` (clearing a failing mark: the event was handled);
   * false when the row moved meanwhile.
   */
  private async commit(client: pg.Client, expected: number, last: number): Promise<boolean> {
    const { rowCount } = await client.query(
      `UPDATE ${this.t} SET position = $3, updated_at = now(), failing_position = NULL, error = NULL, failed_at = NULL, attempts = 0
        WHERE name = $1 AND position = $2`,
      [this.options.name, expected, last],
    );
    if (rowCount !== 1) return false;
    this._position = last;
    this.failingMark = false;
    try {
      this.options.committed?.(last);
    } catch (e) {
      this.report(e); // a listener's bug must not replay a committed batch
    }
    return true;
  }

  /**
   * A batch failed with a non-transient error (or the row is marked failing): narrowed to the event
   * (narrowBatch, shared with the projection runner), each event handled with its own checkpoint.
   */
  private narrow(client: pg.Client, events: StoredEvent[], from: number, batchError: unknown, ended: () => boolean) {
    return narrowBatch<never>({
      events,
      from,
      batchError,
      budget: () => this.budget(),
      retryDelayMs: this.retryDelayMs,
      pause: (ms) => this.pause(ms),
      report: (e) => this.report(e),
      ended: () => ended() || this.stopping,
      tryEvent: async (event, expected) => {
        await this.options.handle([event], expected);
        return 'ok';
      },
      committed: (event, expected) => this.commit(client, expected, event.position),
      interrupted: () => (ended() ? 'stopped' : null),
      transient: (e) => this.transient(e),
      markFailing: (event, expected, error, tries) => this.markFailing(client, event, expected, error, tries),
    });
  }

  /** Tries an event gets: one per request once the row is marked failing, else maxAttempts. */
  private budget(): number {
    return this.failingMark ? 1 : this.maxAttempts;
  }

  /** Records the failure on the row; false when the row moved meanwhile (resync). */
  private async markFailing(client: pg.Client, event: StoredEvent, expected: number, error: unknown, tries: number): Promise<boolean> {
    const { kind, name } = this.options;
    const text = describeFailure(event, error);
    this.report(new Error(`${kind} ${name} is failing at position ${event.position} after ${tries} ${tries === 1 ? 'try' : 'tries'}: ${text}`));
    // One statement under the row lock `projections retry` also takes: the count returned is the one this mark has seen.
    const { rows } = await client.query<{ retry_requests: number }>(
      `UPDATE ${this.t}
          SET failing_position = $3, error = $4, failed_at = clock_timestamp(),
              attempts = CASE WHEN failing_position = $3 THEN attempts + $5 ELSE $5 END
        WHERE name = $1 AND position = $2
        RETURNING retry_requests`,
      [name, expected, event.position, text, tries],
    );
    if (!rows[0]) return false;
    this.failingMark = true;
    this.retriesSeen = rows[0].retry_requests;
    return true;
  }

  /**
   * Marked failing: no tries of its own from here on (the same event with the same code fails the same
   * way). Returns the row once an operator asked for a retry (NOTIFY or the slow poll) or the mark was
   * cleared; null on stop().
   */
  private async awaitRepair(client: pg.Client): Promise<ConsumerCheckpointRow | null> {
    this._state = 'failing';
    for (;;) {
      if (this.stopping) return null;
      const row = await this.readRow(client);
      if (row.failing_position === null || row.retry_requests !== this.retriesSeen) {
        this._state = 'running';
        return row;
      }
      await this.pause(this.options.failingPollMs ?? 5000);
    }
  }
}
