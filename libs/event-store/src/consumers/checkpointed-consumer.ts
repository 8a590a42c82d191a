// What the dispatcher and the reactors share: a named, checkpointed subscription over the log with
// one leader per name across replicas (a session advisory lock on its own connection; the others
// stand by and take over when the leader's connection goes). Each batch is handed to `handle`; the
// checkpoint in <control>.consumer_checkpoints moves only after `handle` returned, guarded by the
// position it started from, so a throw retries the same batch (the subscription backs off) and a
// manual reset is noticed and reread. What a batch does (BullMQ jobs, appends) is the caller's.
import pg from 'pg';
import type { EventStore, StoredEvent } from '../port.js';
import { advisoryKey, DEFAULT_CONTROL_SCHEMA, ensureControlSchema, q } from '../projections/control.js';

export type ConsumerState = 'starting' | 'standby' | 'running' | 'stopped';

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
  /** The batch's effects; a throw retries the batch. `from` is the checkpoint before it. */
  handle(events: StoredEvent[], from: number): Promise<void>;
  /** After a batch's checkpoint was committed; a throw here is reported, never replays the batch. */
  committed?(position: number): void;
  /** Called when the consumer is stopped, after its loop ended (e.g. to close queues). */
  closed?(): Promise<void>;
  onError?(error: unknown): void;
}

export class CheckpointedConsumer {
  private readonly control: string;
  private stopping = false;
  private done: Promise<void> | null = null;
  private endFollow: ((reason: string) => void) | null = null;
  private wakeSleep: (() => void) | null = null;
  private _state: ConsumerState = 'starting';
  private _position = -1;

  constructor(private readonly options: CheckpointedConsumerOptions) {
    if (!/^[a-z][a-z0-9_-]{0,60}$/.test(options.name)) throw new Error(`invalid ${options.kind} name ${JSON.stringify(options.name)}`);
    this.control = options.controlSchema ?? DEFAULT_CONTROL_SCHEMA;
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
    this.wakeSleep?.();
    await this.done;
    await this.options.closed?.();
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

  private async main(): Promise<void> {
    const key = advisoryKey(this.options.kind, this.control, this.options.name);
    const poll = this.options.standbyPollMs ?? 500;
    // While Postgres is away (a restart, a failover), try again with backoff: 0.5 s, 1 s, 2 s, 4 s, 5 s …
    let retry = poll;
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
          retry = poll;
          await this.lead(client);
        }
      } catch (error) {
        this.options.onError?.(error);
        if (!this.stopping) await this.pause(retry);
        retry = Math.min(retry * 2, 5_000);
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
        batchSize: this.options.batchSize,
        onError: (e) => this.options.onError?.(e),
        handle: async (events) => {
          if (reason) return;
          await this.options.handle(events, expected);
          const last = events[events.length - 1].position;
          const { rowCount } = await client.query(`UPDATE ${t} SET position = $3, updated_at = now() WHERE name = $1 AND position = $2`, [this.options.name, expected, last]);
          if (rowCount !== 1) return end('resync'); // moved by someone else (a manual reset): reread it
          expected = last;
          this._position = last;
          try {
            this.options.committed?.(last);
          } catch (e) {
            this.options.onError?.(e); // a listener's bug must not replay a committed batch
          }
        },
      });
      const r = await ended;
      await sub.stop();
      if (r === 'lost') throw new Error(`${this.options.kind} ${this.options.name}: lock connection lost`);
      if (r === 'stopped') return;
    }
  }
}
