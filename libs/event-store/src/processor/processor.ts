// The one leader-elected, checkpointed processor of the log (ADR 0038): what a projection runner and
// a checkpointed consumer (the dispatcher, the reactors) both are. One instance leads per checkpoint
// (a session advisory lock on a connection of its own, leader.ts); the others stand by and poll the
// lock. The leader follows the log from its checkpoint in ordered batches, woken by LISTEN/NOTIFY. A
// batch that throws a data error is narrowed to the event, which gets a bounded number of tries; then
// the checkpoint is marked failing at it and the leader makes no tries of its own until
// `projections retry` asks (ADR 0010). Transient errors (the database or Redis away) are retried with
// backoff forever and never marked.
// The kinds (kind.ts) differ in their checkpoint store and in how a batch is applied: a projection
// moves its checkpoint inside the batch's transaction, a consumer after its handler returned, guarded
// by the position it started from.
import type pg from 'pg';
import { ConcurrencyError, type EventStore, type StoredEvent } from '../port.js';
import { ensureControlSchema } from '../projections/control.js';
import { describeFailure, isTransientError } from '../projections/failure.js';
import type { BatchOutcome, Checkpoint, ProcessorKind } from './kind.js';
import { LeaderConnection } from './leader.js';
import { endOnce, narrowBatch, WakeablePause } from './narrow.js';

/** 'failing': marked failing at an event, waiting for `projections retry` (or a restart); 'retired': a newer projection version owns the name. */
export type ProcessorState = 'starting' | 'standby' | 'running' | 'failing' | 'retired' | 'stopped';

export interface ProcessorOptions extends ProcessorKind {
  store: EventStore;
  /** Its connection options make the leader's connection; the control schema is created through it. */
  pool: pg.Pool;
  controlSchema: string;
  batchSize: number;
  /** How often a standby tries to take the lock (default 500 ms): the takeover delay after the leader dies. */
  standbyPollMs?: number;
  /** Tries at one event that fails with a data error before the checkpoint is marked failing (default 5). */
  maxAttempts?: number;
  /** Pause after the first failed try, doubled after each (default 2000 ms: 5 tries span ≈ 30 s). */
  retryDelayMs?: number;
  /** While failing, how often the checkpoint is re-read for a retry request it did not hear of (default 5000 ms). */
  failingPollMs?: number;
  /** After each move of the checkpoint; a throw here is reported, never replays the batch. */
  committed?(position: number): void;
  /** After the processor stopped (e.g. to close queues). */
  closed?(): Promise<void>;
  onError?(error: unknown): void;
  onStateChange?(state: ProcessorState): void;
}

type Outcome = BatchOutcome | 'lost' | 'stopped' | 'failing';

export class Processor {
  /** The failing mark of the checkpoint as this instance last saw it: then an event gets one try per request. */
  private failingMark = false;
  /** The checkpoint's retry requests when this instance marked it failing: a larger count is a new request. */
  private retriesSeen = 0;
  private stopping = false;
  private done: Promise<void> | null = null;
  private endFollow: ((o: Outcome) => void) | null = null;
  private readonly sleeper = new WakeablePause();
  private _state: ProcessorState = 'starting';
  private _position = -1;

  constructor(private readonly options: ProcessorOptions) {}

  get state(): ProcessorState {
    return this._state;
  }
  /** The checkpoint this instance last moved or read as leader (-1 before it led). */
  get position(): number {
    return this._position;
  }

  /** Starts in the background: standby until the lock is free, then catch-up and live. */
  start(): void {
    this.done ??= this.main();
  }

  /** Rereads the checkpoint now (someone moved it, e.g. a dispatcher whose Redis lost its jobs). */
  resync(): void {
    this.endFollow?.('resync');
  }

  /** Stops after the batch in flight and releases the lock. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.endFollow?.('stopped');
    this.sleeper.wake();
    await this.done;
    await this.options.closed?.();
    this.setState('stopped');
  }

  private setState(s: ProcessorState): void {
    if (this._state === s) return;
    this._state = s;
    this.options.onStateChange?.(s);
  }

  private report(error: unknown): void {
    this.options.onError?.(error);
  }

  /** Transient: retried forever and never marked. A ConcurrencyError is a race with a command, not the event's fault. */
  private transient(error: unknown): boolean {
    return isTransientError(error) || error instanceof ConcurrencyError || (this.options.isTransient?.(error) ?? false);
  }

