// readAll for the PostgreSQL store's subscriptions (ADR 0035): the projection runners of a process
// follow the same log, each in its own batches, so a batch one of them read is often the next one
// another asks for. The raw rows of a FULL batch never change (a gap-free prefix, ADR 0002), so the
// last SHARED_BATCHES of them are kept and a runner asking for the same (from, limit) gets them without
// a query; a short batch (the head) is shared only while it is being read. Each caller still decodes
// its own: subject keys are read per call (an erasure counts from the next read, ADR 0003).
import type { PollingSubscription } from '../core/polling-subscription.js';
import type { EventRow } from './event-rows.js';

/** Full batches kept for the other subscriptions: a few MB at the runners' batch sizes. */
const SHARED_BATCHES = 16;
/** The longest a subscription ahead of the others waits for them per batch (paceLeader). */
const PACE_MS = 1000;
/** A subscription that asked for a batch this recently is still reading (not failing, not idle). */
const READING_MS = 5000;

export interface SharedBatchesDeps {
  readRows(fromPosition: number, limit: number): Promise<EventRow[]>;
  headPosition(): Promise<number>;
  /** The store's open subscriptions. */
  readers(): Iterable<PollingSubscription>;
}

export class SharedBatches {
  /** Full batches of raw rows recently read, oldest first. */
  private readonly recent = new Map<string, Promise<EventRow[]>>();
  private closed = false;

  constructor(private readonly deps: SharedBatchesDeps) {}

  async read(reader: PollingSubscription | undefined, fromPosition: number, limit: number): Promise<EventRow[]> {
    const key = `${fromPosition}:${limit}`;
    let rows = this.recent.get(key);
    if (!rows && (await this.paceLeader(reader, fromPosition, limit))) rows = this.recent.get(key);
    if (!rows) {
      rows = this.deps.readRows(fromPosition, limit);
      this.keep(key, rows, limit);
    }
    return rows;
  }

  /** The store is closing: a paced reader stops waiting, and nothing more is kept. */
  close(): void {
    this.closed = true;
    this.recent.clear();
  }

  private keep(key: string, rows: Promise<EventRow[]>, limit: number): void {
    if (this.closed) return;
    this.recent.set(key, rows);
    const forget = () => {
      if (this.recent.get(key) === rows) this.recent.delete(key);
    };
    rows.then((r) => r.length < limit && forget(), forget);
    for (const k of this.recent.keys()) {
      if (this.recent.size <= SHARED_BATCHES) break;
      this.recent.delete(k);
    }
  }

  /**
   * A subscription catching up a long backlog (more than the shared window from the head: a replay, a
   * rebuild) ahead of the others waits (up to PACE_MS per batch) while another one that is still
   * reading is more than half the window behind it, so the batches it reads are still there for the
   * others. Near the head nobody waits (live lag is unchanged). Throughput only: whatever it waits
   * for, it reads the same rows. True when it waited.
   */
  private async paceLeader(reader: PollingSubscription | undefined, fromPosition: number, limit: number): Promise<boolean> {
    const behind = () => {
      const now = Date.now();
      return [...this.deps.readers()].some((s) => s !== reader && now - s.lastReadAt < READING_MS && s.position < fromPosition - (SHARED_BATCHES / 2) * limit);
    };
    // Only a long catch-up (a replay, a rebuild) is paced: a live subscription, or one with a short backlog, never waits.
    if (!behind() || (await this.deps.headPosition()) < fromPosition + SHARED_BATCHES * limit) return false;
    const until = Date.now() + PACE_MS;
    while (!this.closed && behind() && Date.now() < until) await new Promise((r) => setTimeout(r, 2));
    return true;
  }
}
