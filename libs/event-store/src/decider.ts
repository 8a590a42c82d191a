// The write side of every aggregate (ARCHITECTURE.md §2): pure `decide`/`evolve` functions, and one
// function that runs a command against a stream: load, fold, decide, append with the expected version.
// No Nest, no ORM: contexts' domain code imports only the types and DomainError from here.
import { ConcurrencyError, type EventMetadata, type EventStore, type ExpectedVersion, type PersonalData, type StoredEvent } from './port.js';

/** What `decide` returns: the facts to append. Metadata is added by the handler, not the domain. */
export interface DecidedEvent<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
  /** Personal fields of one data subject: stored encrypted, erasable (ADR 0003). */
  personal?: PersonalData;
  schemaVersion?: number;
}

/** An event as `evolve` sees it when the stream is loaded (personal is null once erased). */
export interface LoadedEvent<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
  personal: PersonalData | null;
  metadata: EventMetadata;
}

/**
 * The loaded form of each member of an event union: an `evolve` that takes it narrows `event.data`
 * by `switch (event.type)`, with no cast (a stream holds only what its own decider appended).
 */
export type LoadedEventOf<E extends DecidedEvent> = E extends DecidedEvent ? LoadedEvent<E['type'], E['data']> : never;

export interface Decider<Command, Event extends DecidedEvent, State> {
  initialState(): State;
  // Method syntax on purpose: an evolve typed with LoadedEventOf<Event> fits it.
  evolve(state: State, event: LoadedEvent<Event['type'], Event['data']>): State;
  /** Throws DomainError when the command is refused; returns [] when it changes nothing. */
  decide(command: Command, state: State): Event[];
}

export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict' | 'forbidden' | 'gone';

/**
 * A command refused by a business rule. `kind` decides the HTTP status (400, 404, 409, 403, 410);
 * `fields` names the offending inputs the way validation errors do.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

function loaded<E extends DecidedEvent>(e: StoredEvent): LoadedEvent<E['type'], E['data']> {
  return { type: e.type as E['type'], data: e.data as E['data'], personal: e.personal, metadata: e.metadata };
}

/** The state after the given stored events. */
export function fold<C, E extends DecidedEvent, S>(decider: Decider<C, E, S>, events: StoredEvent[]): S {
  return events.reduce((state, e) => decider.evolve(state, loaded<E>(e)), decider.initialState());
}

export interface HandleCommandOptions<C, E extends DecidedEvent, S> {
  store: EventStore;
  streamId: string;
  decider: Decider<C, E, S>;
  command: C;
  metadata: EventMetadata;
  /**
   * The version the caller last saw (HTTP If-Match). When given and the stream has moved since, the
   * command fails with ConcurrencyError before deciding: the user decided on data that is gone.
   */
  expectedVersion?: number;
}

export interface CommandOutcome<E extends DecidedEvent, S> {
  events: E[];
  state: S;
  /** The stream's version after the command (unchanged when it decided nothing). */
  streamVersion: number;
  /** Global position to wait for before reading (ADR 0005); the head of the stream's last append otherwise. */
  lastPosition: number;
}

/**
 * Runs one command: one read, one decide, one append guarded by the version read. A concurrent
 * command on the same stream makes the append fail with ConcurrencyError (→ 409); it is not retried
 * here, because the other command may have made this one meaningless.
 */
export async function handleCommand<C, E extends DecidedEvent, S>(options: HandleCommandOptions<C, E, S>): Promise<CommandOutcome<E, S>> {
  const { store, streamId, decider, command, metadata } = options;
  const history = await store.readStream(streamId);
  const version = history.length ? history[history.length - 1].streamVersion : 0;
  const lastSeen = history.length ? history[history.length - 1].position : 0;
  if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
    throw new ConcurrencyError(streamId, options.expectedVersion, version);
  }
  const state = fold(decider, history);
  const events = decider.decide(command, state);
  if (events.length === 0) return { events, state, streamVersion: version, lastPosition: lastSeen };
  const expected: ExpectedVersion = version;
  const result = await store.append(
    streamId,
    events.map((e) => ({ type: e.type, data: e.data, personal: e.personal, schemaVersion: e.schemaVersion, metadata })),
    expected,
  );
  const next = events.reduce(
    (s, e) => decider.evolve(s, { type: e.type, data: e.data, personal: e.personal ?? null, metadata }),
    state,
  );
  return { events, state: next, streamVersion: result.streamVersion, lastPosition: result.lastPosition };
}
