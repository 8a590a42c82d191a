// The KurrentDB / EventStoreDB adapter of the EventStore port (ARCHITECTURE.md §4, ADR 0032), on
// @eventstore/db-client. The log is ONE KurrentDB stream: its revisions are the port's dense
// positions, its expected revision is the one ordered append path (optimistic, where Postgres takes
// a lock), and one append to it writes several port streams atomically. Per-stream versions and
// event ids are judged against an in-memory index of the log, caught up before every decision.
// Personal data keys stay in PostgreSQL (core/subject-keys.ts): erasure must destroy them.
import { BACKWARDS, END, FORWARDS, type EventStoreDBClient, type ResolvedEvent, type StreamSubscription } from '@eventstore/db-client';
import type pg from 'pg';
import { decodeRecords } from '../core/decode.js';
import { prepareAppend, type PreparedAppend } from '../core/prepare.js';
import { SubjectKeys } from '../core/subject-keys.js';
import { verifyChain } from '../core/verify-chain.js';
import { assertMasterKey } from '../crypto/personal-data.js';
import {
  ConcurrencyError,
  EventIdConflictError,
  type AppendResult,
  type ChainHead,
  type EventSchemas,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type StoredEvent,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
  type Upcasters,
  type VerifyOptions,
  type VerifyResult,
} from '../port.js';
import { migrateEventStore } from '../postgres/migrations.js';
import { assertSchemaName, GENESIS_HASH } from '../postgres/schema.js';
import { PgSubscription } from '../postgres/subscription.js';
import { judgeGroup, LogIndex, type Judgement } from './log-index.js';
import {
  EventStoreUnavailableError,
  expectedLogRevision,
  fromRecorded,
  isStreamNotFound,
  isWrongExpectedVersion,
  mapClientError,
  revisionOf,
  toEventData,
  type LogRecord,
} from './mapping.js';

export interface KurrentEventStoreOptions {
  /** The caller's client (EventStoreDBClient.connectionString(EVENTSTORE_URL)); not disposed by close(). */
  client: EventStoreDBClient;
  /** PostgreSQL holding the subject keys of crypto-shredding (<schema>.subject_keys). */
  pool: pg.Pool;
  /** 32 bytes; see loadMasterKey. */
  masterKey: Buffer;
  /** The KurrentDB stream holding the log (default 'academy-log'); no other writer may use it. */
  stream?: string;
  /** Postgres schema of the subject keys (default 'event_store'). */
  schema?: string;
  upcasters?: Upcasters;
  schemas?: EventSchemas;
  /** A subscription's poll when no live notice came (a lost notice only delays). Default 1000. */
  pollIntervalMs?: number;
  retry?: { initialMs: number; maxMs: number };
}

const READ_BATCH = 4096;
const MAX_GROUP_APPENDS = 256;
const MAX_GROUP_EVENTS = 2000;
/** Rounds of "the log moved: catch up, judge again" before an append gives up (transient). */
const MAX_LOG_RACES = 200;

interface PendingAppend {
  prepared: PreparedAppend;
  resolve(j: Judgement): void;
  reject(error: unknown): void;
}

function outcome(j: Judgement, streamId: string, expectedVersion: ExpectedVersion): AppendResult {
  switch (j.status) {
    case 'ok':
    case 'duplicate':
      return { lastPosition: j.lastPosition, streamVersion: j.streamVersion };
    case 'conflict':
      throw new ConcurrencyError(streamId, expectedVersion as number, j.actualVersion);
    case 'id_conflict':
      throw new EventIdConflictError(streamId, j.conflictingIds);
  }
}

