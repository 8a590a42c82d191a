// What the dispatcher and the reactors are: the log's processor (processor/processor.ts, ADR 0038)
// configured for a named consumer. Each batch is handed to `handle`; its checkpoint
// (consumer-checkpoint.ts) moves only after `handle` returned, guarded by the position the batch
// started from, so a checkpoint moved by someone else is noticed and reread. What a batch does
// (BullMQ jobs, appends) is the caller's. A batch that throws follows the projections' rules (ADR
// 0010 §7): transient errors (the database or Redis away) are retried forever; any other narrows the
// batch to the event, which gets bounded tries, then the consumer is marked failing at its position
// until `projections retry <name>`.
import type pg from 'pg';
import type { EventStore, StoredEvent } from '../port.js';
import { Processor, type ProcessorState } from '../processor/processor.js';
import { DEFAULT_CONTROL_SCHEMA } from '../projections/control.js';
import { ConsumerCheckpoint } from './consumer-checkpoint.js';

/** 'failing': marked failing at an event; waits for `projections retry` (or a restart) to try it again. */
export type ConsumerState = Exclude<ProcessorState, 'retired'>;

export interface CheckpointedConsumerOptions {
  /** What kind of consumer this is: part of its advisory-lock key and of its messages ('dispatcher', 'reactor'). */
  kind: string;
  /** The checkpoint name, unique among consumers: [a-z][a-z0-9_-]*. */
  name: string;
  store: EventStore;
  pool: pg.Pool;
  controlSchema?: string;
  batchSize: number;
  standbyPollMs?: number;
  /** Where a consumer that has never run starts (default: the beginning of the log). */
  startAt?: 'beginning' | 'head';
  /** Tries at one event that fails with a non-transient error before the consumer is marked failing (default 5). */
  maxAttempts?: number;
  /** Pause after the first failed try, doubled after each (default 2000 ms: 5 tries span ≈ 30 s). */
  retryDelayMs?: number;
  /** While failing, how often the row is re-read for a retry request it did not hear of (default 5000 ms). */
  failingPollMs?: number;
  /** Errors of the caller's own outside world that say nothing about the event (Redis away): retried forever, never marked. */
  isTransient?(error: unknown): boolean;
  /** The batch's effects; a throw retries (transient) or narrows the batch. `from` is the checkpoint before it. */
  handle(events: StoredEvent[], from: number): Promise<void>;
  /** After a batch's checkpoint was committed; a throw here is reported, never replays the batch. */
  committed?(position: number): void;
  /** Called when the consumer is stopped, after its loop ended (e.g. to close queues). */
  closed?(): Promise<void>;
  onError?(error: unknown): void;
}

/** What a dispatcher or a reactor hands on to its consumer as it was given. */
export type ConsumerSettings = Pick<
  CheckpointedConsumerOptions,
  'name' | 'store' | 'pool' | 'controlSchema' | 'standbyPollMs' | 'startAt' | 'maxAttempts' | 'retryDelayMs' | 'failingPollMs' | 'onError'
>;

export class CheckpointedConsumer {
  private readonly processor: Processor;

  constructor(options: CheckpointedConsumerOptions) {
    if (!/^[a-z][a-z0-9_-]{0,60}$/.test(options.name)) throw new Error(`invalid ${options.kind} name ${JSON.stringify(options.name)}`);
    const controlSchema = options.controlSchema ?? DEFAULT_CONTROL_SCHEMA;
    const { kind, name, store, startAt = 'beginning' } = options;
    const checkpoint = new ConsumerCheckpoint({ kind, name, store, control: controlSchema, startAt });
    this.processor = new Processor({
      ...options,
      controlSchema,
      checkpoints: checkpoint,
      atomicBatches: false,
      applyBatch: async (client, events, from) => {
        await options.handle(events, from);
        // Moved by someone else (a manual reset, the dispatcher's rewind): reread it.
        return (await checkpoint.move(client, from, events[events.length - 1].position)) ? 'ok' : 'resync';
      },
    });
  }

  get state(): ConsumerState {
    // Only a projection's newer version retires a processor; a consumer's checkpoint never does.
    return this.processor.state as ConsumerState;
  }
  /** The checkpoint this instance last committed (-1 before it led). */
  get position(): number {
    return this.processor.position;
  }

  start(): this {
    this.processor.start();
    return this;
  }

  /** Rereads the checkpoint now (after someone moved it, e.g. a dispatcher whose Redis lost its jobs). */
  resync(): void {
    this.processor.resync();
  }

  stop(): Promise<void> {
    return this.processor.stop();
  }
}
