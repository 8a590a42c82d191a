// A reactor (process manager): a checkpointed subscription over the log that turns chosen events into
// commands on other streams, e.g. enrollment's "CapstonePassed → advance the week". Unlike a
// projection it writes no read tables (so rebuilds and audits never re-run it), and unlike the
// dispatcher it needs no Redis. One instance leads per name (advisory lock); the checkpoint moves
// after the batch's reactions returned. A crash in between re-runs them: a reaction must be
// idempotent, which `reactionEventId` makes easy (the same cause always yields the same event id, and
// the store's idempotent append drops the repeat).
import { nameBasedUuid } from '../ids.js';
import type { StoredEvent } from '../port.js';
import { CheckpointedConsumer, type ConsumerSettings, type ConsumerState } from '../consumers/checkpointed-consumer.js';

export type Reaction = (event: StoredEvent) => Promise<void>;

export interface ReactorDefinition {
  /** The consumer's checkpoint name, unique among reactors and dispatchers: `enrollment-week-advance`. */
  name: string;
  /** Event type → reaction; events of other types only move the checkpoint. */
  reactions: Record<string, Reaction>;
}

/** An event whose reaction throws gets CheckpointedConsumer's bounded tries, then the failing mark. */
export interface ReactorOptions extends ReactorDefinition, Omit<ConsumerSettings, 'startAt'> {
  batchSize?: number;
}

/** A deterministic uuid (RFC 4122 v5 layout) for the event a reaction appends in response to `causeId`. */
export function reactionEventId(reactor: string, causeId: string): string {
  return nameBasedUuid(`academy-reaction\0${reactor}\0${causeId}`, 'sha1');
}

/** Runs a definition's reactions in log order, as a checkpointed consumer (one leader per name). */
export class Reactor {
  private readonly consumer: CheckpointedConsumer;

  constructor(options: ReactorOptions) {
    this.consumer = new CheckpointedConsumer({
      ...options,
      kind: 'reactor',
      batchSize: options.batchSize ?? 100,
      // In log order; a throw retries the batch (transient) or narrows it to the event (ADR 0010 §7),
      // earlier reactions included: they are idempotent.
      handle: async (events) => {
        for (const e of events) {
          const react = Object.hasOwn(options.reactions, e.type) ? options.reactions[e.type] : undefined;
          if (react) await react(e);
        }
      },
    });
  }

  get state(): ConsumerState {
    return this.consumer.state;
  }
  /** The checkpoint this instance last committed (-1 before it led). */
  get position(): number {
    return this.consumer.position;
  }

  start(): this {
    this.consumer.start();
    return this;
  }

  stop(): Promise<void> {
    return this.consumer.stop();
  }
}

/** Starts one Reactor per definition; `stop()` stops them all. */
export function startReactors(definitions: ReactorDefinition[], options: Omit<ReactorOptions, 'name' | 'reactions'>): { reactors: Reactor[]; stop(): Promise<void> } {
  const reactors = definitions.map((d) => new Reactor({ ...options, ...d }).start());
  return { reactors, stop: async () => void (await Promise.all(reactors.map((r) => r.stop()))) };
}
