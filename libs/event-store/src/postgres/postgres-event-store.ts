// The PostgreSQL adapter of the EventStore port (ARCHITECTURE.md §4; ADR 0002 ordering, ADR 0003 keys).
import pg from 'pg';
import type { JsonValue } from '../canonical.js';
import { decodeRecords } from '../core/decode.js';
import { prepareAppend, type PreparedAppend } from '../core/prepare.js';
import { SubjectKeys } from '../core/subject-keys.js';
import { verifyChain } from '../core/verify-chain.js';
import { assertMasterKey, type SealedPersonal } from '../crypto/personal-data.js';
import {
  ConcurrencyError,
  EventIdConflictError,
  type AppendResult,
  type ChainHead,
  type VerifyOptions,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type StreamAppend,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
  type Upcasters,
  type EventSchemas,
  type VerifyResult,
} from '../port.js';
import { migrateEventStore } from './migrations.js';
import { assertSchemaName, channelName, GENESIS_HASH } from './schema.js';
import { PgSubscription } from './subscription.js';

export interface PostgresEventStoreOptions {
  pool: pg.Pool;
  /** 32 bytes; see loadMasterKey. Wraps the per-subject data keys. */
  masterKey: Buffer;
  /** Upcasters applied on read, in addition to those of `schemas`. */
  upcasters?: Upcasters;
  /** The published events' checks (on append) and upcasters (on read), ADR 0017. */
  schemas?: EventSchemas;
  /** Postgres schema holding the log (default 'event_store'). */
  schema?: string;
  /** How often a subscription polls when no notification came (a lost NOTIFY only delays). Default 1000. */
  pollIntervalMs?: number;
  /** First and longest wait between retries of a failing subscription handler. Default 100 → 10 000 ms. */
  retry?: { initialMs: number; maxMs: number };
  /**
   * TESTS ONLY: runs inside every append transaction after its rows are written, before COMMIT
   * (appends then use an explicit transaction instead of one implicit statement).
   */
  beforeCommit?: () => Promise<void>;
}

const COLUMNS = `position, stream_id, stream_version, event_id::text AS event_id, type, schema_version, data, personal, metadata,
  to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS recorded_at, prev_hash, hash`;

/** Full batches kept for the other subscriptions (subscriptionRead): a few MB at the runners' batch sizes. */
const SHARED_BATCHES = 16;
/** The longest a subscription ahead of the others waits for them per batch (paceLeader). */
const PACE_MS = 1000;

interface EventRow {
  /** The opened personal part, shared by the subscriptions that read this row (subscriptionRead). */
  opened?: { personal?: Record<string, unknown> };
  position: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: JsonValue;
  personal: SealedPersonal | null;
  metadata: EventMetadata;
  recorded_at: string;
  prev_hash: string;
  hash: string;
}

interface PendingAppend {
  streamId: string;
  expected: number | null;
  ids: string[];
  bodies: string[];
  resolve(row: AppendRow): void;
  reject(error: unknown): void;
}

const MAX_GROUP_APPENDS = 256;
const MAX_GROUP_EVENTS = 2000;

interface AppendRow {
  r_index: number;
  r_status: 'ok' | 'duplicate' | 'conflict' | 'id_conflict';
  r_last_position: string | null;
  r_stream_version: number | null;
  r_actual_version: number | null;
  r_conflicting: string[] | null;
}

export class PostgresEventStore implements EventStore {
  readonly schema: string;
  private readonly pool: pg.Pool;
  private readonly keys: SubjectKeys;
  private readonly upcasters: Upcasters;
  private readonly t: string;
  private readonly subscriptions = new Set<PgSubscription>();
  private readonly wakeups = new Set<(position: number) => void>();
  private listener: pg.Client | null = null;
  private listenerStarting: Promise<void> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly queue: PendingAppend[] = [];
  private flushing = false;
  /** Full batches of raw rows recently read by this store's subscriptions (subscriptionRead), oldest first. */
  private readonly recentBatches = new Map<string, Promise<EventRow[]>>();

  constructor(private readonly options: PostgresEventStoreOptions) {
    assertMasterKey(options.masterKey);
    this.schema = options.schema ?? 'event_store';
    assertSchemaName(this.schema);
    this.pool = options.pool;
    this.keys = new SubjectKeys(options.pool, this.schema, options.masterKey);
    this.upcasters = { ...options.schemas?.upcasters, ...options.upcasters };
    this.t = `"${this.schema}"`;
  }

