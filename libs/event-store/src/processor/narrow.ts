// Pieces of the processor (processor.ts) when it follows the log and a batch fails (ADR 0010): a
// wakeable pause, the end of a follow, and narrowing the batch to the event with a bounded number of
// tries. What one try is (the kind's batch and checkpoint) and how the failure is recorded stay with
// the processor.
import type { StoredEvent } from '../port.js';

/** A pause that stop() or a notification can cut short; only one is pending at a time. */
export class WakeablePause {
  private wakeSleep: (() => void) | null = null;

  pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeSleep = () => {
        this.wakeSleep = null;
        done();
      };
    });
  }

  wake(): void {
    this.wakeSleep?.();
  }
}

/** How a follow of the log ends: the first reason given wins, `ended` resolves with it, `onEnd` runs once. */
export function endOnce<O>(onEnd: () => void): { ended: Promise<O>; end(reason: O): void; reason(): O | null } {
  let reason: O | null = null;
  let finish!: (r: O) => void;
  const ended = new Promise<O>((resolve) => (finish = resolve));
  return {
    ended,
    end(r) {
      if (reason) return;
      reason = r;
      onEnd();
      finish(r);
    },
    reason: () => reason,
  };
}

export interface NarrowSteps<O extends string> {
  /** The batch that failed, and the checkpoint before it. */
  events: StoredEvent[];
  from: number;
  /** The batch's error: the first try of an event that was alone in it. */
  batchError: unknown;
  /** Tries an event gets before it is marked failing (asked again for every event). */
  budget(): number;
  /** Pause after the first failed try, doubled after each. */
  retryDelayMs: number;
  pause(ms: number): Promise<void>;
  report(error: unknown): void;
  /** True once the narrowing must end (the follow ended: stop(), a lost lock, a resync). */
  ended(): boolean;
  /** One try of one event with its checkpoint: 'ok' (the checkpoint moved to it); another outcome ends the narrowing; a throw is a failed try. */
  tryEvent(event: StoredEvent, expected: number): Promise<'ok' | O>;
  /** Retried without counting (the database or Redis away). */
  transient(error: unknown): boolean;
  /** Records the failure; false when the checkpoint moved meanwhile (resync). */
  markFailing(event: StoredEvent, expected: number, error: unknown, tries: number): Promise<boolean>;
}

/**
 * Handles the events of a failed batch one by one (each with its checkpoint), so those before the
 * bad one are done; tries the bad one `budget()` times in all with a doubling pause, then marks it
 * failing. A failed batch of that event alone was its first try; a failed batch of several counts
 * for none (which event threw is unknown). Transient errors on the way are retried without counting.
 */
export async function narrowBatch<O extends string>(s: NarrowSteps<O>): Promise<O | 'ok' | 'stopped' | 'failing' | 'resync'> {
  let expected = s.from;
  const marked = async (event: StoredEvent, error: unknown, tries: number) => ((await s.markFailing(event, expected, error, tries)) ? 'failing' : 'resync');
  for (const event of s.events) {
    let tries = 0;
    let delay = s.retryDelayMs;
    let transientDelay = 100;
    if (s.events.length === 1) {
      // A batch of one (the usual case when following live) was this event's first try.
      tries = 1;
      if (tries >= s.budget()) return marked(event, s.batchError, tries);
      await s.pause(delay);
      delay *= 2;
    }
    for (;;) {
      if (s.ended()) return 'stopped';
      let r: 'ok' | O;
      try {
        r = await s.tryEvent(event, expected);
      } catch (e) {
        // The follow ended under the try (its connection died, stop()): not the event's fault.
        if (s.ended()) return 'stopped';
        if (s.transient(e)) {
          s.report(e);
          await s.pause(transientDelay);
          transientDelay = Math.min(transientDelay * 2, 10_000);
          continue;
        }
        tries += 1;
        if (tries >= s.budget()) return marked(event, e, tries);
        await s.pause(delay);
        delay *= 2;
        continue;
      }
      if (r !== 'ok') return r;
      expected = event.position;
      break;
    }
  }
  return 'ok';
}
