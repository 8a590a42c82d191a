// The shape every set handler of ADR 0035 has: a pure fold of the batch's run into a plan, the plan's
// multi-row writes, and the events one by one (the reference the set must equal) as its exact path.
import type { EventHandler, ProjectionTx, SetHandler } from './types.js';
import type { StoredEvent } from '../port.js';

export interface FoldedSetOptions<P> {
  /** The events one at a time, by type: the set's types, what it must equal, and its exact path. */
  reference: Record<string, EventHandler>;
  flushBefore?: readonly string[];
  /** Null when the fold cannot express the run exactly. */
  plan(events: StoredEvent[]): P | null;
  /** False when it found out while writing that the run is not one the plan expresses (having written nothing). */
  write(plan: P, tx: ProjectionTx): Promise<boolean | void>;
}

/** A SetHandler whose run goes one by one through `reference` when `plan` answers null or `write` false. */
export function foldedSet<P>({ reference, flushBefore, plan, write }: FoldedSetOptions<P>): SetHandler {
  return {
    types: Object.keys(reference),
    ...(flushBefore ? { flushBefore } : {}),
    async apply(events, tx) {
      const p = plan(events);
      if (p !== null && (await write(p, tx)) !== false) return;
      for (const e of events) await reference[e.type](e, tx);
    },
  };
}
