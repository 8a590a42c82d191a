// The one command pipeline (ADR 0015), grown out of decider.ts: a command loads the streams its rule
// needs, decides on them with pure deciders, and the pipeline appends everything it decided in ONE
// step guarded by the versions it read: `append` for one stream, `appendMany` (ADR 0006) for several.
// What every command used to write again by hand lives here once:
// - retry on a version conflict, as a policy the command declares (never silently);
// - atomic appends to several streams;
// - deterministic event ids from an idempotency key, so a replayed command cannot append twice;
// - the position the caller waits for afterwards (its own append, or what it read when it decided nothing).
// No Nest, no ORM: handlers call runCommand; domain code stays in the deciders.
import { randomInt } from 'node:crypto';
import { nameBasedUuid } from './ids.js';
import { type Decider, type DecidedEvent, fold } from './decider.js';
import { ConcurrencyError, type EventMetadata, type EventStore, type ExpectedVersion, type NewEvent, type StoredEvent, type StreamAppend } from './port.js';

/** How often a command is decided again when a stream it read moved before its append. */
export interface RetryPolicy {
  /** Tries in all (1 = never retried: the conflict reaches the caller). */
  readonly attempts: number;
  /** Milliseconds to pause before try `attempt + 2` (jittered, so racing writers spread out). */
  pause(attempt: number): number;
}

export const Retry = {
  /**
   * For commands whose user decided on what they saw (an edit form, a status change): a conflict means
   * the data changed under them, and deciding again would hide that. Maps to 409.
   */
  never: { attempts: 1, pause: () => 0 } as RetryPolicy,
  /**
   * For commands whose outcome does not depend on what the user saw (claims, counters, imports): the
   * rule is judged again on the new state, so a retry is always correct; `attempts` bounds the work
   * under a sustained stream of competing writers.
   */
  onConflict(attempts: number): RetryPolicy {
    // Jitter grows for the first few tries, then stays below ~70 ms: many tries mean many writers, not slow ones.
    return { attempts, pause: (attempt) => randomInt(2, 10 + 15 * Math.min(attempt + 1, 4)) };
  },
} as const;

/**
 * The version the caller saw (HTTP If-Match) is not the stream's: the user decided on data that is
 * gone. Never retried, whatever the policy.
 */
export class StaleVersionError extends ConcurrencyError {}

/** A stream as a command sees it: the decider's state and where the stream stood when read. */
export interface LoadedStream<S> {
  readonly streamId: string;
  readonly state: S;
  /** The stream's version when read (0: no such stream); the append is guarded by it. */
  readonly version: number;
  /** Global position of the stream's last event (0: none). */
  readonly position: number;
}

/** A stream's raw events (for streams folded by a helper rather than a decider: claims, counters). */
export interface ReadStream extends LoadedStream<StoredEvent[]> {
  readonly events: StoredEvent[];
}

/** One try of a command: what it read and what it decided to append. */
export class CommandUnit {
  private readonly read = new Map<string, { version: number; position: number }>();
  private readonly staged = new Map<string, { events: NewEvent[]; expected: ExpectedVersion }>();

  constructor(
    private readonly store: EventStore,
    readonly metadata: EventMetadata,
    private readonly idempotencyKey: string | undefined,
    /** 0 for the first try. */
    readonly attempt: number,
  ) {}

  /** Reads a stream; the append of anything emitted to it is guarded by the version read here. */
  async readStream(streamId: string): Promise<ReadStream> {
    const events = await this.store.readStream(streamId);
    const version = events.at(-1)?.streamVersion ?? 0;
    const position = events.at(-1)?.position ?? 0;
    if (!this.read.has(streamId)) this.read.set(streamId, { version, position });
    return { streamId, state: events, events, version, position };
  }

