// The JwtStrategy asks (ADR 0016), on every request, whether the token's session family is still live (ADR 0009).
// Answering from the database costs a round trip per request; this remembers the families seen live
// (remembered-sessions.ts) and forgets them the moment they end:
// - in this process, SessionStore forgets a family or a user's families as it revokes or deletes them;
// - in every process, a trigger on identity_session_families (migration ..._identity_session_notify)
//   sends NOTIFY academy_session_ended with the family's id when one is revoked or deleted, and the
//   users projection sends `user:<id>` when a role changes or a user goes; each API process LISTENs.
// Without a working LISTEN connection nothing is remembered (every check goes to the database), so an
// ended session is never answered live from memory, whether the notice could be missed or not.
//
// Fences (ADR 0012) make "ended" mean ended in EVERY process by the time the command answers:
// - a listening process answers from memory only while it "trusts" it: for TRUST_MS after sending a
//   beat, the upsert of its row in identity_session_listeners on the LISTEN connection (listener-row.ts);
// - `fence()`, called after a revocation committed, takes a number, sends it as 'fence:<n>' on the same
//   channel and waits until every row that beat within TRUST_MS + STALE_SLACK_MS has heard ≥ n. Notices
//   reach a listener in commit order, so a process that heard the fence has heard the revocation;
// - a process whose row was too old to be waited for no longer trusted its memory, and forgets all of it
//   before it trusts again.
import { Logger } from '@nestjs/common';
import pg from 'pg';
import { ListenerRow, STALE_SLACK_MS, TRUST_MS } from './listener-row.js';
import { RememberedSessions } from './remembered-sessions.js';

export const SESSION_ENDED_CHANNEL = 'academy_session_ended';
/** A fence ends here even if unacknowledged (not expected: a live listener acknowledges within a beat). */
const FENCE_BOUND_MS = 2 * (TRUST_MS + STALE_SLACK_MS);

export class LiveSessions {
  private static readonly byPool = new WeakMap<pg.Pool, LiveSessions>();
  /** One per pool (one per database): the validator and the session store of an app share it. */
  static of(pool: pg.Pool): LiveSessions {
    let live = LiveSessions.byPool.get(pool);
    if (!live) LiveSessions.byPool.set(pool, (live = new LiveSessions(pool)));
    return live;
  }

  private readonly memory = new RememberedSessions();
  private listener: pg.Client | null = null;
  /** The listener's row (a new one per LISTEN connection). */
  private row: ListenerRow | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly log = new Logger('LiveSessions');
  /** Fences of this process waiting for the next acknowledgement. */
  private readonly acknowledgements = new Set<() => void>();

  private constructor(private readonly pool: pg.Pool) {}

  /** Whether notices are being heard (and so anything is remembered). */
  get listening(): boolean {
    return this.listener !== null;
  }

  /** Whether memory may answer now: listening, and a beat renewed the row recently (fences wait for it). */
  get trusting(): boolean {
    return this.row?.trusting ?? false;
  }

  /** True when the family is known live for this user and role; false means "ask the database". */
  isKnownLive(sid: string, sub: string, role: string): boolean {
    if (!this.listener) {
      void this.listen();
      return false;
    }
    return this.trusting && this.memory.has(sid, sub, role);
  }

  /** A ticket to pass to `remember` after reading the database: it is void if anything was forgotten meanwhile. */
  ticket(): number {
    return this.trusting ? this.memory.ticket() : -1;
  }

  remember(ticket: number, sid: string, sub: string, role: string): void {
    if (this.trusting) this.memory.remember(ticket, sid, sub, role);
  }

  /** A family ended (revoked, deleted): forget it under every role. */
  forgetFamily(sid: string): void {
    this.memory.forgetFamily(sid);
  }

  /** Every family of a user (role change, deletion, password change). */
  forgetUser(userId: string): void {
    this.memory.forgetUser(userId);
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

  private onNotice(payload: string): void {
    if (payload.startsWith('fence:')) this.row?.hear(Number(payload.slice(6)));
    else if (payload.startsWith('heard:')) for (const wake of [...this.acknowledgements]) wake();
    else if (payload.startsWith('user:')) this.memory.forgetUser(payload.slice(5));
    else this.memory.forgetFamily(payload);
  }

  private listen(): Promise<void> {
    if (this.listener || this.connecting || this.closed || this.retry) return this.connecting ?? Promise.resolve();
    this.connecting = (async () => {
      const client = new pg.Client({ ...this.pool.options, application_name: 'academy-live-sessions' });
      const drop = () => {
        if (this.listener === client) this.lose();
        client.end().catch(() => {});
        if (!this.closed && !this.retry) {
          this.retry = setTimeout(() => (this.retry = null), 1000);
          this.retry.unref();
        }
      };
      client.on('error', drop);
      client.on('end', drop);
      client.on('notification', (msg) => {
        if (msg.channel === SESSION_ENDED_CHANNEL && msg.payload) this.onNotice(msg.payload);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${SESSION_ENDED_CHANNEL}`);
        if (this.closed) await client.end();
        else {
          // Whatever ended before LISTEN was not remembered: memory starts empty.
          this.memory.forgetAll();
          this.listener = client;
          // Trusted once the first beat has registered it (fences wait for it from then on).
          this.row = new ListenerRow(client, SESSION_ENDED_CHANNEL, () => this.memory.forgetAll());
        }
      } catch {
        drop();
      } finally {
        this.connecting = null;
      }
    })();
    return this.connecting;
  }

  /** The LISTEN connection broke: notices may be lost from here on, so nothing remembered can be trusted. */
  private lose(): void {
    this.listener = null;
    this.memory.forgetAll();
    const row = this.row;
    this.row = null;
    if (!row) return;
    void row.stop();
    // Fences need not wait for a row that no longer trusts anything (best effort: it goes stale anyway).
    this.pool.query('DELETE FROM identity_session_listeners WHERE id = $1', [row.id]).catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.connecting) await this.connecting;
    const l = this.listener;
    const row = this.row;
    this.listener = null;
    this.row = null;
    this.memory.forgetAll();
    const beating = row?.stop();
    if (l) {
      l.removeAllListeners('end');
      l.removeAllListeners('error');
      l.on('error', () => {});
      await beating;
      // Gone cleanly: fences stop waiting for this process at once.
      if (row) await l.query('DELETE FROM identity_session_listeners WHERE id = $1', [row.id]).catch(() => {});
      await l.end().catch(() => {});
    }
    LiveSessions.byPool.delete(this.pool);
  }
}
