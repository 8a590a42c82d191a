// The projection runner (ARCHITECTURE.md §5, ADR 0004): one instance per projection version holds a
// session-level advisory lock on its own connection and applies ordered batches, each batch and the
// checkpoint in ONE transaction on that same connection. Other instances wait as hot standbys.
// An event it cannot apply never stalls it silently (ADR 0010): the batch is narrowed to that event,
// the events before it are applied, the event is tried a bounded number of times, then the projection
// is marked failing at its position until an operator asks for another try.
import pg from 'pg';
import type { EventStore, StoredEvent } from '../port.js';
import { applyEvents, assertProjection, projectionTx, setupSchema } from './apply.js';
import { describeFailure, isTransientError } from './failure.js';
import { endOnce, narrowBatch, WakeablePause } from './narrow.js';
import {
  advisoryKey,
  checkpointChannel,
  DEFAULT_CONTROL_SCHEMA,
  ensureControlSchema,
  pointReadSchema,
  q,
  versionSchema,
  type CheckpointRow,
} from './control.js';
import type { Projection } from './types.js';

/** 'failing': marked failing at an event; waits for `projections retry` (or a restart) to try it again. */
export type RunnerState = 'starting' | 'standby' | 'running' | 'failing' | 'retired' | 'stopped';

export interface ProjectionRunnerOptions {
  store: EventStore;
  /** Read tables and checkpoints live here (the same database as the log, ARCHITECTURE.md §1). */
  pool: pg.Pool;
  projection: Projection;
  /** Schema of the checkpoint tables (default 'projections'). */
  controlSchema?: string;
  /** Events per transaction (default 500). */
  batchSize?: number;
  /** How often a standby tries to take the lock (default 500 ms): the takeover delay after the holder dies. */
  standbyPollMs?: number;
  /** Tries at one event that fails with a data error before the projection is marked failing (default 5). */
  maxAttempts?: number;
  /** Pause after the first failed try, doubled after each (default 2000 ms: 5 tries span ≈ 30 s). */
  retryDelayMs?: number;
  /** While failing, how often the row is re-read for a retry request or a rebuild it did not hear of (default 5000 ms). */
  failingPollMs?: number;
  onError?(error: unknown): void;
  onStateChange?(state: RunnerState): void;
}

type Outcome = 'ok' | 'resync' | 'retired' | 'lost' | 'stopped' | 'failing';

/** Thrown when the lock connection died: the lock is gone, so this instance must stop writing. */
class LockLost extends Error {}

export class ProjectionRunner {
  private readonly projection: Projection;
  private readonly control: string;
  private readonly t: string;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly retryDelayMs: number;
  /** The failing mark of the row as this instance last saw it: then an event gets one try per request. */
  private failingMark = false;
  /** The row's retry_requests when this instance marked it failing: a larger count is a new request. */
  private retriesSeen = 0;
  private stopping = false;
  private done: Promise<void> | null = null;
  private endFollow: ((o: Outcome) => void) | null = null;
  private readonly sleeper = new WakeablePause();
  private _state: RunnerState = 'starting';
  private _position = -1;

