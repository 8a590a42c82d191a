// A store's subscriptions and the one live feed that wakes them (shared core): PostgreSQL's LISTEN
// connection, KurrentDB's stream subscription. The feed is open while any subscription is, and comes
// back a second after it drops; meanwhile polling delivers, so a lost wake-up only delays.
import type { StoredEvent, SubscribeOptions, Subscription } from '../port.js';
import { PollingSubscription } from './polling-subscription.js';

/** An open feed; close() ends it without reporting a drop. */
export interface LiveFeed {
  close(): void;
}

/**
 * Opens the adapter's feed: `wake(position)` for each append it hears of, `dropped()` once when it
 * breaks. Rejects when it cannot open.
 */
export type OpenFeed = (wake: (position: number) => void, dropped: () => void) => Promise<LiveFeed>;

/** `reader` is undefined for a subscription's first read, which starts before it is registered. */
export type SubscriptionRead = (reader: PollingSubscription | undefined, fromPosition: number, limit: number) => Promise<StoredEvent[]>;

export interface LiveSubscriptionsOptions {
  openFeed: OpenFeed;
  read: SubscriptionRead;
  /** A subscription's poll when no wake-up came. Default 1000. */
  pollIntervalMs?: number;
  /** First and longest wait between retries of a failing handler. Default 100 → 10 000 ms. */
  retry?: { initialMs: number; maxMs: number };
}

const REOPEN_MS = 1000;

export class LiveSubscriptions {
  private readonly subscriptions = new Set<PollingSubscription>();
  private feed: LiveFeed | null = null;
  private opening: Promise<void> | null = null;
  private reopenTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: LiveSubscriptionsOptions) {}

  /** The open subscriptions (the PostgreSQL store paces readers by them). */
  get all(): ReadonlySet<PollingSubscription> {
    return this.subscriptions;
  }

  subscribe(options: SubscribeOptions): Subscription {
    if (this.closed) throw new Error('event store is closed');
    let reader: PollingSubscription | undefined = undefined;
    const sub: PollingSubscription = new PollingSubscription({
      options,
      readAll: (from, limit) => this.options.read(reader, from, limit),
      pollIntervalMs: this.options.pollIntervalMs ?? 1000,
      retry: this.options.retry ?? { initialMs: 100, maxMs: 10_000 },
      onStop: () => {
        this.subscriptions.delete(sub);
        if (this.subscriptions.size === 0) this.closeFeed();
      },
    });
    reader = sub;
    this.subscriptions.add(sub);
    void this.openFeed();
    return sub;
  }

  /** Stops every subscription and the feed. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    if (this.opening) await this.opening;
    this.closeFeed();
  }

  private get wanted(): boolean {
    return !this.closed && this.subscriptions.size > 0;
  }

  private wakeAll(position: number): void {
    for (const s of this.subscriptions) s.notify(position);
  }

  private openFeed(): Promise<void> {
    if (this.feed || this.opening || !this.wanted) return Promise.resolve();
    this.opening = (async () => {
      let feed: LiveFeed | null = null;
      let lost = false;
      const dropped = () => {
        lost = true;
        if (feed && this.feed === feed) this.drop();
      };
      try {
        feed = await this.options.openFeed((position) => this.wakeAll(position), dropped);
        if (lost || !this.wanted) {
          feed.close();
          if (lost) this.reopenLater();
          return;
        }
        this.feed = feed;
        // Anything appended while no feed was open is found by this wake-up (and by polling).
        this.wakeAll(0);
      } catch {
        this.reopenLater();
      } finally {
        this.opening = null;
      }
    })();
    return this.opening;
  }

  private drop(): void {
    this.feed?.close();
    this.feed = null;
    this.reopenLater();
  }

  private reopenLater(): void {
    if (!this.wanted || this.reopenTimer) return;
    this.reopenTimer = setTimeout(() => {
      this.reopenTimer = null;
      void this.openFeed();
    }, REOPEN_MS);
    this.reopenTimer.unref();
  }

  private closeFeed(): void {
    if (this.reopenTimer) clearTimeout(this.reopenTimer);
    this.reopenTimer = null;
    this.feed?.close();
    this.feed = null;
  }
}
