// The projection runner (ARCHITECTURE.md §5, ADR 0004): the log's processor (processor/processor.ts,
// ADR 0038) configured for one projection version. Its checkpoint is the version's row
// (version-checkpoint.ts), moved in the same transaction as the batch: the read-model writes and the
// checkpoint commit together, on the leader's own connection, so a crash at any point neither loses
// nor doubles an effect. One instance per version leads; the others wait as hot standbys. An event it
// cannot apply is narrowed to, tried a bounded number of times, then marked failing (ADR 0010).
import type pg from 'pg';
import type { EventStore } from '../port.js';
import { Processor, type ProcessorState } from '../processor/processor.js';
import { applyEvents, assertProjection, projectionTx } from './apply.js';
import { DEFAULT_CONTROL_SCHEMA } from './control.js';
import type { Projection } from './types.js';
import { VersionCheckpoint } from './version-checkpoint.js';

/** 'failing': marked failing at an event; waits for `projections retry` (or a restart) to try it again. */
export type RunnerState = ProcessorState;

export interface ProjectionRunnerOptions {
  store: EventStore;
  /** Read tables and checkpoints live here (the same database as the log, ARCHITECTURE.md §1). */
  pool: pg.Pool;
  projection: Projection;
  /** Schema of the checkpoint tables (default 'projections'). */
  controlSchema?: string;
  /** Events per transaction (default 500). */
  batchSize?: number;
  /** How often a standby tries to take the lock (default 500 ms): the takeover delay after the holder dies. */
  standbyPollMs?: number;
  /** Tries at one event that fails with a data error before the projection is marked failing (default 5). */
  maxAttempts?: number;
  /** Pause after the first failed try, doubled after each (default 2000 ms: 5 tries span ≈ 30 s). */
  retryDelayMs?: number;
  /** While failing, how often the row is re-read for a retry request or a rebuild it did not hear of (default 5000 ms). */
  failingPollMs?: number;
  onError?(error: unknown): void;
  onStateChange?(state: RunnerState): void;
}

export class ProjectionRunner {
  private readonly processor: Processor;

  constructor(private readonly options: ProjectionRunnerOptions) {
    assertProjection(options.projection);
    const { projection } = options;
    const controlSchema = options.controlSchema ?? DEFAULT_CONTROL_SCHEMA;
    const checkpoint = new VersionCheckpoint(projection, controlSchema, options.store);
    this.processor = new Processor({
      ...options,
      controlSchema,
      batchSize: options.batchSize ?? 500,
      checkpoints: checkpoint,
      atomicBatches: true,
      applyBatch: (client, events, from) =>
        checkpoint.moveWith(client, events, from, async (schema) => applyEvents(projection, events, await projectionTx(client, schema, projection))),
    });
  }

  get name(): string {
    return this.options.projection.name;
  }
  get state(): RunnerState {
    return this.processor.state;
  }
  /** The checkpoint this instance last committed (-1 before it led). */
  get position(): number {
    return this.processor.position;
  }

  /** Starts in the background: standby until the lock is free, then catch-up and live. */
  start(): this {
    this.processor.start();
    return this;
  }

  /** Stops after the batch in flight (its transaction commits or rolls back whole) and releases the lock. */
  stop(): Promise<void> {
    return this.processor.stop();
  }
}

export interface RunningProjections {
  runners: ProjectionRunner[];
  stop(): Promise<void>;
}

/** Starts one runner per projection (the worker's composition root calls this once). */
export function startProjections(
  projections: Projection[],
  options: Omit<ProjectionRunnerOptions, 'projection'>,
): RunningProjections {
  const names = new Set<string>();
  for (const p of projections) {
    if (names.has(p.name)) throw new Error(`projection ${p.name} registered twice`);
    names.add(p.name);
  }
  const runners = projections.map((projection) => new ProjectionRunner({ ...options, projection }).start());
  return { runners, stop: async () => void (await Promise.all(runners.map((r) => r.stop()))) };
}