  /**
   * Applies the adapter's numbered migrations this schema has not had (migrations.ts); resolves to the
   * versions applied now. Safe to run concurrently from several processes.
   */
  migrate(): Promise<number[]> {
    return migrateEventStore(this.pool, this.schema);
  }

  // ---------------------------------------------------------------- append

  /** Checks one append and builds its canonical bodies (what is hashed is what is stored). */
  private async prepare(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<Omit<PendingAppend, 'resolve' | 'reject'>> {
    const p: PreparedAppend = await prepareAppend(streamId, events, expectedVersion, { keys: this.keys, schemas: this.options.schemas });
    return { streamId: p.streamId, expected: p.expected, ids: p.ids, bodies: p.canonical };
  }

  async append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    const row = await this.enqueue(await this.prepare(streamId, events, expectedVersion));
    return this.outcome(row, streamId, expectedVersion);
  }

  private outcome(row: AppendRow, streamId: string, expectedVersion: ExpectedVersion): AppendResult {
    switch (row.r_status) {
      case 'ok':
      case 'duplicate':
        return { lastPosition: Number(row.r_last_position), streamVersion: row.r_stream_version! };
      case 'conflict':
        throw new ConcurrencyError(streamId, expectedVersion as number, row.r_actual_version!);
      case 'id_conflict':
        throw new EventIdConflictError(streamId, row.r_conflicting ?? []);
    }
  }

  /**
   * Several streams in ONE transaction on the same ordered append path (append_events, one call):
   * every append is judged on its expected version, and unless all are written, none is (ROLLBACK).
   * A retry of the whole batch (same event ids) is answered with the original results.
   */
  async appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    if (!Array.isArray(appends) || appends.length === 0) throw new TypeError('appendMany: no appends');
    if (new Set(appends.map((a) => a.streamId)).size !== appends.length) throw new TypeError('appendMany: the same stream twice');
    const group = [];
    for (const a of appends) group.push(await this.prepare(a.streamId, a.events, a.expectedVersion));
    const sql = `SELECT * FROM ${this.t}.append_events($1::text[], $2::integer[], $3::integer[], $4::uuid[], $5::text[]) ORDER BY r_index`;
    const params = [group.map((p) => p.streamId), group.map((p) => p.expected), group.map((p) => p.ids.length), group.flatMap((p) => p.ids), group.flatMap((p) => p.bodies)];
    const client = await this.pool.connect();
    let rows: AppendRow[];
    try {
      await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
      rows = (await client.query<AppendRow>(sql, params)).rows;
      if (rows.length !== group.length) throw new Error(`append_events answered ${rows.length} rows for ${group.length} appends`);
      const statuses = new Set(rows.map((r) => r.r_status));
      if (statuses.size === 1 && statuses.has('ok')) {
        if (this.options.beforeCommit) await this.options.beforeCommit();
        await client.query('COMMIT');
      } else {
        await client.query('ROLLBACK');
        if (!(statuses.size === 1 && statuses.has('duplicate'))) {
          const i = rows.findIndex((r) => r.r_status === 'conflict');
          if (i >= 0) throw new ConcurrencyError(appends[i].streamId, appends[i].expectedVersion as number, rows[i].r_actual_version!);
          // A batch partly stored already is not a retry of one earlier batch.
          const j = Math.max(0, rows.findIndex((r) => r.r_status !== 'ok'));
          throw new EventIdConflictError(appends[j].streamId, rows[j].r_conflicting ?? group[j].ids);
        }
      }
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
    return rows.map((row, i) => this.outcome(row, appends[i].streamId, appends[i].expectedVersion));
  }

