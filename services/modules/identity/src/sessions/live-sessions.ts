// The JwtStrategy asks (ADR 0016), on every request, whether the token's session family is still live (ADR 0009).
// Answering from the database costs a round trip per request; this remembers the families seen live
// and forgets them the moment they end:
// - in this process, SessionStore forgets a family or a user's families as it revokes or deletes them;
// - in every process, a trigger on identity_session_families (migration ..._identity_session_notify)
//   sends NOTIFY academy_session_ended with the family's id when one is revoked or deleted, and the
//   users projection sends `user:<id>` when a role changes or a user goes; each API process LISTENs.
// Without a working LISTEN connection nothing is remembered (every check goes to the database), so an
// ended session is never answered live from memory, whether the notice could be missed or not.
//
// Fences (ADR 0012) make "ended" mean ended in EVERY process by the time the command answers:
// - a listening process answers from memory only while it "trusts" it: for TRUST_MS after sending a
//   beat, the upsert of its row in identity_session_listeners on the LISTEN connection (every BEAT_MS);
// - `fence()`, called after a revocation committed, takes a number, sends it as 'fence:<n>' on the same
//   channel and waits until every row that beat within TRUST_MS + STALE_SLACK_MS has heard ≥ n. Notices
//   reach a listener in commit order, so a process that heard the fence has heard the revocation;
// - a process whose row was too old to be waited for no longer trusted its memory, and forgets all of it
//   before it trusts again.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Logger } from '@nestjs/common';
import pg from 'pg';
import { ACCESS_TOKEN_TTL_SECONDS } from '@academy/backend';

export const SESSION_ENDED_CHANNEL = 'academy_session_ended';
/**
 * Belt and braces: even with LISTEN up, a remembered family is re-read after an access token's
 * lifetime. Postgres delivers every notice to a connected listener, so this bounds nothing that the
 * notices leave open; a short one would only send the users of a busy evening back to the database.
 */
export const REMEMBER_MS = ACCESS_TOKEN_TTL_SECONDS * 1000;
const MAX_REMEMBERED = 100_000;
/** How often a listening process renews its row (and so its trust). */
export const BEAT_MS = 1000;
/** How long one beat lets the process answer from memory, counted from when the beat was sent. */
export const TRUST_MS = 3000;
/** A fence skips rows older than TRUST_MS + this: slack for clock rates and the beat's own trip. */
export const STALE_SLACK_MS = 1000;
/** A fence ends here even if unacknowledged (not expected: a live listener acknowledges within a beat). */
const FENCE_BOUND_MS = 2 * (TRUST_MS + STALE_SLACK_MS);
const PROCESS = `${hostname()}:${process.pid}`.slice(0, 255);

interface Remembered {
  userId: string;
  until: number;
}

export class LiveSessions {
  private static readonly byPool = new WeakMap<pg.Pool, LiveSessions>();
  /** One per pool (one per database): the validator and the session store of an app share it. */
  static of(pool: pg.Pool): LiveSessions {
    let live = LiveSessions.byPool.get(pool);
    if (!live) LiveSessions.byPool.set(pool, (live = new LiveSessions(pool)));
    return live;
  }

  /** Key `${sid} ${sub} ${role}` → since when it is known live. */
  private readonly known = new Map<string, Remembered>();
  /** Bumped by every forgetting: a database answer read across one is not remembered. */
  private generation = 0;
  private listener: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  /** This connection's row in identity_session_listeners (a new one per LISTEN connection). */
  private rowId: string | null = null;
  /** The highest fence heard on this connection. */
  private heard = 0;
  /** performance.now() until which memory may answer; 0 while no beat has succeeded. */
  private trustUntil = 0;
  private beating: Promise<void> | null = null;
  private beatAgain = false;
  private beats: NodeJS.Timeout | null = null;
  private readonly log = new Logger('LiveSessions');
  /** Fences of this process waiting for the next acknowledgement. */
  private readonly acknowledgements = new Set<() => void>();
  /** The highest fence this process's row was sent with (a beat with a higher one also announces it). */
  private announced = 0;

