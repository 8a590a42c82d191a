// What makes the log's processor (processor.ts) a projection runner or a consumer: where it keeps its
// checkpoint (a row in the control schema, read, marked failing and, for a projection's new version,
// promoted through CheckpointStore) and how a batch is applied and moves it: inside the batch's
// transaction (a projection) or after its handler (a consumer).
import type pg from 'pg';
import type { StoredEvent } from '../port.js';
import type { FailureColumns } from '../projections/control.js';

export interface Checkpoint {
  position: number;
  /** Set while the event there cannot be handled (ADR 0010). */
  failingPosition: number | null;
  /** Counts operators' `projections retry` requests: a failing leader tries again when it grows. */
  retryRequests: number;
}

/** A checkpoint row of the control schema (a projection version's, a consumer's) as the processor sees it. */
export function checkpointOf(row: FailureColumns & { position: string }): Checkpoint {
  return { position: Number(row.position), failingPosition: row.failing_position === null ? null : Number(row.failing_position), retryRequests: row.retry_requests };
}

/** 'resync': the checkpoint was not where the processor expected it (a rebuild, a rewind, a reset); 'retired': stand down for good. */
export type BatchOutcome = 'ok' | 'resync' | 'retired';

export interface FailingMark {
  event: StoredEvent;
  /** The checkpoint the mark is for: just before `event`. */
  expected: number;
  /** The event and the error, storable (describeFailure). */
  error: string;
  tries: number;
}

/** Where a kind keeps its checkpoint: a row in the control schema. */
export interface CheckpointStore {
  /** Who, in messages: 'projection demo_accounts v1', 'reactor welcomer'. */
  readonly label: string;
  /** The leader lock's key: one leader per checkpoint. */
  readonly lockKey: string;
  /** LISTENed on by the leader: retry requests, and a projection's newer version going live. */
  readonly channel: string;
  /** A notification: 'wake' a failing leader (a retry request), 'resync' (and wake), or null (not for this checkpoint). */
  heard(payload: string): 'wake' | 'resync' | null;
  /** On becoming leader: makes the checkpoint if there is none, then reads it; null: stand down for good. */
  open(client: pg.Client): Promise<Checkpoint | null>;
  read(client: pg.Client): Promise<Checkpoint | null>;
  /** Marks the checkpoint failing if it is still at `mark.expected`: then the retry requests counted so far, else null (it moved). */
  markFailing(client: pg.Client, mark: FailingMark): Promise<number | null>;
  /**
   * Asked before following from a checkpoint and after each batch that moved it (`short`: the batch
   * was not full, the head is near): a projection's new version goes live here once caught up.
   */
  caughtUp?(client: pg.Client, position: number, short: boolean): Promise<BatchOutcome>;
}

export interface ProcessorKind {
  checkpoints: CheckpointStore;
  /** Applies `events`, the batch after `from`, and moves the checkpoint to the last of them; 'resync' when it was no longer at `from`. A throw is a failed try. */
  applyBatch(client: pg.Client, events: StoredEvent[], from: number): Promise<BatchOutcome>;
  /**
   * A batch that throws leaves nothing behind (a projection's: one transaction). Marked failing, such
   * a kind still tries a batch whole first: with the fix in, it catches up in one transaction. A
   * consumer's batch may have done part of its work before it threw (the dispatcher adds jobs queue
   * by queue), so marked failing it goes to the event at once: a retry request is one try of it.
   */
  atomicBatches: boolean;
  /** Errors of the kind's own outside world that say nothing about the event (Redis away): retried forever, never marked. */
  isTransient?(error: unknown): boolean;
}
