// The PostgreSQL adapter of the EventStore port (ARCHITECTURE.md §4; ADR 0002 ordering, ADR 0003 keys).
// What it shares with every adapter is core/log-store.ts; its own parts: append-events.ts (the one
// write path), event-rows.ts (reading the table), shared-batches.ts (subscriptions' reads) and
// notify-feed.ts (their wake-ups, LISTEN/NOTIFY).
import type { Judgement } from '../core/append-outcome.js';
import type { LiveFeed } from '../core/live-subscriptions.js';
import { LogStore, type LogStoreOptions } from '../core/log-store.js';
import type { PollingSubscription } from '../core/polling-subscription.js';
import type { PreparedAppend } from '../core/prepare.js';
import { VERIFY_BATCH, type ChainSource } from '../core/verify-chain.js';
import type { AppendResult, ChainHead, StoredEvent } from '../port.js';
import { writeBatch, writeGroup, type BeforeCommit } from './append-events.js';
import { EVENT_COLUMNS, toLogRecord, type EventRow } from './event-rows.js';
import { listenForAppends } from './notify-feed.js';
import { GENESIS_HASH } from './schema.js';
import { SharedBatches } from './shared-batches.js';

export interface PostgresEventStoreOptions extends LogStoreOptions {
  /**
   * TESTS ONLY: runs inside every append transaction after its rows are written, before COMMIT
   * (appends then use an explicit transaction instead of one implicit statement).
   */
  beforeCommit?: BeforeCommit;
}

export class PostgresEventStore extends LogStore {
  private readonly t: string;
  private readonly batches: SharedBatches;

  constructor(private readonly options: PostgresEventStoreOptions) {
    super(options);
    this.t = `"${this.schema}"`;
    this.batches = new SharedBatches({
      readRows: (from, limit) => this.readRows(from, limit),
      headPosition: () => this.headPosition(),
      readers: () => this.live.all,
    });
  }

  protected writeGroup(group: PreparedAppend[]): Promise<Judgement[]> {
    return writeGroup(this.pool, this.schema, group, this.options.beforeCommit);
  }

  protected writeBatch(group: PreparedAppend[]): Promise<AppendResult[]> {
    return writeBatch(this.pool, this.schema, group, this.options.beforeCommit);
  }

  async readStream(streamId: string, fromVersion = 0): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM ${this.t}.events WHERE stream_id = $1 AND stream_version > $2 ORDER BY stream_version`,
      [streamId, fromVersion],
    );
    return this.toStored(rows);
  }

  async readAll(fromPosition: number, limit: number): Promise<StoredEvent[]> {
    return this.toStored(await this.readRows(fromPosition, limit));
  }

  private async readRows(fromPosition: number, limit: number): Promise<EventRow[]> {
    // Positions are handed out under the append lock held until commit, so whatever a snapshot sees
    // is a gap-free prefix of the log: a plain "position > x" never skips a late commit (ADR 0002).
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM ${this.t}.events WHERE position > $1 ORDER BY position LIMIT $2`,
      [fromPosition, limit],
    );
    return rows;
  }

  async headPosition(): Promise<number> {
    const { rows } = await this.pool.query<{ p: string | null }>(`SELECT max(position) AS p FROM ${this.t}.events`);
    return Number(rows[0].p ?? 0);
  }

  async head(): Promise<ChainHead> {
    const { rows } = await this.pool.query<{ position: string; hash: string }>(
      `SELECT position, hash FROM ${this.t}.events ORDER BY position DESC LIMIT 1`,
    );
    return rows.length ? { position: Number(rows[0].position), hash: rows[0].hash } : { position: 0, hash: GENESIS_HASH };
  }

  /** `shared`: the rows are handed to several subscriptions, which open each personal part once (decode.ts). */
  private toStored(rows: EventRow[], shared = false): Promise<StoredEvent[]> {
    return this.decode(rows.map((r) => toLogRecord(r, shared ? (r.opened ??= {}) : undefined)));
  }

  protected chainSource(): ChainSource {
    return {
      linksFrom: async (from) => {
        const { rows } = await this.pool.query<EventRow>(
          `SELECT ${EVENT_COLUMNS} FROM ${this.t}.events WHERE position >= $1 ORDER BY position LIMIT ${VERIFY_BATCH}`,
          [from],
        );
        return rows.map((r) => toLogRecord(r));
      },
      headPosition: () => this.headPosition(),
      hashAt: async (position) => {
        const { rows } = await this.pool.query<{ hash: string }>(`SELECT hash FROM ${this.t}.events WHERE position = $1`, [position]);
        return rows[0]?.hash;
      },
    };
  }

  protected openFeed(wake: (position: number) => void, dropped: () => void): Promise<LiveFeed> {
    return listenForAppends(this.pool, this.schema, wake, dropped);
  }

  protected override async subscriptionRead(reader: PollingSubscription | undefined, fromPosition: number, limit: number): Promise<StoredEvent[]> {
    return this.toStored(await this.batches.read(reader, fromPosition, limit), true);
  }

  /** Stops every subscription and the LISTEN connection. The pool belongs to the caller and stays open. */
  override async close(): Promise<void> {
    this.batches.close();
    await super.close();
  }
}

/** Builds the adapter and brings its schema up to date. */
export async function createPostgresEventStore(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
  const store = new PostgresEventStore(options);
  await store.migrate();
  return store;
}
