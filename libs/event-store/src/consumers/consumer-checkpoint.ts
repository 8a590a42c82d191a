// A consumer's checkpoint (the dispatcher's, a reactor's): its row in <control>.consumer_checkpoints,
// the checkpoint store of the processor that runs it (processor/processor.ts). Unlike a projection's,
// it moves AFTER the batch's handler returned (the handler's effects are outside this database:
// BullMQ jobs, appends), guarded by the position the batch started from: a checkpoint someone else
// moved (a manual reset, the dispatcher's rewind after Redis lost jobs) is noticed and reread.
import type pg from 'pg';
import type { EventStore } from '../port.js';
import { checkpointOf, type Checkpoint, type CheckpointStore, type FailingMark } from '../processor/kind.js';
import { advisoryKey, consumerChannel, q, type ConsumerCheckpointRow } from '../projections/control.js';

export interface ConsumerCheckpointOptions {
  /** 'dispatcher' | 'reactor': part of the lock key and of messages. */
  kind: string;
  name: string;
  control: string;
  store: EventStore;
  /** Where a consumer that has never run starts. */
  startAt: 'beginning' | 'head';
}

export class ConsumerCheckpoint implements CheckpointStore {
  readonly label: string;
  readonly lockKey: string;
  readonly channel: string;
  private readonly t: string;

  constructor(private readonly options: ConsumerCheckpointOptions) {
    this.label = `${options.kind} ${options.name}`;
    this.lockKey = advisoryKey(options.kind, options.control, options.name);
    this.channel = consumerChannel(options.control);
    this.t = `${q(options.control)}.consumer_checkpoints`;
  }

  /** `projections retry <name>` wakes a failing leader at once (the slow poll covers a lost notification). */
  heard(payload: string): 'wake' | null {
    return payload === this.options.name ? 'wake' : null;
  }

  async open(client: pg.Client): Promise<Checkpoint> {
    const { kind, name, startAt, store } = this.options;
    const start = startAt === 'head' ? await store.headPosition() : 0;
    await client.query(
      `INSERT INTO ${this.t} AS c (name, position, kind) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET kind = EXCLUDED.kind WHERE c.kind IS DISTINCT FROM EXCLUDED.kind`,
      [name, start, kind],
    );
    return this.read(client);
  }

  async read(client: pg.Client): Promise<Checkpoint> {
    const { rows } = await client.query<ConsumerCheckpointRow>(`SELECT * FROM ${this.t} WHERE name = $1`, [this.options.name]);
    const row = rows[0];
    if (!row) throw new Error(`${this.label}: its checkpoint row is gone`);
    return checkpointOf(row);
  }

  /** Moves the checkpoint from `from` to `to`, clearing a failing mark (the event was handled); false when it moved meanwhile. */
  async move(client: pg.Client, from: number, to: number): Promise<boolean> {
    const { rowCount } = await client.query(
      `UPDATE ${this.t} SET position = $3, updated_at = now(), failing_position = NULL, error = NULL, failed_at = NULL, attempts = 0
        WHERE name = $1 AND position = $2`,
      [this.options.name, from, to],
    );
    return rowCount === 1;
  }

  /** One statement under the row lock `projections retry` also takes: the count returned is the one this mark has seen. */
  async markFailing(client: pg.Client, mark: FailingMark): Promise<number | null> {
    const { rows } = await client.query<{ retry_requests: number }>(
      `UPDATE ${this.t}
          SET failing_position = $3, error = $4, failed_at = clock_timestamp(),
              attempts = CASE WHEN failing_position = $3 THEN attempts + $5 ELSE $5 END
        WHERE name = $1 AND position = $2
        RETURNING retry_requests`,
      [this.options.name, mark.expected, mark.event.position, mark.error, mark.tries],
    );
    return rows[0]?.retry_requests ?? null;
  }
}
