// A projection version's checkpoint (ADR 0004): its row in <control>.checkpoints, the checkpoint store
// of the processor that runs it (processor/processor.ts). Unlike a consumer's, it moves INSIDE the
// batch's transaction: the row is locked first, the batch applied, the position updated and NOTIFYed,
// one commit; so the read tables and their checkpoint never disagree. The row's status also says
// whether this version is live, still building beside the live one (promoted here once caught up),
// or retired by a newer one.
import type pg from 'pg';
import type { EventStore, StoredEvent } from '../port.js';
import { checkpointOf, type BatchOutcome, type Checkpoint, type CheckpointStore, type FailingMark } from '../processor/kind.js';
import { setupSchema } from './apply.js';
import { advisoryKey, checkpointChannel, pointReadSchema, q, versionSchema, type CheckpointRow, type ProjectionStatus } from './control.js';
import type { Projection } from './types.js';

export class VersionCheckpoint implements CheckpointStore {
  readonly label: string;
  readonly lockKey: string;
  readonly channel: string;
  private readonly t: string;
  /** The row's status as last read: a building version is promoted once caught up. */
  private status: ProjectionStatus = 'live';

  constructor(
    private readonly projection: Projection,
    private readonly control: string,
    private readonly store: EventStore,
  ) {
    this.label = `projection ${projection.name} v${projection.version}`;
    this.lockKey = advisoryKey('runner', control, projection.name, projection.version);
    this.channel = checkpointChannel(control);
    this.t = `${q(control)}.checkpoints`;
  }

  heard(payload: string): 'wake' | 'resync' | null {
    let n: { name?: string; version?: number; status?: string; retry?: boolean };
    try {
      n = JSON.parse(payload) as typeof n;
    } catch {
      return null; // not ours
    }
    if (n.name !== this.projection.name || typeof n.version !== 'number') return null;
    // A newer version going live retires this one: heard at once, even while idle or failing.
    if (n.version > this.projection.version && n.status === 'live') return 'resync';
    if (n.version === this.projection.version && n.retry) return 'wake'; // `projections retry`
    return null;
  }

  /** Registers this version (creating its schema and tables) unless it exists; null when a newer version owns the name. */
  async open(client: pg.Client): Promise<Checkpoint | null> {
    const { name, version } = this.projection;
    return this.inNameTransaction(client, async () => {
      const { rows } = await client.query<CheckpointRow>(`SELECT * FROM ${this.t} WHERE name = $1 FOR UPDATE`, [name]);
      const mine = rows.find((r) => r.version === version);
      if (mine) return this.seen(mine);
      if (rows.some((r) => r.version > version && r.status !== 'retired')) return null;
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
      return this.seen(inserted[0]);
    });
  }

  async read(client: pg.Client): Promise<Checkpoint | null> {
    const { rows } = await client.query<CheckpointRow>(`SELECT * FROM ${this.t} WHERE name = $1 AND version = $2`, [this.projection.name, this.projection.version]);
    return rows[0] ? this.seen(rows[0]) : null;
  }

  /**
   * `work` (the batch, in schema `schema_name`) and the checkpoint moved from `from` to the batch's
   * last position in ONE transaction on the leader's connection, under the row lock that promotions,
   * rebuild swaps and the audit also take (ADR 0004 §1).
   */
  async moveWith(client: pg.Client, events: StoredEvent[], from: number, work: (schema: string) => Promise<void>): Promise<BatchOutcome> {
    const last = events[events.length - 1].position;
    return this.inTransaction(client, async () => {
      const row = await this.lockRow(client);
      if (!row || row.status === 'retired') return { outcome: 'retired', commit: false };
      // Someone else moved the checkpoint (a rebuild), or this batch does not start after it: never apply twice.
      if (Number(row.position) !== from || events[0].position <= from) return { outcome: 'resync', commit: false };
      await work(row.schema_name);
      // Applied past any failing mark: the mark goes with the same commit.
      await client.query(
        `UPDATE ${this.t} SET position = $3, updated_at = now(), failing_position = NULL, error = NULL, failed_at = NULL, attempts = 0
          WHERE name = $1 AND version = $2`,
        [this.projection.name, this.projection.version, last],
      );
      await this.notify(client, last, row.status);
      return { outcome: 'ok', commit: true };
    });
  }

