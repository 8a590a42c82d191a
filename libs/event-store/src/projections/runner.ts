// The projection runner (ARCHITECTURE.md §5, ADR 0004): one instance per projection version holds a
// session-level advisory lock on its own connection and applies ordered batches, each batch and the
// checkpoint in ONE transaction on that same connection. Other instances wait as hot standbys.
import pg from 'pg';
import type { EventStore, StoredEvent } from '../port.js';
import { applyEvents, assertProjection, projectionTx, setupSchema } from './apply.js';
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

export type RunnerState = 'starting' | 'standby' | 'running' | 'retired' | 'stopped';

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
  onError?(error: unknown): void;
  onStateChange?(state: RunnerState): void;
}

type Outcome = 'ok' | 'resync' | 'retired' | 'lost' | 'stopped';

/** Thrown when the lock connection died: the lock is gone, so this instance must stop writing. */
class LockLost extends Error {}

export class ProjectionRunner {
  private readonly projection: Projection;
  private readonly control: string;
  private readonly t: string;
  private readonly batchSize: number;
  private stopping = false;
  private done: Promise<void> | null = null;
  private endFollow: ((o: Outcome) => void) | null = null;
  private wakeSleep: (() => void) | null = null;
  private _state: RunnerState = 'starting';
  private _position = -1;

  constructor(private readonly options: ProjectionRunnerOptions) {
    assertProjection(options.projection);
    this.projection = options.projection;
    this.control = options.controlSchema ?? DEFAULT_CONTROL_SCHEMA;
    this.t = `${q(this.control)}.checkpoints`;
    this.batchSize = options.batchSize ?? 500;
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
    this.wakeSleep?.();
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
                const n = JSON.parse(msg.payload ?? '') as { name: string; version: number; status: string };
                if (n.name === this.projection.name && n.version > this.projection.version && n.status === 'live') this.endFollow?.('resync');
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
    for (;;) {
      if (this.stopping) return 'stopped';
      if (row.status === 'building' && (await this.options.store.headPosition()) <= Number(row.position)) {
        row = await this.promote(client, Number(row.position));
        if (!row || row.status === 'retired') return 'retired';
      }
      const outcome = await this.follow(client, Number(row.position), row.status);
      if (outcome !== 'resync') return outcome;
      row = await this.readRow(client);
      if (!row || row.status === 'retired') return 'retired';
      this._position = Number(row.position);
    }
  }

  private async readRow(client: pg.ClientBase): Promise<CheckpointRow | null> {
    const { rows } = await client.query<CheckpointRow>(`SELECT * FROM ${this.t} WHERE name = $1 AND version = $2`, [
      this.projection.name,
      this.projection.version,
    ]);
    return rows[0] ?? null;
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

  private notify(client: pg.ClientBase, position: number, status: string): Promise<unknown> {
    return client.query(`SELECT pg_notify($1, $2)`, [
      checkpointChannel(this.control),
      JSON.stringify({ name: this.projection.name, version: this.projection.version, position, status }),
    ]);
  }

  /** Follows the log from `from` until a resync is needed, the lock is lost, the version retired or stop(). */
  private async follow(client: pg.Client, from: number, status: string): Promise<Outcome> {
    let expected = from;
    let building = status === 'building';
    let finish!: (o: Outcome) => void;
    const ended = new Promise<Outcome>((resolve) => (finish = resolve));
    let outcome: Outcome | null = null;
    const end = (o: Outcome) => {
      if (outcome) return;
      outcome = o;
      this.endFollow = null;
      finish(o);
    };
    this.endFollow = end;
    if (this.stopping) end('stopped');
    const sub = this.options.store.subscribe({
      fromPosition: from,
      batchSize: this.batchSize,
      onError: (e) => this.report(e),
      handle: async (events) => {
        if (outcome) return;
        let r: Outcome;
        try {
          r = await this.applyBatch(client, events, expected);
        } catch (e) {
          if (e instanceof LockLost) return end('lost');
          throw e; // the subscription retries the same batch with backoff
        }
        if (r !== 'ok') return end(r);
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
      await applyEvents(this.projection, events, await projectionTx(client, row.schema_name));
      await client.query(`UPDATE ${this.t} SET position = $3, updated_at = now() WHERE name = $1 AND version = $2`, [name, version, last]);
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
