// Imported as '@academy/testing/decider' (not from the index: it needs jest's expect, the index serves benchmarks too).
// given / when / then for deciders (ARCHITECTURE.md §9): a domain test states the history, the
// command and what must follow — events, nothing, or a refusal — and nothing about how state is folded.
import { expect } from '@jest/globals';
import { type Decider, type DecidedEvent, DomainError, type DomainErrorKind, type EventMetadata, type LoadedEvent, type PersonalData } from '@academy/event-store';

export const GIVEN_METADATA: EventMetadata = { actorId: null, actorRole: null, correlationId: 'given', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' };

/** A refusal as a test compares it. */
export interface Refusal {
  kind: DomainErrorKind;
  message?: string;
  fields?: Record<string, string[]>;
}

export interface When<E extends DecidedEvent, S> {
  /** The events decided, exactly. */
  then(expected: E[]): E[];
  /** The command is accepted and changes nothing. */
  thenNothing(): void;
  /** The command is refused with a DomainError matching `refusal` (kind, and message/fields when given). */
  thenRefused(refusal: Refusal | DomainErrorKind): DomainError;
  /** The state the history folds to (for checks on evolve). */
  readonly state: S;
}

export interface Given<C, E extends DecidedEvent, S> {
  when(command: C): When<E, S>;
  readonly state: S;
}

function loaded(e: DecidedEvent, metadata: EventMetadata): LoadedEvent<string, unknown> {
  return { type: e.type, data: e.data, personal: (e.personal as PersonalData | undefined) ?? null, metadata };
}

/**
 * `deciderSpec(weekDecider).given(created, published).when(edit).then([...])`. Events given are folded
 * through `evolve` the way the pipeline folds a loaded stream (personal data readable, as before erasure).
 */
export function deciderSpec<C, E extends DecidedEvent, S>(decider: Decider<C, E, S>, metadata: EventMetadata = GIVEN_METADATA) {
  return {
    given(...history: DecidedEvent[]): Given<C, E, S> {
      const state = history.reduce((s, e) => decider.evolve(s, loaded(e, metadata) as LoadedEvent<E['type'], E['data']>), decider.initialState());
      return {
        state,
        when(command: C): When<E, S> {
          const run = () => decider.decide(command, state);
          return {
            state,
            then(expected) {
              const events = run();
              expect(events).toEqual(expected);
              return events;
            },
            thenNothing() {
              expect(run()).toEqual([]);
            },
            thenRefused(refusal) {
              const want = typeof refusal === 'string' ? { kind: refusal } : refusal;
              let error: unknown;
              try {
                const events = run();
                error = new Error(`expected a refusal (${want.kind}), but the command decided ${JSON.stringify(events)}`);
              } catch (e) {
                error = e;
              }
              if (!(error instanceof DomainError)) throw error;
              expect({ kind: error.kind, ...(want.message !== undefined ? { message: error.message } : {}), ...(want.fields !== undefined ? { fields: error.fields } : {}) }).toEqual(want);
              return error;
            },
          };
        },
      };
    },
  };
}
