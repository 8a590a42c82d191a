// The PostgreSQL adapter of the EventStore port (ARCHITECTURE.md §4; ADR 0002 ordering, ADR 0003 keys).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { JsonValue } from '../canonical.js';
import {
  assertMasterKey,
  newDataKey,
  openPersonal,
  sealPersonal,
  unwrapDataKey,
  wrapDataKey,
  type SealedPersonal,
} from '../crypto/personal-data.js';
import { findUnstorable } from '@academy/contracts';
import {
  ConcurrencyError,
  EventIdConflictError,
  SubjectErasedError,
  UnstorableEventError,
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
  InvalidEventError,
  type VerifyResult,
} from '../port.js';
import { canonicalBody, chainHash, type HashedBody } from './hash-chain.js';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const COLUMNS = `position, stream_id, stream_version, event_id::text AS event_id, type, schema_version, data, personal, metadata,
  to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS recorded_at, prev_hash, hash`;

interface EventRow {
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

/** Microsecond ISO form of now: what timestamptz stores and what the hash covers. */
function nowMicros(): string {
  return new Date().toISOString().replace(/Z$/, '000Z');
}

function checkMetadata(m: EventMetadata | undefined, type: string): EventMetadata {
  if (!m || typeof m !== 'object') throw new TypeError(`event ${type}: metadata is required`);
  if (typeof m.correlationId !== 'string' || m.correlationId === '') throw new TypeError(`event ${type}: metadata.correlationId is required`);
  if (typeof m.occurredAt !== 'string' || Number.isNaN(Date.parse(m.occurredAt))) {
    throw new TypeError(`event ${type}: metadata.occurredAt must be an ISO-8601 instant`);
  }
  return { ...m, actorId: m.actorId ?? null, actorRole: m.actorRole ?? null, causationId: m.causationId ?? null };
}

/** The text rule of libs/contracts over everything an append would store, before any I/O. */
function refuseUnstorable(streamId: string, events: NewEvent[]): void {
  const bad = findUnstorable(streamId, 1)[0];
  if (bad) throw new UnstorableEventError(streamId, '', 'streamId', bad.message);
  for (const e of events) {
    const parts: [string, unknown][] = [
      ['type', e.type],
      ['data', e.data],
      ['metadata', e.metadata],
      ['personal', e.personal ?? null],
    ];
    for (const [name, value] of parts) {
      const place = findUnstorable(value, 1)[0];
      if (place) throw new UnstorableEventError(streamId, String(e.type), [name, ...place.path].join('.'), place.message);
    }
  }
}

export class PostgresEventStore implements EventStore {
  readonly schema: string;
  private readonly pool: pg.Pool;
  private readonly masterKey: Buffer;
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