  private pause(ms: number): Promise<void> {
    // stop() wakes a pause in progress; one that starts after it (stop() came while this instance was
    // reading, e.g. the failing checkpoint) must not sleep its whole length and hold stop() up.
    return this.stopping ? Promise.resolve() : this.sleeper.pause(ms);
  }

  private async main(): Promise<void> {
    const poll = this.options.standbyPollMs ?? 500;
    // While Postgres is away (a restart, a failover), try again with backoff: 0.5 s, 1 s, 2 s, 4 s, 5 s …
    let retry = poll;
    while (!this.stopping) {
      const leader = new LeaderConnection(this.options.pool.options, (error) => {
        if (error) this.report(error);
        this.endFollow?.('lost');
      });
      try {
        await leader.connect();
        await ensureControlSchema(this.options.pool, this.options.controlSchema);
        if (await this.awaitLock(leader, poll)) {
          retry = poll;
          this.setState('running');
          if ((await this.lead(leader)) === 'retired') {
            this.setState('retired');
            return; // the lock is released below
          }
        }
      } catch (error) {
        this.report(error);
        await this.pause(retry);
        retry = Math.min(retry * 2, 5_000);
      } finally {
        await leader.close();
      }
      if (!this.stopping) this.setState('standby');
    }
  }

  /** Polls the lock until this instance holds it, then LISTENs for its wake-ups; false once stopping or the connection died. */
  private async awaitLock(leader: LeaderConnection, poll: number): Promise<boolean> {
    while (!this.stopping && !leader.lost) {
      if (await leader.tryLock(this.options.checkpoints.lockKey)) {
        await leader.listen(this.options.checkpoints.channel, (payload) => this.heard(payload));
        return true;
      }
      this.setState('standby');
      await this.pause(poll);
    }
    return false;
  }

  private heard(payload: string): void {
    const what = this.options.checkpoints.heard(payload);
    if (what === 'resync') this.endFollow?.('resync');
    if (what) this.sleeper.wake(); // a failing leader rereads its checkpoint
  }

  private async lead(leader: LeaderConnection): Promise<Outcome> {
    const { checkpoints } = this.options;
    let checkpoint = await checkpoints.open(leader.client);
    for (;;) {
      if (this.stopping) return 'stopped';
      if (!checkpoint) return 'retired';
      this._position = checkpoint.position;
      // A failing checkpoint gets ONE try when an instance starts leading it (the new process may carry the fix) or a retry asks.
      this.failingMark = checkpoint.failingPosition !== null;
      const step = (await checkpoints.caughtUp?.(leader.client, checkpoint.position, false)) ?? 'ok';
      const outcome = step === 'ok' ? await this.follow(leader, checkpoint.position) : step;
      if (outcome === 'failing') checkpoint = await this.awaitRepair(leader.client);
      else if (outcome === 'resync') checkpoint = await checkpoints.read(leader.client);
      else return outcome;
    }
  }

  /** Follows the log from `from` until a resync is needed, the lock is lost, it is marked failing or retired, or stop(). */
  private async follow(leader: LeaderConnection, from: number): Promise<Outcome> {
    let expected = from;
    const { ended, end, reason } = endOnce<Outcome>(() => (this.endFollow = null));
    this.endFollow = end;
    if (this.stopping) end('stopped');
    if (leader.lost) end('lost'); // died while no follow was there to hear it
    const sub = this.options.store.subscribe({
      fromPosition: from,
      batchSize: this.options.batchSize,
      onError: (e) => this.report(e),
      handle: async (events) => {
        if (reason()) return;
        const outcome = await this.handleBatch(leader.client, events, expected, () => reason() !== null);
        if (outcome !== 'ok') return end(outcome);
        expected = events[events.length - 1].position;
        const next = await this.afterBatch(leader.client, expected, events.length < this.options.batchSize);
        if (next !== 'ok') end(next);
      },
    });
    const result = await ended;
    await sub.stop();
    return result;
  }