export class KurrentEventStore implements EventStore {
  readonly stream: string;
  readonly schema: string;
  private readonly client: EventStoreDBClient;
  private readonly keys: SubjectKeys;
  private readonly upcasters: Upcasters;
  private readonly index = new LogIndex();
  /** Catch-ups run one after the other: the index is only ever extended at its head. */
  private catchUpChain: Promise<void> = Promise.resolve();
  private readonly queue: PendingAppend[] = [];
  private flushing = false;
  private readonly subscriptions = new Set<PgSubscription>();
  private live: StreamSubscription | null = null;
  private liveRetry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: KurrentEventStoreOptions) {
    assertMasterKey(options.masterKey);
    this.schema = options.schema ?? 'event_store';
    assertSchemaName(this.schema);
    this.stream = options.stream ?? 'academy-log';
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/.test(this.stream)) throw new Error(`invalid KurrentDB log stream name: ${JSON.stringify(this.stream)}`);
    this.client = options.client;
    this.keys = new SubjectKeys(options.pool, this.schema, options.masterKey);
    this.upcasters = { ...options.schemas?.upcasters, ...options.upcasters };
  }

  /** Creates the subject-key table in PostgreSQL (the Postgres adapter's migrations; its events table stays unused). */
  async migrate(): Promise<void> {
    await migrateEventStore(this.options.pool, this.schema);
  }

  // ---------------------------------------------------------------- the log, read

  /** Up to `maxCount` records from `position` on, in order; [] past the end or for an empty log. */
  private async readLog(position: number, maxCount: number, direction: typeof FORWARDS | typeof BACKWARDS = FORWARDS): Promise<LogRecord[]> {
    const out: LogRecord[] = [];
    try {
      const read = this.client.readStream(this.stream, { fromRevision: position === 0 && direction === BACKWARDS ? END : revisionOf(position), maxCount, direction });
      for await (const resolved of read as AsyncIterable<ResolvedEvent>) {
        if (resolved.event) out.push(fromRecorded(resolved.event));
      }
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw mapClientError(error);
    }
    return out;
  }

  /** Extends the index with whatever the log holds past its head (several processes append). */
  private catchUp(): Promise<void> {
    const run = this.catchUpChain.then(async () => {
      for (;;) {
        const records = await this.readLog(this.index.head + 1, READ_BATCH);
        for (const r of records) this.index.add({ position: r.position, streamId: r.streamId, streamVersion: r.streamVersion, eventId: r.eventId, hash: r.hash });
        if (records.length < READ_BATCH) return;
      }
    });
    this.catchUpChain = run.catch(() => {});
    return run;
  }

  private decode(records: LogRecord[]): Promise<StoredEvent[]> {
    return decodeRecords(records, this.keys, this.upcasters);
  }

  async readStream(streamId: string, fromVersion = 0): Promise<StoredEvent[]> {
    await this.catchUp();
    const positions = this.index.positions(streamId, fromVersion);
    // Runs of consecutive positions are one read each (a stream written in one append is one run).
    const runs: [number, number][] = [];
    for (const p of positions) {
      const last = runs[runs.length - 1];
      if (last && last[0] + last[1] === p) last[1]++;
      else runs.push([p, 1]);
    }
    const records = (await Promise.all(runs.map(([from, count]) => this.readLog(from, count)))).flat();
    return this.decode(records.filter((r) => r.streamId === streamId));
  }

  async readAll(fromPosition: number, limit: number): Promise<StoredEvent[]> {
    if (limit <= 0) return [];
    // One stream's revisions: committed in order, so a reader never sees n + 1 before n (no late commits).
    return this.decode(await this.readLog(Math.max(0, fromPosition) + 1, limit));
  }

  async headPosition(): Promise<number> {
    return (await this.head()).position;
  }

  async head(): Promise<ChainHead> {
    const [last] = await this.readLog(0, 1, BACKWARDS);
    return last ? { position: last.position, hash: last.hash } : { position: 0, hash: GENESIS_HASH };
  }

  // ---------------------------------------------------------------- the log, appended

  private prepare(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<PreparedAppend> {
    return prepareAppend(streamId, events, expectedVersion, { keys: this.keys, schemas: this.options.schemas });
  }

  /**
   * Judges `group` on the caught-up index and, when `write` allows it, appends the links of its 'ok'
   * appends in ONE append to the log, expecting the revision the judgement was made on. Another
   * process appending first moves the log: catch up and judge again (its events may be our retry).
   */
  private async commit(group: PreparedAppend[], write: (judgements: Judgement[]) => boolean): Promise<Judgement[]> {
    for (let race = 0; race < MAX_LOG_RACES; race++) {
      await this.catchUp();
      const head = this.index.head;
      const { judgements, links } = judgeGroup(this.index, group);
      if (links.length === 0 || !write(judgements)) return judgements;
      try {
        await this.client.appendToStream(this.stream, links.map(toEventData), { expectedRevision: expectedLogRevision(head) });
        return judgements;
      } catch (error) {
        if (isWrongExpectedVersion(error)) continue;
        throw mapClientError(error);
      }
    }
    throw new EventStoreUnavailableError(`KurrentDB connection error: the log kept moving for ${MAX_LOG_RACES} rounds, try again`);
  }

  async append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    const prepared = await this.prepare(streamId, events, expectedVersion);
    const judgement = await new Promise<Judgement>((resolve, reject) => {
      this.queue.push({ prepared, resolve, reject });
      if (!this.flushing) void this.flush();
    });
    return outcome(judgement, streamId, expectedVersion);
  }

  /** Group append, as in the Postgres adapter: appends queued meanwhile go in the next log append, each judged on its own. */
  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        let events = 0;
        let n = 0;
        while (n < this.queue.length && n < MAX_GROUP_APPENDS && (n === 0 || events + this.queue[n].prepared.ids.length <= MAX_GROUP_EVENTS)) {
          events += this.queue[n].prepared.ids.length;
          n++;
        }
        const group = this.queue.splice(0, n);
        try {
          const judgements = await this.commit(group.map((p) => p.prepared), () => true);
          group.forEach((p, i) => p.resolve(judgements[i]));
        } catch (error) {
          if (group.length === 1) group[0].reject(error);
          else {
            // One bad append must not fail its neighbours: each alone (one that did land is then a duplicate).
            for (const p of group) {
              try {
                p.resolve((await this.commit([p.prepared], () => true))[0]);
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

  /** All or nothing: the streams' events go in one append to the log, or none does. */
  async appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    if (!Array.isArray(appends) || appends.length === 0) throw new TypeError('appendMany: no appends');
    if (new Set(appends.map((a) => a.streamId)).size !== appends.length) throw new TypeError('appendMany: the same stream twice');
    const group: PreparedAppend[] = [];
    for (const a of appends) group.push(await this.prepare(a.streamId, a.events, a.expectedVersion));
    const judgements = await this.commit(group, (js) => js.every((j) => j.status === 'ok'));
    const statuses = new Set(judgements.map((j) => j.status));
    if (!(statuses.size === 1 && (statuses.has('ok') || statuses.has('duplicate')))) {
      const i = judgements.findIndex((j) => j.status === 'conflict');
      if (i >= 0) throw new ConcurrencyError(appends[i].streamId, appends[i].expectedVersion as number, (judgements[i] as { actualVersion: number }).actualVersion);
      // A batch partly stored already is not a retry of one earlier batch.
      const j = Math.max(0, judgements.findIndex((x) => x.status !== 'ok'));
      const bad = judgements[j];
      throw new EventIdConflictError(appends[j].streamId, bad.status === 'id_conflict' ? bad.conflictingIds : group[j].ids);
    }
    return judgements.map((j, i) => outcome(j, appends[i].streamId, appends[i].expectedVersion));
  }

  // ---------------------------------------------------------------- erasure and tamper evidence

  async eraseSubject(subjectId: string): Promise<void> {
    await this.keys.erase(subjectId);
  }

  verify(options: VerifyOptions = {}): Promise<VerifyResult> {
    return verifyChain(
      {
        linksFrom: (from) => this.readLog(from, 2000),
        headPosition: () => this.headPosition(),
        hashAt: async (position) => (await this.readLog(position, 1)).find((r) => r.position === position)?.hash,
      },
      options,
    );
  }

  // ---------------------------------------------------------------- subscriptions

  /** Catch-up then live: the shared polling loop over readAll, woken by one live KurrentDB subscription per store. */
  subscribe(options: SubscribeOptions): Subscription {
    if (this.closed) throw new Error('event store is closed');
    const sub = new PgSubscription({
      options,
      readAll: (from, limit) => this.readAll(from, limit),
      pollIntervalMs: this.options.pollIntervalMs ?? 1000,
      retry: this.options.retry ?? { initialMs: 100, maxMs: 10_000 },
      onStop: () => {
        this.subscriptions.delete(sub);
        if (this.subscriptions.size === 0) this.stopLive();
      },
    });
    this.subscriptions.add(sub);
    this.startLive();
    return sub;
  }

  private startLive(): void {
    if (this.live || this.closed || this.subscriptions.size === 0) return;
    const live = this.client.subscribeToStream(this.stream, { fromRevision: END });
    this.live = live;
    live.on('data', (resolved: ResolvedEvent) => {
      const position = resolved.event ? Number(resolved.event.revision) + 1 : 0;
      for (const s of this.subscriptions) s.notify(position);
    });
    const drop = () => {
      if (this.live !== live) return;
      this.live = null;
      live.unsubscribe().catch(() => {});
      // Polling covers the gap; the live subscription comes back on its own.
      if (!this.closed && this.subscriptions.size > 0 && !this.liveRetry) {
        this.liveRetry = setTimeout(() => {
          this.liveRetry = null;
          this.startLive();
          for (const s of this.subscriptions) s.notify(0);
        }, 1000);
        this.liveRetry.unref();
      }
    };
    live.on('error', drop);
    live.on('end', drop);
  }

  private stopLive(): void {
    if (this.liveRetry) clearTimeout(this.liveRetry);
    this.liveRetry = null;
    const live = this.live;
    this.live = null;
    live?.unsubscribe().catch(() => {});
  }

  /** Stops every subscription and the live feed. The client and the pool belong to the caller. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    this.stopLive();
  }
}

/** Builds the adapter and creates the subject-key table; the index is read from the log on first use. */
export async function createKurrentEventStore(options: KurrentEventStoreOptions): Promise<KurrentEventStore> {
  const store = new KurrentEventStore(options);
  await store.migrate();
  return store;
}