  /**
   * Group append: while one call of append_events is in flight, the appends that arrive queue up
   * and go together in the next call: one transaction, one lock hold, one WAL flush for many
   * appends, each still judged on its own (ADR 0002). An idle store sends an append at once.
   */
  private enqueue(append: Omit<PendingAppend, 'resolve' | 'reject'>): Promise<AppendRow> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...append, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        let events = 0;
        let n = 0;
        while (n < this.queue.length && n < MAX_GROUP_APPENDS && (n === 0 || events + this.queue[n].ids.length <= MAX_GROUP_EVENTS)) {
          events += this.queue[n].ids.length;
          n++;
        }
        const group = this.queue.splice(0, n);
        try {
          const rows = await this.appendGroup(group);
          group.forEach((p, i) => p.resolve(rows[i]));
        } catch (error) {
          if (group.length === 1) group[0].reject(error);
          else {
            // One bad append must not fail its neighbours: retry each alone (a retry of one that did
            // commit after all is answered as a duplicate).
            for (const p of group) {
              try {
                p.resolve((await this.appendGroup([p]))[0]);
              } catch (e) {
                p.reject(e);
              }
            }
          }
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private async appendGroup(group: PendingAppend[]): Promise<AppendRow[]> {
    const sql = `SELECT * FROM ${this.t}.append_events($1::text[], $2::integer[], $3::integer[], $4::uuid[], $5::text[]) ORDER BY r_index`;
    const params = [
      group.map((p) => p.streamId),
      group.map((p) => p.expected),
      group.map((p) => p.ids.length),
      group.flatMap((p) => p.ids),
      group.flatMap((p) => p.bodies),
    ];
    let rows: AppendRow[];
    if (!this.options.beforeCommit) {
      // One statement = one implicit transaction: the append lock is held for the function and the
      // commit only, never across a client round trip.
      rows = (await this.pool.query<AppendRow>(sql, params)).rows;
    } else {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
        rows = (await client.query<AppendRow>(sql, params)).rows;
        if (rows.some((r) => r.r_status === 'ok')) await this.options.beforeCommit();
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    }
    if (rows.length !== group.length) throw new Error(`append_events answered ${rows.length} rows for ${group.length} appends`);
    return rows;
  }

  // ---------------------------------------------------------------- read

  async readStream(streamId: string, fromVersion = 0): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM ${this.t}.events WHERE stream_id = $1 AND stream_version > $2 ORDER BY stream_version`,
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
      `SELECT ${COLUMNS} FROM ${this.t}.events WHERE position > $1 ORDER BY position LIMIT $2`,
      [fromPosition, limit],
    );
    return rows;
  }

  /**
   * readAll for this store's subscriptions (ADR 0035): the projection runners of a process follow the
   * same log, each in its own batches, so a batch one of them read is often the next one another asks
   * for. The raw rows of a FULL batch never change (a gap-free prefix, ADR 0002), so the last
   * SHARED_BATCHES of them are kept and a runner asking for the same (from, limit) gets them without a
   * query; a short batch (the head) is shared only while it is being read. Each caller still decodes
   * its own: subject keys are read per call (an erasure counts from the next read, ADR 0003).
   */
  private async subscriptionRead(reader: PgSubscription | undefined, fromPosition: number, limit: number): Promise<StoredEvent[]> {
    const key = `${fromPosition}:${limit}`;
    let rows = this.recentBatches.get(key);
    if (!rows && (await this.paceLeader(reader, fromPosition, limit))) rows = this.recentBatches.get(key);
    if (!rows) {
      rows = this.readRows(fromPosition, limit);
      this.recentBatches.set(key, rows);
      const forget = () => {
        if (this.recentBatches.get(key) === rows) this.recentBatches.delete(key);
      };
      rows.then((r) => r.length < limit && forget(), forget);
      for (const k of this.recentBatches.keys()) {
        if (this.recentBatches.size <= SHARED_BATCHES) break;
        this.recentBatches.delete(k);
      }
    }
    return this.toStored(await rows, true);
  }

  /**
   * A subscription catching up a long backlog (more than the shared window from the head: a replay, a
   * rebuild) ahead of the others waits (up to PACE_MS per batch) while another one that is still
   * reading (asked within the last 5 s: not failing, not idle) is more than half the window behind it,
   * so the batches it reads are still there for the others. Near the head nobody waits (live lag is
   * unchanged). Throughput only: whatever it waits for, it reads the same rows. True when it waited.
   */
  private async paceLeader(reader: PgSubscription | undefined, fromPosition: number, limit: number): Promise<boolean> {
    const behind = () => {
      const now = Date.now();
      return [...this.subscriptions].some((s) => s !== reader && now - s.lastReadAt < 5000 && s.position < fromPosition - (SHARED_BATCHES / 2) * limit);
    };
    // Only a long catch-up (a replay, a rebuild) is paced: a live subscription, or one with a short backlog, never waits.
    if (!behind() || (await this.headPosition()) < fromPosition + SHARED_BATCHES * limit) return false;
    const until = Date.now() + PACE_MS;
    while (!this.closed && behind() && Date.now() < until) await new Promise((r) => setTimeout(r, 2));
    return true;
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
    return decodeRecords(
      rows.map((r) => ({
        ...(shared ? { opened: (r.opened ??= {}) } : {}),
        position: Number(r.position),
        streamId: r.stream_id,
        streamVersion: r.stream_version,
        eventId: r.event_id,
        type: r.type,
        schemaVersion: r.schema_version,
        data: r.data,
        personal: r.personal,
        metadata: r.metadata,
        recordedAt: r.recorded_at,
        hash: r.hash,
      })),
      this.keys,
      this.upcasters,
    );
  }

  // ---------------------------------------------------------------- erasure

  async eraseSubject(subjectId: string): Promise<void> {
    await this.keys.erase(subjectId);
  }

  // ---------------------------------------------------------------- tamper evidence

  verify(options: VerifyOptions = {}): Promise<VerifyResult> {
    return verifyChain(
      {
        linksFrom: async (from) => {
          const { rows } = await this.pool.query<EventRow>(`SELECT ${COLUMNS} FROM ${this.t}.events WHERE position >= $1 ORDER BY position LIMIT 2000`, [from]);
          return rows.map((r) => ({
            position: Number(r.position),
            streamVersion: r.stream_version,
            prevHash: r.prev_hash,
            hash: r.hash,
            body: {
              streamId: r.stream_id,
              eventId: r.event_id,
              type: r.type,
              schemaVersion: r.schema_version,
              data: r.data,
              personal: r.personal,
              metadata: r.metadata,
              recordedAt: r.recorded_at,
            },
          }));
        },
        headPosition: () => this.headPosition(),
        hashAt: async (position) => {
          const { rows } = await this.pool.query<{ hash: string }>(`SELECT hash FROM ${this.t}.events WHERE position = $1`, [position]);
          return rows[0]?.hash;
        },
      },
      options,
    );
  }

  // ---------------------------------------------------------------- subscriptions

  subscribe(options: SubscribeOptions): Subscription {
    if (this.closed) throw new Error('event store is closed');
    // The first read starts inside the constructor, before `sub` is assigned (it is then not yet a reader others wait for).
    let reader: PgSubscription | undefined = undefined;
    const sub: PgSubscription = new PgSubscription({
      options,
      readAll: (from, limit) => this.subscriptionRead(reader, from, limit),
      pollIntervalMs: this.options.pollIntervalMs ?? 1000,
      retry: this.options.retry ?? { initialMs: 100, maxMs: 10_000 },
      onStop: () => {
        this.subscriptions.delete(sub);
        this.wakeups.delete(wake);
        if (this.subscriptions.size === 0) this.stopListener();
      },
    });
    reader = sub;
    const wake = (position: number) => sub.notify(position);
    this.subscriptions.add(sub);
    this.wakeups.add(wake);
    void this.startListener();
    return sub;
  }

  /** One LISTEN connection per store, shared by its subscriptions; reconnects on its own. */
  private startListener(): Promise<void> {
    if (this.listener || this.listenerStarting || this.closed || this.subscriptions.size === 0) return Promise.resolve();
    this.listenerStarting = (async () => {
      const client = new pg.Client(this.pool.options);
      client.on('notification', (msg) => {
        const position = Number(msg.payload);
        for (const wake of this.wakeups) wake(position);
      });
      client.on('error', () => this.dropListener(client));
      client.on('end', () => this.dropListener(client));
      try {
        await client.connect();
        await client.query(`LISTEN "${channelName(this.schema)}"`);
        this.listener = client;
        // Anything appended while we were not listening is found by this wake-up (and by polling).
        for (const wake of this.wakeups) wake(0);
        if (this.closed || this.subscriptions.size === 0) this.stopListener();
      } catch {
        this.dropListener(client);
      } finally {
        this.listenerStarting = null;
      }
    })();
    return this.listenerStarting;
  }

  private dropListener(client: pg.Client): void {
    if (this.listener === client) this.listener = null;
    client.end().catch(() => {});
    if (!this.closed && this.subscriptions.size > 0 && !this.reconnectTimer) {
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        void this.startListener();
      }, 1000);
      this.reconnectTimer.unref();
    }
  }

  private stopListener(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const client = this.listener;
    this.listener = null;
    if (client) {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => {});
      client.end().catch(() => {});
    }
  }

  /** Stops every subscription and the LISTEN connection. The pool belongs to the caller and stays open. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    if (this.listenerStarting) await this.listenerStarting;
    this.stopListener();
    this.recentBatches.clear();
  }
}

/** Builds the adapter and brings its schema up to date. */
export async function createPostgresEventStore(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
  const store = new PostgresEventStore(options);
  await store.migrate();
  return store;
}
