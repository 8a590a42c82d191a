import { Inject, Injectable } from '@nestjs/common';
import { type Query, QueryBus } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import { type ConsistencyWaiter, type EventStore } from '@academy/event-store';
import { CONSISTENCY_WAITER, EVENT_STORE } from '../event-sourcing/tokens.js';

/** What a command may read of the read model: its context's tables (its `*.read.ts` reads) and queries on the bus. */
export interface ReadSide {
  em: EntityManager;
  queries: QueryBus;
}

/**
 * A command handler's one way to the read model (ADR 0015): its checks and its answer. Commands used
 * to wait for their projection to reach the head of the whole log before every write, so one slow
 * projection anywhere slowed every command. Now:
 * 1. a check waits only for `seen`, the newest position the caller has seen (nothing when none);
 * 2. an answer that admits the command is used at once;
 * 3. a refusal is confirmed at the log's head first: a lagging read model may not show yet what just
 *    happened (an assignment made a moment ago), and a wrong refusal is the error a user would see.
 * Rules that must hold under races are not checked here but in the write model (claim streams
 * appended in the same step, ADR 0006): a read model can only ever be a little late.
 */
@Injectable()
export class ReadModelGate {
  private readonly side: ReadSide;

  constructor(
    @Inject(CONSISTENCY_WAITER) private readonly waiter: ConsistencyWaiter,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    em: EntityManager,
    queries: QueryBus,
  ) {
    this.side = { em, queries };
  }

  async check<T>(projections: readonly string[], read: (side: ReadSide) => Promise<T>, admits: (value: T) => boolean, seen?: number): Promise<T> {
    if (seen !== undefined && seen > 0) await this.reach(projections, seen);
    const first = await read(this.side);
    if (admits(first)) return first;
    const head = await this.store.headPosition();
    if (!(await this.reach(projections, head))) return first;
    return read(this.side);
  }

  /** A command's answer as its screen shows it: `query`, once the projections reached `position` (or the bound passed). */
  async shown<R>(projections: readonly string[], position: number, query: Query<R>): Promise<R> {
    await this.reach(projections, position);
    return this.side.queries.execute(query);
  }

  /** Waits for the projections to reach `position`; false when they did not within the bound. */
  private async reach(projections: readonly string[], position: number): Promise<boolean> {
    if (position <= 0 || projections.length === 0) return true;
    return (await this.waiter.wait([...projections], position)).reached;
  }
}
