// The dispatcher's marker in Redis (ADR 0011): the last log position whose jobs Redis holds, kept in
// the same Redis as the jobs. Redis may come back WITHOUT its data (a restart without a save, an older
// snapshot, a FLUSHALL, a failover to an empty replica); a marker behind the checkpoint, or none where
// one was written before, rewinds the checkpoint so the lost jobs are derived again from the log.
import type { Cluster, Redis } from 'ioredis';
import type pg from 'pg';
import type { EventStore } from '../port.js';
import { DEFAULT_CONTROL_SCHEMA } from '../projections/control.js';
import { RedisUnavailableError, withTimeout } from './redis-work.js';

export interface DispatchMarkerOptions {
  name: string;
  store: EventStore;
  pool: pg.Pool;
  connection: Redis | Cluster;
  prefix?: string;
  controlSchema?: string;
  timeoutMs: number;
  /** When Redis lost everything (no marker at all), jobs of events recorded this long before are derived again. */
  redeliverWindowMs: number;
  onRedeliver?(info: { from: number; to: number; reason: string }): void;
}

export class DispatchMarker {
  /** Known to have been written once (then a missing marker means lost data). */
  private marked = false;

  constructor(private readonly options: DispatchMarkerOptions) {}

  /**
   * Before a batch's jobs: compares the marker with the checkpoint `from` (rewinding it if Redis lost
   * jobs: then false, and the batch is not to be added) and, where Redis holds no marker, makes one
   * at `from` (NX). No marker at this point means no job up to `from` is owed: either none was ever
   * written, or the rewind found `from` at the start of what is redelivered. Made before the jobs and
   * only moved after them (advance's XX), a loss during the batch shows as a missing marker.
   */
  async open(from: number): Promise<boolean> {
    const held = await this.read();
    if (await this.rewindIfLost(from, held)) return false;
    if (held === null) await withTimeout(this.options.connection.set(this.key, String(Math.max(from, 0)), 'NX'), this.options.timeoutMs, 'dispatch marker');
    return true;
  }

  /**
   * After a batch's jobs: moves the marker only where it exists (XX). ioredis resends a command that
   * was in flight when the connection dropped, and a plain SET replayed into an emptied Redis would
   * vouch for jobs it lost. A missing marker here means exactly that: the batch is retried (Redis
   * lost data: transient), and the retry's open() rewinds the checkpoint.
   */
  async advance(position: number): Promise<void> {
    const set = await withTimeout(this.options.connection.set(this.key, String(position), 'XX'), this.options.timeoutMs, 'dispatch marker');
    if (set === null) throw new RedisUnavailableError(`Redis lost its data while the batch up to ${position} was added; it is added again`);
    await this.remember();
  }

  /** Between batches (a FLUSHALL comes without a reconnect): true when the checkpoint at `position` was rewound. */
  async check(position: number): Promise<boolean> {
    return this.rewindIfLost(position, await this.read());
  }

  private read(): Promise<string | null> {
    return withTimeout(this.options.connection.get(this.key), this.options.timeoutMs, 'dispatch marker');
  }

  /** `${prefix}:dispatch-marker:${name}`. */
  private get key(): string {
    return `${this.options.prefix ?? 'bull'}:dispatch-marker:${this.options.name}`;
  }

  private get control(): string {
    return `"${this.options.controlSchema ?? DEFAULT_CONTROL_SCHEMA}"`;
  }

  /** Records once in Postgres that this dispatcher keeps a marker in Redis. */
  private async remember(): Promise<void> {
    if (this.marked) return;
    await this.options.pool.query(`CREATE TABLE IF NOT EXISTS ${this.control}.dispatch_markers (name text PRIMARY KEY, since timestamptz NOT NULL DEFAULT now())`);
    await this.options.pool.query(`INSERT INTO ${this.control}.dispatch_markers (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [this.options.name]);
    this.marked = true;
  }

  private async hasMarked(): Promise<boolean> {
    if (this.marked) return true;
    const { rows } = await this.options.pool.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`${this.control}.dispatch_markers`]);
    if (!rows[0]?.t) return false;
    const found = await this.options.pool.query(`SELECT 1 FROM ${this.control}.dispatch_markers WHERE name = $1`, [this.options.name]);
    return (found.rowCount ?? 0) > 0;
  }

  /**
   * If Redis holds less than the checkpoint `from` passed, moves the checkpoint back to where Redis's
   * jobs end (or, with no marker at all, to the first event of the redelivery window) and returns
   * true; true too when the checkpoint is no longer at `from` (the caller's batch start is stale).
   */
  private async rewindIfLost(from: number, held: string | null): Promise<boolean> {
    if (from <= 0) return false;
    if (held !== null && Number(held) >= from) return false;
    // No marker and none ever written (a dispatcher from before markers, or started at the head): nothing known lost.
    if (held === null && !(await this.hasMarked())) return false;
    const to = held !== null ? Number(held) : await this.windowStart(from);
    if (to >= from) return false;
    const t = `${this.control}.consumer_checkpoints`;
    const { rowCount } = await this.options.pool.query(`UPDATE ${t} SET position = $2, updated_at = now() WHERE name = $1 AND position = $3`, [this.options.name, to, from]);
    if (rowCount !== 1) return true;
    const reason = held === null ? 'Redis has no jobs of this dispatcher (its data was lost)' : `Redis holds jobs up to ${held} only (an older snapshot)`;
    this.options.onRedeliver?.({ from, to, reason });
    return true;
  }

  /** The position just before the first event recorded within the redelivery window (binary search over the log). */
  private async windowStart(head: number): Promise<number> {
    const since = Date.now() - this.options.redeliverWindowMs;
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
}
