// The event store port (ARCHITECTURE.md §4). Every adapter (PostgreSQL here, EventStoreDB later)
// keeps these promises and passes the shared contract suite in ./contract.

/** Who did it and why: carried by every event, never encrypted. */
export interface EventMetadata {
  actorId: string | null;
  actorRole: string | null;
  correlationId: string;
  causationId: string | null;
  /** ISO-8601 UTC instant the fact happened (the command's clock, not the database's). */
  occurredAt: string;
}

/** Personal data of one data subject, stored encrypted under that subject's key (crypto-shredding). */
export interface PersonalData {
  subjectId: string;
  data: Record<string, unknown>;
}

export interface NewEvent<TType extends string = string, TData = unknown> {
  /** uuid; appending the same id again is a no-op (idempotent retries). Generated when omitted. */
  id?: string;
  /** The explicit, stable type constant (never a class name), past tense: 'StudentEnrolled'. */
  type: TType;
  /** Version of `data`'s shape; older versions are upcast on read. Default 1. */
  schemaVersion?: number;
  data: TData;
  personal?: PersonalData;
  metadata: EventMetadata;
}

export interface StoredEvent<TType extends string = string, TData = unknown> {
  /** Global position: one total order over all streams, gap-free as a reader sees it. */
  position: number;
  streamId: string;
  /** 1-based version of the event within its stream. */
  streamVersion: number;
  id: string;
  type: TType;
  /** The schema version after upcasting (the newest the reader knows). */
  schemaVersion: number;
  data: TData;
  /** Decrypted personal data; null when the event had none or its subject was erased. */
  personal: PersonalData | null;
  /** True when the event carried personal data whose subject has been erased. */
  erased: boolean;
  metadata: EventMetadata;
  recordedAt: string;
  hash: string;
}

/** `expectedVersion`: the stream's current version (0 = must not exist yet), or 'any'. */
export type ExpectedVersion = number | 'any';

export interface AppendResult {
  /** Global position of the last event of this append (of the existing one for a pure retry). */
  lastPosition: number;
  /** The stream's version after the append. */
  streamVersion: number;
}

/** The stream moved since the caller read it: reload and decide again (HTTP 409). */
export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError';
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(`stream ${streamId} is at version ${actualVersion}, expected ${expectedVersion}`);
  }
}

/**
 * Some, but not all, of an append's event ids are already stored (or they are stored in another
 * stream): this is not a retry of one earlier append, so nothing is written. A retry must resend
 * exactly the same batch (then it is answered with the original result).
 */
export class EventIdConflictError extends Error {
  override readonly name = 'EventIdConflictError';
  constructor(
    readonly streamId: string,
    readonly conflictingIds: string[],
  ) {
    super(`append to ${streamId}: event ids already stored by a different append: ${conflictingIds.join(', ')}`);
  }
}

/** Personal data of a subject whose key was destroyed cannot be stored again: the caller must not collect it. */
export class SubjectErasedError extends Error {
  override readonly name = 'SubjectErasedError';
  constructor(readonly subjectId: string) {
    super(`data subject ${subjectId} has been erased; their personal data cannot be stored`);
  }
}

/**
 * The append carried a string or object key that PostgreSQL cannot hold or that must never be stored
 * (NUL, a lone surrogate, a control character, a `__proto__`/`constructor`/`prototype` key): nothing
 * was written. The boundary should have refused it with a 400 already; this is the last line of
 * defence, so one bad value can never poison the log that every projection replays.
 */
export class UnstorableEventError extends Error {
  override readonly name = 'UnstorableEventError';
  constructor(
    readonly streamId: string,
    readonly eventType: string,
    /** JSON path inside the event, e.g. data.weeks.2.title, personal.fullName, metadata.actorRole. */
    readonly path: string,
    readonly reason: string,
  ) {
    super(`append to ${JSON.stringify(streamId)}: event ${JSON.stringify(eventType)} cannot be stored: ${path}: ${reason}`);
  }
}

/**
 * A published event did not fit its schema (ADR 0017): nothing was written. Producers build events in
 * code, never from raw input, so this is a programming error (HTTP 500), not the client's (400).
 */
