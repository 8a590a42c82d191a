import { Inject, Injectable } from '@nestjs/common';
import { type ConsistencyWaiter, type EventStore } from '@academy/event-store';
import { CONSISTENCY_WAITER, EVENT_STORE } from '../event-sourcing/tokens.js';

/**
 * The targeted consistency wait of a command's check on a read model (ADR 0015). Commands used to
 * wait for their projection to reach the head of the whole log before every write, so one slow
 * projection anywhere slowed every command. Now:
 * 1. the check waits only for `seen`, the newest position the caller has seen (nothing when none);
 * 2. an answer that admits the command is used at once;
 * 3. a refusal is confirmed at the log's head first: a lagging read model may not show yet what just
 *    happened (an assignment made a moment ago), and a wrong refusal is the error a user would see.
 * Rules that must hold under races are not checked here but in the write model (claim streams
 * appended in the same step, ADR 0006): a read model can only ever be a little late.
 */
@Injectable()
export class ReadModelGate {
  constructor(
    @Inject(CONSISTENCY_WAITER) private readonly waiter: ConsistencyWaiter,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async check<T>(projections: readonly string[], read: () => Promise<T>, admits: (value: T) => boolean, seen?: number): Promise<T> {
    if (seen !== undefined && seen > 0) await this.reach(projections, seen);
    const first = await read();
    if (admits(first)) return first;
    const head = await this.store.headPosition();
    if (!(await this.reach(projections, head))) return first;
    return read();
  }

  /** Waits for the projections to reach `position`; false when they did not within the bound. */
  async reach(projections: readonly string[], position: number): Promise<boolean> {
    if (position <= 0 || projections.length === 0) return true;
    return (await this.waiter.wait([...projections], position)).reached;
  }
}
