// A reactor (process manager): a checkpointed subscription over the log that turns chosen events into
// commands on other streams, e.g. enrollment's "CapstonePassed → advance the week". Unlike a
// projection it writes no read tables (so rebuilds and audits never re-run it), and unlike the
// dispatcher it needs no Redis. One instance leads per name (advisory lock); the checkpoint moves
// after the batch's reactions returned. A crash in between re-runs them: a reaction must be
// idempotent, which `reactionEventId` makes easy (the same cause always yields the same event id, and
// the store's idempotent append drops the repeat).
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { EventStore, StoredEvent } from '../port.js';
import { advisoryKey, DEFAULT_CONTROL_SCHEMA, ensureControlSchema, q } from '../projections/control.js';

export type Reaction = (event: StoredEvent) => Promise<void>;

export interface ReactorDefinition {
  /** The consumer's checkpoint name, unique among reactors and dispatchers: `enrollment-week-advance`. */
  name: string;
  /** Event type → reaction; events of other types only move the checkpoint. */
  reactions: Record<string, Reaction>;
}

export interface ReactorOptions extends ReactorDefinition {
  store: EventStore;
  pool: pg.Pool;
  controlSchema?: string;
  batchSize?: number;
  standbyPollMs?: number;
  onError?(error: unknown): void;
}

/** A deterministic uuid (RFC 4122 v5 layout) for the event a reaction appends in response to `causeId`. */
export function reactionEventId(reactor: string, causeId: string): string {
  const h = createHash('sha1').update(`academy-reaction\0${reactor}\0${causeId}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

export class Reactor {
  private readonly control: string;
  private stopping = false;
  private done: Promise<void> | null = null;
  private endFollow: ((reason: string) => void) | null = null;
  private wakeSleep: (() => void) | null = null;
  private _position = -1;

  constructor(private readonly options: ReactorOptions) {
    if (!/^[a-z][a-z0-9_-]{0,60}$/.test(options.name)) throw new Error(`invalid reactor name ${JSON.stringify(options.name)}`);
    this.control = options.controlSchema ?? DEFAULT_CONTROL_SCHEMA;
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
    const key = advisoryKey('reactor', this.control, this.options.name);
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
          if (!locked) await this.pause(poll);
        }
        if (locked) await this.lead(client);
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
    await client.query(`INSERT INTO ${t} (name, position) VALUES ($1, 0) ON CONFLICT (name) DO NOTHING`, [this.options.name]);
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
        batchSize: this.options.batchSize ?? 100,
        onError: (e) => this.options.onError?.(e),
        handle: async (events) => {
          if (reason) return;
          // In log order; a throw retries the whole batch (the subscription backs off), earlier reactions included.
          for (const e of events) {
            const react = Object.hasOwn(this.options.reactions, e.type) ? this.options.reactions[e.type] : undefined;
            if (react) await react(e);
          }
          const last = events[events.length - 1].position;
          const { rowCount } = await client.query(`UPDATE ${t} SET position = $3, updated_at = now() WHERE name = $1 AND position = $2`, [this.options.name, expected, last]);
          if (rowCount !== 1) return end('resync');
          expected = last;
          this._position = last;
        },
      });
      const r = await ended;
      await sub.stop();
      if (r === 'lost') throw new Error(`reactor ${this.options.name}: lock connection lost`);
      if (r === 'stopped') return;
    }
  }
}

/** Starts one Reactor per definition; `stop()` stops them all. */
export function startReactors(definitions: ReactorDefinition[], options: Omit<ReactorOptions, 'name' | 'reactions'>): { reactors: Reactor[]; stop(): Promise<void> } {
  const reactors = definitions.map((d) => new Reactor({ ...options, ...d }).start());
  return { reactors, stop: async () => void (await Promise.all(reactors.map((r) => r.stop()))) };
}
