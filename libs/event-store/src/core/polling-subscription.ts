// Catch-up then live delivery over readAll (shared core): one loop, one batch in flight, the position
// advanced only after the handler succeeded, so each event reaches the handler once and in order (per
// subscription). Polling finds what no wake-up announced.
import type { StoredEvent, SubscribeOptions, Subscription } from '../port.js';

interface Deps {
  options: SubscribeOptions;
  readAll(fromPosition: number, limit: number): Promise<StoredEvent[]>;
  pollIntervalMs: number;
  retry: { initialMs: number; maxMs: number };
  onStop(): void;
}

interface Waiter {
  position: number;
  resolve(reached: boolean): void;
  timer: NodeJS.Timeout;
}

export class PollingSubscription implements Subscription {
  private handled: number;
  /** When this subscription last asked for a batch (Date.now()): a store paces readers by those still reading. */
  lastReadAt = 0;
  private stopped = false;
  /** Set by a notification; checked before sleeping so a NOTIFY that lands mid-read is not lost. */
  private dirty = true;
  private wakeIdle: (() => void) | null = null;
  private readonly waiters = new Set<Waiter>();
  private readonly done: Promise<void>;

  constructor(private readonly deps: Deps) {
    this.handled = deps.options.fromPosition;
    this.done = this.run();
  }

  notify(position: number): void {
    if (position !== 0 && position <= this.handled) return;
    this.dirty = true;
    this.wakeIdle?.();
  }

  /** Idle wait: ended by the timer, a notification or stop(). */
  private idle(ms: number): Promise<void> {
    return this.sleep(ms, true);
  }

  /** Backoff wait: a notification must not cut it short, only the timer or stop(). */
  private backoff(ms: number): Promise<void> {
    return this.sleep(ms, false);
  }

  private wakeStop: (() => void) | null = null;

  private sleep(ms: number, wakeOnNotify: boolean): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeIdle = null;
        this.wakeStop = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeStop = done;
      if (wakeOnNotify) this.wakeIdle = done;
    });
  }

  private async run(): Promise<void> {
    const { options, retry } = this.deps;
    const batchSize = options.batchSize ?? 500;
    let delay = retry.initialMs;
    while (!this.stopped) {
      this.dirty = false;
      let batch: StoredEvent[];
      try {
        this.lastReadAt = Date.now();
        batch = await this.deps.readAll(this.handled, batchSize);
      } catch (error) {
        options.onError?.(error);
        await this.backoff(delay);
        delay = Math.min(delay * 2, retry.maxMs);
        continue;
      }
      if (batch.length === 0) {
        if (!this.dirty && !this.stopped) await this.idle(this.deps.pollIntervalMs);
        continue;
      }
      for (;;) {
        if (this.stopped) return;
        try {
          await options.handle(batch);
          break;
        } catch (error) {
          options.onError?.(error);
          await this.backoff(delay);
          delay = Math.min(delay * 2, retry.maxMs);
        }
      }
      delay = retry.initialMs;
      this.handled = batch[batch.length - 1].position;
      for (const w of this.waiters) {
        if (w.position <= this.handled) {
          clearTimeout(w.timer);
          this.waiters.delete(w);
          w.resolve(true);
        }
      }
    }
  }

  /** The position handled so far. */
  get position(): number {
    return this.handled;
  }

  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (position <= this.handled) return Promise.resolve(true);
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const w: Waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters.delete(w);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.add(w);
    });
  }

  async stop(): Promise<void> {
    if (!this.stopped) {
      this.stopped = true;
      this.wakeStop?.();
      for (const w of this.waiters) {
        clearTimeout(w.timer);
        w.resolve(false);
      }
      this.waiters.clear();
    }
    await this.done;
    this.deps.onStop();
  }
}