  constructor(private readonly options: ProjectionRunnerOptions) {
    assertProjection(options.projection);
    this.projection = options.projection;
    this.control = options.controlSchema ?? DEFAULT_CONTROL_SCHEMA;
    this.t = `${q(this.control)}.checkpoints`;
    this.batchSize = options.batchSize ?? 500;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 5);
    this.retryDelayMs = options.retryDelayMs ?? 2000;
  }

  get name(): string {
    return this.projection.name;
  }
  get state(): RunnerState {
    return this._state;
  }
  /** The checkpoint this instance last committed (-1 before it led). */
  get position(): number {
    return this._position;
  }

  /** Starts in the background: standby until the lock is free, then catch-up and live. */
  start(): this {
    this.done ??= this.main();
    return this;
  }

  /** Stops after the batch in flight (its transaction commits or rolls back whole) and releases the lock. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.endFollow?.('stopped');
    this.sleeper.wake();
    await this.done;
    this.setState('stopped');
  }

  private setState(s: RunnerState): void {
    if (this._state === s) return;
    this._state = s;
    this.options.onStateChange?.(s);
  }

  private report(error: unknown): void {
    this.options.onError?.(error);
  }

  private pause(ms: number): Promise<void> {
    // stop() wakes a pause in progress; one that starts after it (stop() came while this instance was
    // reading, e.g. the failing row) must not sleep its whole length and hold stop() up.
    return this.stopping ? Promise.resolve() : this.sleeper.pause(ms);
  }

  private async main(): Promise<void> {
    let backoff = 100;
    while (!this.stopping) {
      const client = await this.acquire();
      if (!client) break;
      try {
        this.setState('running');
        const outcome = await this.lead(client);
        backoff = 100;
        if (outcome === 'retired') {
          this.setState('retired');
          return; // a newer version owns the name; the lock is released below
        }
      } catch (error) {
        this.report(error);
        await this.pause(backoff);
        backoff = Math.min(backoff * 2, 10_000);
      } finally {
        // Ending the session releases the session-level lock (and rolls back anything open).
        client.removeAllListeners('error');
        client.removeAllListeners('end');
        client.on('error', () => {});
        await client.end().catch(() => {});
      }
      if (!this.stopping) this.setState('standby');
    }
  }

  /** A connected client holding the projection version's lock, or null once stopping. */
  private async acquire(): Promise<pg.Client | null> {
    const key = advisoryKey('runner', this.control, this.projection.name, this.projection.version);
    const poll = this.options.standbyPollMs ?? 500;
    // While Postgres is away (a restart, a failover), try again with backoff: 0.5 s, 1 s, 2 s, 4 s, 5 s …
    let retry = poll;
    while (!this.stopping) {
      const client = new pg.Client(this.options.pool.options);
      let broken = false;
      client.on('error', (e) => {
        broken = true;
        this.report(e);
        this.endFollow?.('lost');
      });
      client.on('end', () => {
        broken = true;
        this.endFollow?.('lost');
      });
      try {
        await client.connect();
        await ensureControlSchema(this.options.pool, this.control);
        while (!this.stopping && !broken) {
          const { rows } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${key}) AS ok`);
          if (rows[0].ok) {
            // A newer version going live retires this one: hear it at once, even while idle.
            client.on('notification', (msg) => {
              try {
                const n = JSON.parse(msg.payload ?? '') as { name: string; version: number; status?: string; retry?: boolean };
                if (n.name !== this.projection.name) return;
                if (n.version > this.projection.version && n.status === 'live') {
                  this.endFollow?.('resync');
                  this.sleeper.wake(); // a failing runner re-reads its row and stands down
                }
                if (n.version === this.projection.version && n.retry) this.sleeper.wake(); // `projections retry`
              } catch {
                /* not ours */
              }
            });
            await client.query(`LISTEN ${q(checkpointChannel(this.control))}`);
            return client;
          }
          this.setState('standby');
          await this.pause(poll);
        }
        retry = poll;
      } catch (error) {
        this.report(error);
        retry = Math.min(retry * 2, 5_000);
      }
      await client.end().catch(() => {});
      if (!this.stopping) await this.pause(retry);
    }
    return null;
  }

  private async lead(client: pg.Client): Promise<Outcome> {
    let row = await this.register(client);
    if (!row || row.status === 'retired') return 'retired';
    this._position = Number(row.position);
    // A failing row gets ONE try when an instance starts leading it: the new process may carry the fix.
    this.failingMark = row.failing_position !== null;
    for (;;) {
      if (this.stopping) return 'stopped';
      if (row.status === 'building' && (await this.options.store.headPosition()) <= Number(row.position)) {
        row = await this.promote(client, Number(row.position));
        if (!row || row.status === 'retired') return 'retired';
      }
      const outcome = await this.follow(client, Number(row.position), row.status);
      if (outcome === 'failing') row = await this.awaitRepair(client);
      else if (outcome !== 'resync') return outcome;
      else row = await this.readRow(client);
      if (this.stopping) return 'stopped';
      if (!row || row.status === 'retired') return 'retired';
      this._position = Number(row.position);
      this.failingMark = row.failing_position !== null;
    }
  }

  private async readRow(client: pg.ClientBase): Promise<CheckpointRow | null> {
    const { rows } = await client.query<CheckpointRow>(`SELECT * FROM ${this.t} WHERE name = $1 AND version = $2`, [
      this.projection.name,
      this.projection.version,
    ]);
    return rows[0] ?? null;
  }

  /**
   * Marked failing: no tries of its own from here on (the same event with the same code fails the same
   * way). Returns the row once an operator asked for a retry (`projections retry`, heard by NOTIFY or
   * the slow poll), a rebuild cleared the mark, the version was retired, or stop() was called.
   */
  private async awaitRepair(client: pg.Client): Promise<CheckpointRow | null> {
    this.setState('failing');
    for (;;) {
      if (this.stopping) return null;
      const row = await this.readRow(client);
      if (!row || row.status === 'retired') return row;
      if (row.failing_position === null || row.retry_requests !== this.retriesSeen) {
        this.failingMark = row.failing_position !== null;
        this.setState('running');
        return row;
      }
      await this.pause(this.options.failingPollMs ?? 5000);
    }
  }

  /** Registers this version (creating its schema and tables) unless it exists; null when a newer version owns the name. */
  private async register(client: pg.Client): Promise<CheckpointRow | null> {
    const { name, version } = this.projection;
    await client.query('BEGIN');
    try {
      // Per-name lock: registrations, promotions and rebuild swaps of one name never interleave.
      await client.query(`SELECT pg_advisory_xact_lock(${advisoryKey('name', this.control, name)})`);
      const { rows } = await client.query<CheckpointRow>(`SELECT * FROM ${this.t} WHERE name = $1 FOR UPDATE`, [name]);
      const mine = rows.find((r) => r.version === version);
      if (mine) {
        await client.query('COMMIT');
        return mine;
      }
      if (rows.some((r) => r.version > version && r.status !== 'retired')) {
        await client.query('COMMIT');
        return null;
      }
      const schema = versionSchema(name, version);
      // A schema of the same name without a row is a leftover of a manual intervention: start clean.
      await client.query(`DROP SCHEMA IF EXISTS ${q(schema)} CASCADE`);
      await setupSchema(client, this.projection, schema);
      // The very first version goes live at once (nothing better to show while it builds); a later
      // one builds beside the live one and is swapped in when it has caught up.
      const live = rows.some((r) => r.status === 'live');
      const { rows: inserted } = await client.query<CheckpointRow>(
        `INSERT INTO ${this.t} (name, version, schema_name, position, status) VALUES ($1, $2, $3, 0, $4) RETURNING *`,
        [name, version, schema, live ? 'building' : 'live'],
      );
      if (!live) await pointReadSchema(client, name, schema);
      await client.query('COMMIT');
      return inserted[0];
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    }
  }

  /** Makes this (caught-up) building version the live one: views swapped, old version retired and dropped. */
  private async promote(client: pg.Client, expected: number): Promise<CheckpointRow | null> {
    const { name, version } = this.projection;
    await client.query('BEGIN');
    try {
      await client.query(`SELECT pg_advisory_xact_lock(${advisoryKey('name', this.control, name)})`);
      const { rows } = await client.query<CheckpointRow>(`SELECT * FROM ${this.t} WHERE name = $1 ORDER BY version FOR UPDATE`, [name]);
      const mine = rows.find((r) => r.version === version);
      if (!mine || mine.status !== 'building' || Number(mine.position) !== expected) {
        await client.query('COMMIT');
        return mine ?? null;
      }
      const old = rows.filter((r) => r.status === 'live');
      await client.query(`UPDATE ${this.t} SET status = 'retired', updated_at = now() WHERE name = $1 AND status = 'live'`, [name]);
      const { rows: updated } = await client.query<CheckpointRow>(
        `UPDATE ${this.t} SET status = 'live', updated_at = now() WHERE name = $1 AND version = $2 RETURNING *`,
        [name, version],
      );
      await pointReadSchema(client, name, mine.schema_name);
      for (const r of old) await client.query(`DROP SCHEMA IF EXISTS ${q(r.schema_name)} CASCADE`);
      await this.notify(client, expected, 'live');
      await client.query('COMMIT');
      return updated[0];
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    }
  }

  /** `failing`: the position it is stuck at, or null (waiters drop a failing mark they cached). */
  private notify(client: pg.ClientBase, position: number, status: string, failing: { position: number; error: string } | null = null): Promise<unknown> {
    return client.query(`SELECT pg_notify($1, $2)`, [
      checkpointChannel(this.control),
      JSON.stringify({ name: this.projection.name, version: this.projection.version, position, status, failing }),
    ]);
  }

  /** Follows the log from `from` until a resync is needed, the lock is lost, the version retired or stop(). */
  private async follow(client: pg.Client, from: number, status: string): Promise<Outcome> {
    let expected = from;
    let building = status === 'building';
    const { ended, end, reason } = endOnce<Outcome>(() => (this.endFollow = null));
    this.endFollow = end;
    if (this.stopping) end('stopped');
    const sub = this.options.store.subscribe({
      fromPosition: from,
      batchSize: this.batchSize,
      onError: (e) => this.report(e),
      handle: async (events) => {
        if (reason()) return;
        try {
          const r = await this.applyBatch(client, events, expected);
          if (r !== 'ok') return end(r);
        } catch (e) {
          if (e instanceof LockLost || reason()) return end('lost');
          // The database was in the way: the subscription retries the same batch with backoff, forever.
          if (isTransientError(e)) throw e;
          this.report(e);
          let r: Outcome;
          try {
            r = await this.narrow(client, events, expected, e, () => reason() !== null);
          } catch (e2) {
            // Some events may be committed: the row, not this batch, says where to go on.
            this.report(e2);
            return end('resync');
          }
          if (r !== 'ok') return end(r);
        }
        this.failingMark = false;
        expected = events[events.length - 1].position;
        this._position = expected;
        if (building) {
          // The batch is committed: a failure from here on must not make the subscription hand us
          // the same batch again, so it ends in a resync from the row instead of a throw.
          try {
            if (events.length < this.batchSize || (await this.options.store.headPosition()) <= expected) {
              const row = await this.promote(client, expected);
              if (!row || row.status === 'retired') return end('retired');
              if (Number(row.position) !== expected) return end('resync');
              building = row.status === 'building';
            }
          } catch (e) {
            this.report(e);
            return end('resync');
          }
        }
      },
    });
    const result = await ended;
    await sub.stop();
    return result;
  }

  /**
   * A batch failed with a data error: narrowed to the event (narrowBatch, shared with the
   * checkpointed consumers), each event applied in its own transaction with its checkpoint.
   */
  private async narrow(client: pg.Client, events: StoredEvent[], from: number, batchError: unknown, ended: () => boolean): Promise<Outcome> {
    const { outcome } = await narrowBatch<Outcome>({
      events,
      from,
      batchError,
      budget: () => this.budget(),
      retryDelayMs: this.retryDelayMs,
      pause: (ms) => this.pause(ms),
      report: (e) => this.report(e),
      ended: () => ended() || this.stopping,
      tryEvent: (event, expected) => this.applyBatch(client, [event], expected),
      committed: async (event) => {
        this._position = event.position;
        this.failingMark = false;
        return true;
      },
      interrupted: (e) => (e instanceof LockLost || ended() ? 'lost' : null),
      transient: isTransientError,
      markFailing: (event, expected, error, tries) => this.markFailing(client, event, expected, error, tries),
    });
    return outcome;
  }

  /** Tries an event gets: one per request once the row is marked failing, else maxAttempts. */
  private budget(): number {
    return this.failingMark ? 1 : this.maxAttempts;
  }

  /** Records the failure on the checkpoint row and tells waiters; false when the row moved meanwhile (resync). */
  private async markFailing(client: pg.Client, event: StoredEvent, expected: number, error: unknown, tries: number): Promise<boolean> {
    const { name, version } = this.projection;
    const text = describeFailure(event, error);
    this.report(new Error(`projection ${name} v${version} is failing at position ${event.position} after ${tries} ${tries === 1 ? 'try' : 'tries'}: ${text}`));
    await client.query('BEGIN');
    try {
      const { rows } = await client.query<CheckpointRow>(`SELECT * FROM ${this.t} WHERE name = $1 AND version = $2 FOR UPDATE`, [name, version]);
      const row = rows[0];
      if (!row || row.status === 'retired' || Number(row.position) !== expected) {
        await client.query('ROLLBACK');
        return false;
      }
      await client.query(
        `UPDATE ${this.t}
            SET failing_position = $3, error = $4, failed_at = clock_timestamp(),
                attempts = CASE WHEN failing_position = $3 THEN attempts + $5 ELSE $5 END
          WHERE name = $1 AND version = $2`,
        [name, version, event.position, text, tries],
      );
      await this.notify(client, expected, row.status, { position: event.position, error: text });
      await client.query('COMMIT');
      this.failingMark = true;
      this.retriesSeen = row.retry_requests; // read under the row lock the retry command also takes
      return true;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    }
  }

  /** One batch and its checkpoint in one transaction, guarded by the checkpoint row lock. */
  private async applyBatch(client: pg.Client, events: StoredEvent[], expected: number): Promise<Outcome> {
    const { name, version } = this.projection;
    const last = events[events.length - 1].position;
    try {
      await client.query('BEGIN');
    } catch (e) {
      throw new LockLost(String(e));
    }
    try {
      // The row lock serialises with promotions, rebuild swaps and the audit; the position check
      // turns any move we did not make (a rebuild) into a resync instead of a double application.
      const { rows } = await client.query<CheckpointRow>(`SELECT * FROM ${this.t} WHERE name = $1 AND version = $2 FOR UPDATE`, [name, version]);
      const row = rows[0];
      let outcome: Outcome = 'ok';
      if (!row || row.status === 'retired') outcome = 'retired';
      // Someone else moved the checkpoint (a rebuild), or this batch does not start after it: never apply twice.
      else if (Number(row.position) !== expected || events[0].position <= expected) outcome = 'resync';
      if (outcome !== 'ok') {
        await client.query('ROLLBACK');
        return outcome;
      }
      await applyEvents(this.projection, events, await projectionTx(client, row.schema_name, this.projection));
      // Applied past any failing mark: the mark goes with the same commit.
      await client.query(
        `UPDATE ${this.t} SET position = $3, updated_at = now(), failing_position = NULL, error = NULL, failed_at = NULL, attempts = 0
          WHERE name = $1 AND version = $2`,
        [name, version, last],
      );
      await this.notify(client, last, row.status);
      await client.query('COMMIT');
      return 'ok';
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    }
  }
}

export interface RunningProjections {
  runners: ProjectionRunner[];
  stop(): Promise<void>;
}

/** Starts one runner per projection (the worker's composition root calls this once). */
export function startProjections(
  projections: Projection[],
  options: Omit<ProjectionRunnerOptions, 'projection'>,
): RunningProjections {
  const names = new Set<string>();
  for (const p of projections) {
    if (names.has(p.name)) throw new Error(`projection ${p.name} registered twice`);
    names.add(p.name);
  }
  const runners = projections.map((projection) => new ProjectionRunner({ ...options, projection }).start());
  return { runners, stop: async () => void (await Promise.all(runners.map((r) => r.stop()))) };
}
