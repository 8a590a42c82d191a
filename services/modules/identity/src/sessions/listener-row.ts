// A listening process's row in identity_session_listeners (fences, ADR 0012), one per LISTEN
// connection and renewed on it: every BEAT_MS, and at once when a new fence is heard, with the
// highest fence heard. Fences wait for the rows that beat recently; in return, memory may answer
// ("trust") for TRUST_MS after each beat was sent. A beat that acknowledges a new fence also says so
// on the channel ('heard:<n>'), so waiting fences re-check at once.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';

/** How often a listening process renews its row (and so its trust). */
const BEAT_MS = 1000;
/** How long one beat lets the process answer from memory, counted from when the beat was sent. */
export const TRUST_MS = 3000;
/** A fence skips rows older than TRUST_MS + this: slack for clock rates and the beat's own trip. */
export const STALE_SLACK_MS = 1000;
const PROCESS = `${hostname()}:${process.pid}`.slice(0, 255);

export class ListenerRow {
  readonly id = randomUUID();
  /** The highest fence heard on this connection. */
  private heard = 0;
  /** The highest fence this row was sent with (a beat with a higher one also announces it). */
  private announced = 0;
  /** performance.now() until which memory may answer; 0 while no beat has succeeded. */
  private trustUntil = 0;
  private beating: Promise<void> | null = null;
  private beatAgain = false;
  private readonly beats: NodeJS.Timeout;
  private stopped = false;

  /**
   * Beats at once. `startFresh` empties memory: a first row, or one renewed after trust lapsed (a
   * fence may have skipped it), starts from nothing remembered.
   */
  constructor(
    private readonly client: pg.Client,
    private readonly channel: string,
    private readonly startFresh: () => void,
  ) {
    this.beat();
    this.beats = setInterval(() => this.beat(), BEAT_MS);
    this.beats.unref();
  }

  get trusting(): boolean {
    return performance.now() < this.trustUntil;
  }

  hear(fence: number): void {
    if (fence <= this.heard) return;
    this.heard = fence;
    this.beat();
  }

  /** No more beats, no more trust; resolves when a beat in flight is done. */
  stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.beats);
    this.trustUntil = 0;
    return this.beating ?? Promise.resolve();
  }

  private beat(): void {
    if (this.stopped) return;
    if (this.beating) {
      this.beatAgain = true;
      return;
    }
    this.beatAgain = false;
    const sentAt = performance.now();
    const heard = this.heard;
    const announce = heard > this.announced;
    this.announced = heard;
    this.beating = this.client
      .query<{ inserted: boolean }>(
        `WITH up AS (
           INSERT INTO identity_session_listeners (id, process, heard)
           VALUES ($1, $2, greatest($3::bigint, (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM identity_session_fence)))
           ON CONFLICT (id) DO UPDATE SET heard = greatest(identity_session_listeners.heard, $3::bigint), beat_at = now()
           RETURNING xmax = 0 AS inserted),
         announced AS (SELECT pg_notify($4, 'heard:' || $3::text) WHERE $5::boolean)
         SELECT up.inserted, (SELECT count(*) FROM announced) AS announced FROM up`,
        [this.id, PROCESS, heard, this.channel, announce],
      )
      .then(({ rows }) => {
        if (this.stopped) return;
        if (rows[0]?.inserted || performance.now() >= this.trustUntil) this.startFresh();
        this.trustUntil = Math.max(this.trustUntil, sentAt + TRUST_MS);
      })
      .catch(() => {
        /* a broken connection is dropped by its 'error'/'end' handlers; without a row nothing is trusted */
      })
      .finally(() => {
        this.beating = null;
        if (this.beatAgain) this.beat();
      });
  }
}