  private constructor(private readonly pool: pg.Pool) {}

  private static key(sid: string, sub: string, role: string) {
    return `${sid} ${sub} ${role}`;
  }

  /** Whether notices are being heard (and so anything is remembered). */
  get listening(): boolean {
    return this.listener !== null;
  }

  /** Whether memory may answer now: listening, and a beat renewed the row recently (fences wait for it). */
  get trusting(): boolean {
    return this.listener !== null && performance.now() < this.trustUntil;
  }

  /** True when the family is known live for this user and role; false means "ask the database". */
  isKnownLive(sid: string, sub: string, role: string): boolean {
    if (!this.listener) {
      void this.listen();
      return false;
    }
    if (!this.trusting) return false;
    const key = LiveSessions.key(sid, sub, role);
    const hit = this.known.get(key);
    if (!hit) return false;
    if (hit.until < Date.now()) {
      this.known.delete(key);
      return false;
    }
    return true;
  }

  /** A ticket to pass to `remember` after reading the database: it is void if anything was forgotten meanwhile. */
  ticket(): number {
    return this.trusting ? this.generation : -1;
  }

  remember(ticket: number, sid: string, sub: string, role: string): void {
    if (ticket !== this.generation || !this.trusting) return;
    if (this.known.size >= MAX_REMEMBERED) this.known.delete(this.known.keys().next().value!);
    this.known.set(LiveSessions.key(sid, sub, role), { userId: sub, until: Date.now() + REMEMBER_MS });
  }

  /** A family ended (revoked, deleted): forget it under every role. */
  forgetFamily(sid: string): void {
    this.generation++;
    for (const key of this.known.keys()) if (key.startsWith(`${sid} `)) this.known.delete(key);
  }

  /** Every family of a user (role change, deletion, password change). */
  forgetUser(userId: string): void {
    this.generation++;
    for (const [key, r] of this.known) if (r.userId === userId) this.known.delete(key);
  }

  private forgetAll(): void {
    this.generation++;
    this.known.clear();
  }

  /**
   * Call after a revocation committed: resolves once every process that may answer from memory has
   * heard every session notice committed before this call (the revocation's included).
   */
  async fence(): Promise<void> {
    const t0 = performance.now();
    // nextval after the revocation's commit: a process that heard any fence ≥ n heard the revocation.
    const { rows } = await this.pool.query<{ n: string }>(
      `WITH f AS (SELECT nextval('identity_session_fence') AS n) SELECT n::text, pg_notify($1, 'fence:' || n) FROM f`,
      [SESSION_ENDED_CHANNEL],
    );
    const n = rows[0].n;
    for (;;) {
      // Listening before the check: an acknowledgement landing between the two is not missed.
      const acknowledged = this.nextAcknowledgement(20);
      const { rows: waiting } = await this.pool.query(
        `SELECT 1 FROM identity_session_listeners WHERE heard < $1 AND beat_at > now() - make_interval(secs => $2) LIMIT 1`,
        [n, (TRUST_MS + STALE_SLACK_MS) / 1000],
      );
      if (waiting.length === 0) return;
      if (performance.now() - t0 > FENCE_BOUND_MS) {
        this.log.warn(`session fence ${n} not acknowledged by every listener after ${FENCE_BOUND_MS} ms; answering anyway`);
        return;
      }
      await acknowledged;
    }
  }

