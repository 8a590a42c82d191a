// The write side of every aggregate (ARCHITECTURE.md §2): pure `decide`/`evolve` functions and the
// fold of a stream's events; commands run them through the pipeline (pipeline.ts, ADR 0015).
// No Nest, no ORM: contexts' domain code imports only the types and DomainError from here.
import type { EventMetadata, PersonalData, StoredEvent } from './port.js';

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
