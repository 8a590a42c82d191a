// What every adapter of the EventStore port does the same way (shared core), as the base both adapters
// extend: the subject keys in PostgreSQL and their migrations, the checks and sealing before an append,
// group append, appendMany's all-or-nothing answer, decoding, erasure, the chain walk of verify(), and
// subscriptions woken by one live feed. An adapter supplies its log: how a group or a batch is written,
// how it is read, and what wakes its subscriptions.
import type pg from 'pg';
import { assertMasterKey } from '../crypto/personal-data.js';
import type {
  AppendResult,
  ChainHead,
  EventSchemas,
  EventStore,
  ExpectedVersion,
  NewEvent,
  StoredEvent,
  StreamAppend,
  SubscribeOptions,
  Subscription,
  Upcasters,
  VerifyOptions,
  VerifyResult,
} from '../port.js';
import { migrateEventStore } from '../postgres/migrations.js';
import { assertSchemaName } from '../postgres/schema.js';
import { outcome, type Judgement } from './append-outcome.js';
import { decodeRecords, type StoredRecord } from './decode.js';
import { GroupAppender } from './group-append.js';
import { LiveSubscriptions, type LiveFeed } from './live-subscriptions.js';
import type { PollingSubscription } from './polling-subscription.js';
import { prepareAppend, prepareBatch, type PreparedAppend, type PrepareDeps } from './prepare.js';
import { SubjectKeys } from './subject-keys.js';
import { verifyChain, type ChainSource } from './verify-chain.js';

export interface LogStoreOptions {
  /** PostgreSQL: the subject keys of crypto-shredding (<schema>.subject_keys), and the PostgreSQL adapter's log. */
  pool: pg.Pool;
  /** 32 bytes; see loadMasterKey. Wraps the per-subject data keys. */
  masterKey: Buffer;
  /** PostgreSQL schema of the above (default 'event_store'). */
  schema?: string;
  /** The published events' checks (on append) and upcasters (on read), ADR 0017. */
  schemas?: EventSchemas;
  /** Upcasters applied on read, in addition to those of `schemas`. */
  upcasters?: Upcasters;
  /** How often a subscription polls when no live wake-up came (a lost one only delays). Default 1000. */
  pollIntervalMs?: number;
  /** First and longest wait between retries of a failing subscription handler. Default 100 → 10 000 ms. */
  retry?: { initialMs: number; maxMs: number };
}

export abstract class LogStore implements EventStore {
  readonly schema: string;
  protected readonly pool: pg.Pool;
  protected readonly keys: SubjectKeys;
  private readonly prepareDeps: PrepareDeps;
  private readonly upcasters: Upcasters;
  private readonly groups = new GroupAppender((group) => this.writeGroup(group));
  protected readonly live: LiveSubscriptions;

  constructor(options: LogStoreOptions) {
    assertMasterKey(options.masterKey);
    this.schema = options.schema ?? 'event_store';
    assertSchemaName(this.schema);
    this.pool = options.pool;
    this.keys = new SubjectKeys(options.pool, this.schema, options.masterKey);
    this.prepareDeps = { keys: this.keys, schemas: options.schemas };
    this.upcasters = { ...options.schemas?.upcasters, ...options.upcasters };
    this.live = new LiveSubscriptions({
      openFeed: (wake, dropped) => this.openFeed(wake, dropped),
      read: (reader, from, limit) => this.subscriptionRead(reader, from, limit),
      pollIntervalMs: options.pollIntervalMs,
      retry: options.retry,
    });
  }

  /** Judges a group of appends together and writes the ones judged 'ok' (group append, ADR 0002). */
  protected abstract writeGroup(group: PreparedAppend[]): Promise<Judgement[]>;
  /** appendMany's batch, written whole or not at all (core/append-outcome.ts: batchOutcome). */
  protected abstract writeBatch(group: PreparedAppend[]): Promise<AppendResult[]>;
  /** The log in position order with its stored links, for verify(). */
  protected abstract chainSource(): ChainSource;
  /** The adapter's live wake-ups for subscriptions (core/live-subscriptions.ts). */
  protected abstract openFeed(wake: (position: number) => void, dropped: () => void): Promise<LiveFeed>;
  abstract readStream(streamId: string, fromVersion?: number): Promise<StoredEvent[]>;
  abstract readAll(fromPosition: number, limit: number): Promise<StoredEvent[]>;
  abstract headPosition(): Promise<number>;
  abstract head(): Promise<ChainHead>;

  /**
   * Applies the numbered migrations this schema has not had (postgres/migrations.ts: the subject keys,
   * and the PostgreSQL adapter's log); resolves to the versions applied now. Safe to run concurrently.
   */
  migrate(): Promise<number[]> {
    return migrateEventStore(this.pool, this.schema);
  }

  async append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    const prepared = await prepareAppend(streamId, events, expectedVersion, this.prepareDeps);
    return outcome(await this.groups.append(prepared), prepared);
  }

  /** Several streams at once, all or nothing; a retry of the whole batch is answered with the original results. */
  async appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    return this.writeBatch(await prepareBatch(appends, this.prepareDeps));
  }

  async eraseSubject(subjectId: string): Promise<void> {
    await this.keys.erase(subjectId);
  }

  verify(options: VerifyOptions = {}): Promise<VerifyResult> {
    return verifyChain(this.chainSource(), options);
  }

  /** Catch-up then live: the polling loop over readAll, woken by the adapter's feed. */
  subscribe(options: SubscribeOptions): Subscription {
    return this.live.subscribe(options);
  }

  /** Stops every subscription and the live feed. The pool (and any client) belongs to the caller. */
  async close(): Promise<void> {
    await this.live.close();
  }

  protected decode(records: StoredRecord[]): Promise<StoredEvent[]> {
    return decodeRecords(records, this.keys, this.upcasters);
  }

  /** readAll for a subscription; an adapter may share reads between its subscriptions. */
  protected subscriptionRead(_reader: PollingSubscription | undefined, fromPosition: number, limit: number): Promise<StoredEvent[]> {
    return this.readAll(fromPosition, limit);
  }
}