  /** Resolves when this process hears any process acknowledge a fence ('heard:<n>'), or after `ms` (polling fallback). */
  private nextAcknowledgement(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.acknowledgements.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.acknowledgements.add(done);
    });
  }

  private hear(fence: number): void {
    if (fence <= this.heard) return;
    this.heard = fence;
    this.beat();
  }

  /**
   * Renews this process's row with the highest fence heard, on the LISTEN connection. A first row, or
   * one renewed after trust lapsed (a fence may have skipped it), starts from an empty memory.
   */
  private beat(): void {
    const client = this.listener;
    const id = this.rowId;
    if (!client || !id) return;
    if (this.beating) {
      this.beatAgain = true;
      return;
    }
    this.beatAgain = false;
    const sentAt = performance.now();
    const heard = this.heard;
    // A beat that acknowledges a new fence says so on the channel: waiting fences re-check at once.
    const announce = heard > this.announced;
    this.announced = heard;
    this.beating = client
      .query<{ inserted: boolean }>(
        `WITH up AS (
           INSERT INTO identity_session_listeners (id, process, heard)
           VALUES ($1, $2, greatest($3::bigint, (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM identity_session_fence)))
           ON CONFLICT (id) DO UPDATE SET heard = greatest(identity_session_listeners.heard, $3::bigint), beat_at = now()
           RETURNING xmax = 0 AS inserted),
         announced AS (SELECT pg_notify($4, 'heard:' || $3::text) WHERE $5::boolean)
         SELECT up.inserted, (SELECT count(*) FROM announced) AS announced FROM up`,
        [id, PROCESS, heard, SESSION_ENDED_CHANNEL, announce],
      )
      .then(({ rows }) => {
        if (this.listener !== client || this.rowId !== id) return;
        if (rows[0]?.inserted || performance.now() >= this.trustUntil) this.forgetAll();
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

  private stopBeating(): void {
    if (this.beats) clearInterval(this.beats);
    this.beats = null;
    this.trustUntil = 0;
  }

  private listen(): Promise<void> {
    if (this.listener || this.connecting || this.closed || this.retry) return this.connecting ?? Promise.resolve();
    this.connecting = (async () => {
      const client = new pg.Client({ ...this.pool.options, application_name: 'academy-live-sessions' });
      const drop = () => {
        if (this.listener === client) {
          this.listener = null;
          // Notices may be lost from here on: nothing remembered can be trusted.
          this.forgetAll();
          this.stopBeating();
          // Fences need not wait for a row that no longer trusts anything (best effort: it goes stale anyway).
          const id = this.rowId;
          this.rowId = null;
          if (id) this.pool.query('DELETE FROM identity_session_listeners WHERE id = $1', [id]).catch(() => {});
        }
        client.end().catch(() => {});
        if (!this.closed && !this.retry) {
          this.retry = setTimeout(() => (this.retry = null), 1000);
          this.retry.unref();
        }
      };
      client.on('error', drop);
      client.on('end', drop);
      client.on('notification', (msg) => {
        if (msg.channel !== SESSION_ENDED_CHANNEL || !msg.payload) return;
        if (msg.payload.startsWith('fence:')) this.hear(Number(msg.payload.slice(6)));
        else if (msg.payload.startsWith('heard:')) for (const wake of [...this.acknowledgements]) wake();
        else if (msg.payload.startsWith('user:')) this.forgetUser(msg.payload.slice(5));
        else this.forgetFamily(msg.payload);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${SESSION_ENDED_CHANNEL}`);
        if (this.closed) await client.end();
        else {
          // Whatever ended before LISTEN was not remembered: memory starts empty.
          this.forgetAll();
          this.listener = client;
          // Trusted once the first beat has registered it (fences wait for it from then on).
          this.rowId = randomUUID();
          this.heard = 0;
          this.announced = 0;
          this.beat();
          this.beats = setInterval(() => this.beat(), BEAT_MS);
          this.beats.unref();
        }
      } catch {
        drop();
      } finally {
        this.connecting = null;
      }
    })();
    return this.connecting;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.connecting) await this.connecting;
    const l = this.listener;
    const id = this.rowId;
    this.listener = null;
    this.rowId = null;
    this.forgetAll();
    this.stopBeating();
    if (l) {
      l.removeAllListeners('end');
      l.removeAllListeners('error');
      l.on('error', () => {});
      await this.beating;
      // Gone cleanly: fences stop waiting for this process at once.
      if (id) await l.query('DELETE FROM identity_session_listeners WHERE id = $1', [id]).catch(() => {});
      await l.end().catch(() => {});
    }
    LiveSessions.byPool.delete(this.pool);
  }
}