  /** Records the failure on the row and tells the read-your-writes waiters (ADR 0010 §5). */
  async markFailing(client: pg.Client, mark: FailingMark): Promise<number | null> {
    const { name, version } = this.projection;
    return this.inTransaction(client, async () => {
      const row = await this.lockRow(client);
      if (!row || row.status === 'retired' || Number(row.position) !== mark.expected) return { outcome: null, commit: false };
      await client.query(
        `UPDATE ${this.t}
            SET failing_position = $3, error = $4, failed_at = clock_timestamp(),
                attempts = CASE WHEN failing_position = $3 THEN attempts + $5 ELSE $5 END
          WHERE name = $1 AND version = $2`,
        [name, version, mark.event.position, mark.error, mark.tries],
      );
      await this.notify(client, mark.expected, row.status, { position: mark.event.position, error: mark.error });
      // Read under the row lock the retry command also takes: a request counted later is a new one.
      return { outcome: row.retry_requests, commit: true };
    });
  }

  /** A building version that has caught up (a short batch, or the checkpoint at the head) goes live. */
  async caughtUp(client: pg.Client, position: number, short: boolean): Promise<BatchOutcome> {
    if (this.status !== 'building') return 'ok';
    if (!short && (await this.store.headPosition()) > position) return 'ok';
    const row = await this.promote(client, position);
    if (!row || row.status === 'retired') return 'retired';
    return Number(row.position) === position ? 'ok' : 'resync';
  }

  /** Makes this (caught-up) building version the live one: views swapped, old version retired and dropped. */
  private async promote(client: pg.Client, expected: number): Promise<CheckpointRow | null> {
    const { name, version } = this.projection;
    return this.inNameTransaction(client, async () => {
      const { rows } = await client.query<CheckpointRow>(`SELECT * FROM ${this.t} WHERE name = $1 ORDER BY version FOR UPDATE`, [name]);
      const mine = rows.find((r) => r.version === version);
      if (!mine || mine.status !== 'building' || Number(mine.position) !== expected) return mine ? this.remember(mine) : null;
      const old = rows.filter((r) => r.status === 'live');
      await client.query(`UPDATE ${this.t} SET status = 'retired', updated_at = now() WHERE name = $1 AND status = 'live'`, [name]);
      const { rows: updated } = await client.query<CheckpointRow>(
        `UPDATE ${this.t} SET status = 'live', updated_at = now() WHERE name = $1 AND version = $2 RETURNING *`,
        [name, version],
      );
      await pointReadSchema(client, name, mine.schema_name);
      for (const r of old) await client.query(`DROP SCHEMA IF EXISTS ${q(r.schema_name)} CASCADE`);
      await this.notify(client, expected, 'live');
      return this.remember(updated[0]);
    });
  }

  private async lockRow(client: pg.Client): Promise<CheckpointRow | undefined> {
    const { rows } = await client.query<CheckpointRow>(`SELECT * FROM ${this.t} WHERE name = $1 AND version = $2 FOR UPDATE`, [this.projection.name, this.projection.version]);
    return rows[0];
  }

  /** `failing`: the position it is stuck at, or null (waiters drop a failing mark they cached). */
  private notify(client: pg.Client, position: number, status: string, failing: { position: number; error: string } | null = null): Promise<unknown> {
    return client.query(`SELECT pg_notify($1, $2)`, [this.channel, JSON.stringify({ name: this.projection.name, version: this.projection.version, position, status, failing })]);
  }

  /** A transaction that also holds the per-name lock: registrations, promotions and rebuild swaps of one name never interleave. */
  private inNameTransaction<T>(client: pg.Client, work: () => Promise<T>): Promise<T> {
    return this.inTransaction(client, async () => {
      await client.query(`SELECT pg_advisory_xact_lock(${advisoryKey('name', this.control, this.projection.name)})`);
      return { outcome: await work(), commit: true };
    });
  }

  /** BEGIN, `work`, then COMMIT or (when it says so, or throws) ROLLBACK. */
  private async inTransaction<T>(client: pg.Client, work: () => Promise<{ outcome: T; commit: boolean }>): Promise<T> {
    await client.query('BEGIN');
    try {
      const { outcome, commit } = await work();
      await client.query(commit ? 'COMMIT' : 'ROLLBACK');
      return outcome;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    }
  }

  private remember(row: CheckpointRow): CheckpointRow {
    this.status = row.status;
    return row;
  }

  private seen(row: CheckpointRow): Checkpoint | null {
    this.remember(row);
    if (row.status === 'retired') return null;
    return checkpointOf(row);
  }
}