  /**
   * One batch, whole; narrowed to the event when it throws a data error (or at once, marked failing,
   * where batches are not atomic). Throws what the subscription retries with backoff: transient errors.
   */
  private async handleBatch(client: pg.Client, events: StoredEvent[], from: number, ended: () => boolean): Promise<Outcome> {
    let batchError: unknown = null;
    if (this.options.atomicBatches || !this.failingMark || events.length === 1) {
      try {
        return await this.apply(client, events, from);
      } catch (e) {
        if (ended()) return 'stopped'; // the follow's own reason (a lost lock, stop()) stands
        // The database or Redis was in the way: the subscription retries the same batch with backoff, forever.
        if (this.transient(e)) throw e;
        this.report(e);
        batchError = e;
      }
    }
    try {
      return await this.narrow(client, events, from, batchError, ended);
    } catch (e) {
      // Some events may be done: the checkpoint, not this batch, says where to go on.
      this.report(e);
      return 'resync';
    }
  }

  /** The batch is done and its checkpoint moved: a failure from here on must not make the subscription hand it again, so it ends in a resync. */
  private async afterBatch(client: pg.Client, position: number, short: boolean): Promise<Outcome> {
    try {
      return (await this.options.checkpoints.caughtUp?.(client, position, short)) ?? 'ok';
    } catch (e) {
      this.report(e);
      return 'resync';
    }
  }

  /** A failed batch handled again one event at a time, each with its checkpoint (narrow.ts). */
  private narrow(client: pg.Client, events: StoredEvent[], from: number, batchError: unknown, ended: () => boolean): Promise<Outcome> {
    return narrowBatch<BatchOutcome>({
      events,
      from,
      batchError,
      // One try per request once the checkpoint is marked failing, else maxAttempts.
      budget: () => (this.failingMark ? 1 : Math.max(1, this.options.maxAttempts ?? 5)),
      retryDelayMs: this.options.retryDelayMs ?? 2000,
      pause: (ms) => this.pause(ms),
      report: (e) => this.report(e),
      ended: () => ended() || this.stopping,
      tryEvent: (event, expected) => this.apply(client, [event], expected),
      transient: (e) => this.transient(e),
      markFailing: (event, expected, error, tries) => this.markFailing(client, event, expected, error, tries),
    });
  }

  /** The kind's batch; on 'ok' its checkpoint moved to the last event, past any failing mark. */
  private async apply(client: pg.Client, events: StoredEvent[], from: number): Promise<BatchOutcome> {
    const outcome = await this.options.applyBatch(client, events, from);
    if (outcome !== 'ok') return outcome;
    this._position = events[events.length - 1].position;
    this.failingMark = false;
    try {
      this.options.committed?.(this._position);
    } catch (e) {
      this.report(e); // a listener's bug must not replay a committed batch
    }
    return outcome;
  }

  /** Records the failure on the checkpoint and says so once in the log; false when the checkpoint moved meanwhile (resync). */
  private async markFailing(client: pg.Client, event: StoredEvent, expected: number, error: unknown, tries: number): Promise<boolean> {
    const text = describeFailure(event, error);
    this.report(new Error(`${this.options.checkpoints.label} is failing at position ${event.position} after ${tries} ${tries === 1 ? 'try' : 'tries'}: ${text}`));
    const retries = await this.options.checkpoints.markFailing(client, { event, expected, error: text, tries });
    if (retries === null) return false;
    this.failingMark = true;
    this.retriesSeen = retries;
    return true;
  }

  /**
   * Marked failing: no tries of its own from here on (the same event with the same code fails the same
   * way). Returns the checkpoint once an operator asked for a retry (`projections retry`, heard by
   * NOTIFY or the slow poll) or the mark was cleared (a rebuild); null when retired or on stop().
   */
  private async awaitRepair(client: pg.Client): Promise<Checkpoint | null> {
    this.setState('failing');
    for (;;) {
      if (this.stopping) return null;
      const checkpoint = await this.options.checkpoints.read(client);
      if (!checkpoint) return null;
      if (checkpoint.failingPosition === null || checkpoint.retryRequests !== this.retriesSeen) {
        this.setState('running');
        return checkpoint;
      }
      await this.pause(this.options.failingPollMs ?? 5000);
    }
  }
}