  /**
   * Loads a stream and folds it with `decider`. With `expectedVersion` (the version the user saw),
   * a stream that moved since fails with StaleVersionError before anything is decided.
   */
  async load<C, E extends DecidedEvent, S>(streamId: string, decider: Decider<C, E, S>, options: { expectedVersion?: number } = {}): Promise<LoadedStream<S>> {
    const { events, version, position } = await this.readStream(streamId);
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
      throw new StaleVersionError(streamId, options.expectedVersion, version);
    }
    return { streamId, state: fold(decider, events), version, position };
  }

  /** Decides `command` on a loaded stream and stages the events (none: the command changes nothing there). */
  decide<C, E extends DecidedEvent, S>(stream: LoadedStream<S>, decider: Decider<C, E, S>, command: C): E[] {
    const events = decider.decide(command, stream.state);
    this.emit(stream.streamId, events);
    return events;
  }

  /**
   * Stages events for a stream. Guarded by the version this unit read, or by `expected` for a stream
   * it did not read (0: the stream must not exist yet). Emitting to one stream twice appends both, in order.
   */
  emit(streamId: string, events: readonly DecidedEvent[], expected?: ExpectedVersion): void {
    if (events.length === 0) return;
    const guard = expected ?? this.read.get(streamId)?.version;
    if (guard === undefined) throw new TypeError(`emit to ${streamId}: read the stream first or give the version to expect`);
    const slot = this.staged.get(streamId) ?? { events: [], expected: guard };
    for (const e of events) {
      const index = slot.events.length;
      slot.events.push({
        id: this.idempotencyKey === undefined ? undefined : derivedEventId(this.idempotencyKey, streamId, index),
        type: e.type,
        data: e.data,
        personal: e.personal,
        schemaVersion: e.schemaVersion,
        metadata: this.metadata,
      });
    }
    this.staged.set(streamId, slot);
  }

  /** True when something was decided (an append will happen). */
  get changes(): boolean {
    return this.staged.size > 0;
  }

  /** @internal the pipeline's one append. */
  async commit(): Promise<CommittedCommand> {
    const appends: StreamAppend[] = [...this.staged].map(([streamId, s]) => ({ streamId, events: s.events, expectedVersion: s.expected }));
    const seen = Math.max(0, ...[...this.read.values()].map((r) => r.position));
    if (appends.length === 0) return { appended: false, position: seen, streamVersions: {} };
    const results = appends.length === 1 ? [await this.store.append(appends[0].streamId, appends[0].events, appends[0].expectedVersion)] : await this.store.appendMany(appends);
    const streamVersions: Record<string, number> = {};
    appends.forEach((a, i) => (streamVersions[a.streamId] = results[i].streamVersion));
    return { appended: true, position: Math.max(seen, ...results.map((r) => r.lastPosition)), streamVersions };
  }
}

export interface CommittedCommand {
  appended: boolean;
  /** What the caller waits for before reading (ADR 0005): its last append, or the newest event it read. */
  position: number;
  /** Each appended stream's version after the append. */
  streamVersions: Record<string, number>;
}

export interface CommandSpec<R> {
  /** Default Retry.never: a conflict reaches the caller (see `conflict`). */
  retry?: RetryPolicy;
  /**
   * What a conflict that reaches the caller means in the context's words, usually a
   * DomainError('conflict', …): a stale If-Match (StaleVersionError), or a concurrent write the retry
   * policy did not absorb. Without it the ConcurrencyError itself is thrown (the API's generic 409).
   */
  conflict?: (error: ConcurrencyError) => Error;
  /**
   * Makes event ids a function of (key, stream, index): the same command replayed (a reactor after a
   * crash, a client retry with the same key) appends nothing the second time. Leave it out for
   * commands a person may legitimately repeat.
   */
  idempotencyKey?: string;
  /** Reads, decides and emits; returns what the handler answers. Runs again on each retry. */
  execute(unit: CommandUnit): Promise<R> | R;
}

export interface PipelineOutcome<R> extends CommittedCommand {
  value: R;
  /** Tries it took (1 = no conflict). */
  tries: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs one command through the pipeline: decide (again on a conflict, as the policy allows), append
 * once. A conflict that remains is thrown as the spec's `conflict` says.
 */
export async function runCommand<R>(store: EventStore, metadata: EventMetadata, spec: CommandSpec<R>): Promise<PipelineOutcome<R>> {
  try {
    return await tryUntilAppended(store, metadata, spec);
  } catch (e) {
    if (e instanceof ConcurrencyError && spec.conflict) throw spec.conflict(e);
    throw e;
  }
}

async function tryUntilAppended<R>(store: EventStore, metadata: EventMetadata, spec: CommandSpec<R>): Promise<PipelineOutcome<R>> {
  const policy = spec.retry ?? Retry.never;
  for (let attempt = 0; ; attempt++) {
    const unit = new CommandUnit(store, metadata, spec.idempotencyKey, attempt);
    const value = await spec.execute(unit);
    try {
      return { value, tries: attempt + 1, ...(await unit.commit()) };
    } catch (e) {
      if (!(e instanceof ConcurrencyError) || e instanceof StaleVersionError || attempt + 1 >= policy.attempts) throw e;
      await sleep(policy.pause(attempt));
    }
  }
}

/**
 * A uuid (version 5 layout) derived from the idempotency key, the stream and the event's index in the
 * command's append to it: stable across retries and processes, distinct across streams.
 */
export function derivedEventId(key: string, streamId: string, index: number): string {
  return nameBasedUuid(`academy-command\0${key}\0${streamId}\0${index}`);
}