export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';
  constructor(
    readonly streamId: string,
    readonly eventType: string,
    readonly reason: string,
  ) {
    super(`append to ${JSON.stringify(streamId)}: event ${eventType} does not fit its published schema: ${reason}`);
  }
}

export type VerifyResult =
  | { ok: true; checked: number; head: ChainHead }
  | { ok: false; checked: number; position: number; reason: string };

export interface VerifyOptions {
  /** The head exported earlier (a signed checkpoint): the chain must pass through it. */
  expectedHead?: ChainHead;
  /**
   * Called after each batch with the events checked so far and the head position when the walk
   * began (events appended during the walk are checked too, so `checked` may pass `total`).
   */
  onProgress?(progress: { checked: number; total: number }): void | Promise<void>;
}

export interface ChainHead {
  position: number;
  hash: string;
}

export interface Subscription {
  /** Stops delivery; resolves once the handler is no longer running. */
  stop(): Promise<void>;
  /** Resolves when every event up to `position` has been handled. */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
}

export interface SubscribeOptions {
  /** Deliver events with position > fromPosition (0 = from the beginning). */
  fromPosition: number;
  batchSize?: number;
  /** Called with ordered, gap-free batches; the next batch waits for it. A throw is retried with backoff. */
  handle(events: StoredEvent[]): Promise<void>;
  onError?(error: unknown): void;
}

/**
 * data → data, from schema version `from` to `from + 1`. Written against the shape of version `from`
 * and given its stored data unchecked: method syntax makes such a function fit a parameter of
 * `unknown` (parameters of methods are bivariant).
 */
export type Upcaster = { upcast(data: unknown): unknown }['upcast'];

/** The upcasters of each event type, keyed by type, then by the version each reads. */
export type Upcasters = Record<string, Record<number, Upcaster>>;

/**
 * The published events' contract, given to the store (ADR 0017; @academy/contracts'
 * publishedEventSchemas): every append is checked by `check`, every read is upcast by `upcasters`.
 */
export interface EventSchemas {
  upcasters: Upcasters;
  /**
   * The schema version to store (undefined: keep the producer's, default 1), or why the event cannot
   * be stored (the append then fails with InvalidEventError and writes nothing).
   */
  check(event: { type: string; schemaVersion?: number; data: unknown; personal?: Record<string, unknown> | null }): { ok: true; schemaVersion?: number } | { ok: false; reason: string };
}

/** One stream's part of an atomic multi-stream append. */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expectedVersion: ExpectedVersion;
}

export interface EventStore {
  /**
   * Refuses text PostgreSQL cannot hold (and prototype keys) anywhere in an event with UnstorableEventError,
   * and a published event that does not fit its schema with InvalidEventError, writing nothing.
   */
  append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult>;
  /**
   * Appends to several (distinct) streams atomically: all or nothing, each guarded by its own
   * expected version (ConcurrencyError names the first that moved). Results in the order given.
   */
  appendMany(appends: StreamAppend[]): Promise<AppendResult[]>;
  /** The stream's events with streamVersion > fromVersion (default 0 = all), in order; [] for no stream. */
  readStream(streamId: string, fromVersion?: number): Promise<StoredEvent[]>;
  /** Events with position > fromPosition, in order, at most `limit`. */
  readAll(fromPosition: number, limit: number): Promise<StoredEvent[]>;
  /** The highest position a reader may see now. */
  headPosition(): Promise<number>;
  subscribe(options: SubscribeOptions): Subscription;
  /**
   * Walks the hash chain from the start; names the first position that does not match. Rows cut off
   * the END of the log leave a valid shorter chain: pass the head exported earlier (kept outside the
   * database) as `expectedHead` to detect that too.
   */
  verify(options?: VerifyOptions): Promise<VerifyResult>;
  head(): Promise<ChainHead>;
  /** Destroys the subject's key: their personal data becomes unreadable everywhere, for ever. */
  eraseSubject(subjectId: string): Promise<void>;
  close(): Promise<void>;
}