  constructor(private readonly options: PostgresEventStoreOptions) {
    assertMasterKey(options.masterKey);
    this.schema = options.schema ?? 'event_store';
    assertSchemaName(this.schema);
    this.pool = options.pool;
    this.masterKey = options.masterKey;
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
    if (typeof streamId !== 'string' || streamId === '') throw new TypeError('streamId must be a non-empty string');
    if (!Array.isArray(events) || events.length === 0) throw new TypeError(`append to ${streamId}: no events`);
    if (expectedVersion !== 'any' && !(Number.isInteger(expectedVersion) && expectedVersion >= 0)) {
      throw new TypeError(`append to ${streamId}: expectedVersion must be an integer ≥ 0 or 'any'`);
    }
    const ids = events.map((e) => (e.id ?? randomUUID()).toLowerCase());
    for (const id of ids) if (!UUID.test(id)) throw new TypeError(`append to ${streamId}: event id ${id} is not a uuid`);
    if (new Set(ids).size !== ids.length) throw new TypeError(`append to ${streamId}: the same event id twice in one append`);
    refuseUnstorable(streamId, events);
    const versions = events.map((e) => {
      if (typeof e.type !== 'string' || e.type === '') throw new TypeError(`append to ${streamId}: event type is required`);
      const v = e.schemaVersion ?? 1;
      if (!Number.isInteger(v) || v < 1) throw new TypeError(`event ${e.type}: schemaVersion must be an integer ≥ 1`);
      if (!this.options.schemas) return v;
      // A published event is checked against the schema of the version producers write, and stored as that version.
      const checked = this.options.schemas.check({ type: e.type, schemaVersion: e.schemaVersion, data: e.data, personal: e.personal?.data ?? null });
      if (!checked.ok) throw new InvalidEventError(streamId, e.type, checked.reason);
      return checked.schemaVersion ?? v;
    });

    const keys = await this.dataKeysForWrite(events);
    const recordedAt = nowMicros();
    const bodies = events.map((e, i) => {
      const body: HashedBody = {
        streamId,
        eventId: ids[i],
        type: e.type,
        schemaVersion: versions[i],
        data: e.data === undefined ? null : e.data,
        personal: e.personal ? sealPersonal(keys.get(e.personal.subjectId)!, ids[i], e.personal.subjectId, e.personal.data) : null,
        metadata: checkMetadata(e.metadata, e.type),
        recordedAt,
      };
      return canonicalBody(body);
    });
    return { streamId, expected: expectedVersion === 'any' ? null : expectedVersion, ids, bodies };
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

  /** Data keys of the subjects in `events`, created on first use; refuses erased subjects. */
  private async dataKeysForWrite(events: NewEvent[]): Promise<Map<string, Buffer>> {
    const subjects = [...new Set(events.flatMap((e) => (e.personal ? [e.personal.subjectId] : [])))];
    const keys = new Map<string, Buffer>();
    if (subjects.length === 0) return keys;
    for (const s of subjects) if (typeof s !== 'string' || s === '') throw new TypeError('personal.subjectId must be a non-empty string');
    const load = () =>
      this.pool.query<{ subject_id: string; wrapped_key: Buffer | null; kek_id: string }>(
        `SELECT subject_id, wrapped_key, kek_id FROM ${this.t}.subject_keys WHERE subject_id = ANY($1::text[])`,
        [subjects],
      );
    let { rows } = await load();
    const missing = subjects.filter((s) => !rows.some((r) => r.subject_id === s));
    if (missing.length > 0) {
      const wrapped = missing.map((s) => wrapDataKey(this.masterKey, s, newDataKey()));
      // A concurrent first write for the same subject may win: DO NOTHING, then everyone reads the winner.
      await this.pool.query(
        `INSERT INTO ${this.t}.subject_keys (subject_id, wrapped_key, kek_id)
         SELECT * FROM unnest($1::text[], $2::bytea[], $3::text[]) ON CONFLICT (subject_id) DO NOTHING`,
        [missing, wrapped.map((w) => w.wrapped), wrapped.map((w) => w.kekId)],
      );
      ({ rows } = await load());
    }
    for (const r of rows) {
      if (r.wrapped_key === null) throw new SubjectErasedError(r.subject_id);
      keys.set(r.subject_id, unwrapDataKey(this.masterKey, r.subject_id, { wrapped: r.wrapped_key, kekId: r.kek_id }));
    }
    return keys;
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
    // Positions are handed out under the append lock held until commit, so whatever a snapshot sees
    // is a gap-free prefix of the log: a plain "position > x" never skips a late commit (ADR 0002).
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM ${this.t}.events WHERE position > $1 ORDER BY position LIMIT $2`,
      [fromPosition, limit],
    );
    return this.toStored(rows);
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

  private async toStored(rows: EventRow[]): Promise<StoredEvent[]> {
    const keys = await this.dataKeysForRead(rows);
    return rows.map((r) => {
      let personal: StoredEvent['personal'] = null;
      let erased = false;
      if (r.personal) {
        const key = keys.get(r.personal.subjectId);
        if (!key) erased = true;
        else {
          try {
            personal = { subjectId: r.personal.subjectId, data: openPersonal(key, r.event_id, r.personal) };
          } catch {
            // Not "erased": a key that exists but does not open the box means the row was altered.
            throw new Error(`event at position ${r.position}: personal data does not decrypt (the row was altered); run verify()`);
          }
        }
      }
      let data: unknown = r.data;
      let version = r.schema_version;
      const up = this.upcasters[r.type];
      while (up?.[version]) data = up[version++](data);
      return {
        position: Number(r.position),
        streamId: r.stream_id,
        streamVersion: r.stream_version,
        id: r.event_id,
        type: r.type,
        schemaVersion: version,
        data,
        personal,
        erased,
        metadata: r.metadata,
        recordedAt: r.recorded_at,
        hash: r.hash,
      };
    });
  }

  /**
   * Keys are read per call, never cached across calls: an erasure done by another process must
   * take effect on this process's very next read.
   */
  private async dataKeysForRead(rows: EventRow[]): Promise<Map<string, Buffer>> {
    const subjects = [...new Set(rows.flatMap((r) => (r.personal ? [r.personal.subjectId] : [])))];
    const keys = new Map<string, Buffer>();
    if (subjects.length === 0) return keys;
    const { rows: found } = await this.pool.query<{ subject_id: string; wrapped_key: Buffer; kek_id: string }>(
      `SELECT subject_id, wrapped_key, kek_id FROM ${this.t}.subject_keys WHERE subject_id = ANY($1::text[]) AND wrapped_key IS NOT NULL`,
      [subjects],
    );
    for (const r of found) keys.set(r.subject_id, unwrapDataKey(this.masterKey, r.subject_id, { wrapped: r.wrapped_key, kekId: r.kek_id }));
    return keys;
  }

  // ---------------------------------------------------------------- erasure

  async eraseSubject(subjectId: string): Promise<void> {
    // A tombstone, not a DELETE: later appends of this subject's personal data are refused.
    await this.pool.query(
      `INSERT INTO ${this.t}.subject_keys (subject_id, wrapped_key, kek_id, erased_at) VALUES ($1, NULL, '-', now())
       ON CONFLICT (subject_id) DO UPDATE SET wrapped_key = NULL, erased_at = coalesce(subject_keys.erased_at, now())`,
      [subjectId],
    );
  }

  // ---------------------------------------------------------------- tamper evidence

  async verify(options: VerifyOptions = {}): Promise<VerifyResult> {
    let expected = 1;
    let prev = GENESIS_HASH;
    let checked = 0;
    const total = options.onProgress ? await this.headPosition() : 0;
    for (;;) {
      if (checked > 0) await options.onProgress?.({ checked, total });
      const { rows } = await this.pool.query<EventRow>(
        `SELECT ${COLUMNS} FROM ${this.t}.events WHERE position >= $1 ORDER BY position LIMIT 2000`,
        [expected],
      );
      if (rows.length === 0) break;
      for (const r of rows) {
        const position = Number(r.position);
        if (position !== expected) {
          return { ok: false, checked, position: expected, reason: `position gap: expected ${expected} found ${position}` };
        }
        if (r.prev_hash !== prev) {
          return { ok: false, checked, position, reason: `previous hash does not link: row stores ${r.prev_hash.slice(0, 16)}…, the chain has ${prev.slice(0, 16)}…` };
        }
        const body: HashedBody = {
          streamId: r.stream_id,
          eventId: r.event_id,
          type: r.type,
          schemaVersion: r.schema_version,
          data: r.data,
          personal: r.personal,
          metadata: r.metadata,
          recordedAt: r.recorded_at,
        };
        const computed = chainHash(prev, position, r.stream_version, canonicalBody(body));
        if (computed !== r.hash) {
          return { ok: false, checked, position, reason: `hash mismatch: stored ${r.hash.slice(0, 16)}…, content hashes to ${computed.slice(0, 16)}…` };
        }
        prev = r.hash;
        expected++;
        checked++;
      }
    }
    const head = { position: expected - 1, hash: prev };
    const want = options.expectedHead;
    if (want && want.position > 0) {
      if (head.position < want.position) {
        return { ok: false, checked, position: head.position + 1, reason: `log ends at ${head.position}, before the exported head ${want.position}: events were removed from the end` };
      }
      const { rows } = await this.pool.query<{ hash: string }>(`SELECT hash FROM ${this.t}.events WHERE position = $1`, [want.position]);
      if (rows[0]?.hash !== want.hash) {
        return { ok: false, checked, position: want.position, reason: `hash at the exported head ${want.position} differs from the exported one: the log was rewritten` };
      }
    }
    return { ok: true, checked, head };
  }

  // ---------------------------------------------------------------- subscriptions

  subscribe(options: SubscribeOptions): Subscription {
    if (this.closed) throw new Error('event store is closed');
    const sub = new PgSubscription({
      options,
      readAll: (from, limit) => this.readAll(from, limit),
      pollIntervalMs: this.options.pollIntervalMs ?? 1000,
      retry: this.options.retry ?? { initialMs: 100, maxMs: 10_000 },
      onStop: () => {
        this.subscriptions.delete(sub);
        this.wakeups.delete(wake);
        if (this.subscriptions.size === 0) this.stopListener();
      },
    });
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
  }
}

/** Builds the adapter and brings its schema up to date. */
export async function createPostgresEventStore(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
  const store = new PostgresEventStore(options);
  await store.migrate();
  return store;
}
