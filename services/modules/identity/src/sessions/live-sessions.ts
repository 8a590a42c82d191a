// The AuthGuard asks, on every request, whether the token's session family is still live (ADR 0009).
// Answering from the database costs a round trip per request; this remembers the families seen live
// and forgets them the moment they end:
// - in this process, SessionStore forgets a family or a user's families as it revokes or deletes them;
// - in every process, a trigger on identity_session_families (migration ..._identity_session_notify)
//   sends NOTIFY academy_session_ended with the family's id when one is revoked or deleted, and the
//   users projection sends `user:<id>` when a role changes or a user goes; each API process LISTENs.
// Without a working LISTEN connection nothing is remembered (every check goes to the database), so an
// ended session is never answered live from memory, whether the notice could be missed or not.
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

  private constructor(private readonly pool: pg.Pool) {}

  private static key(sid: string, sub: string, role: string) {
    return `${sid} ${sub} ${role}`;
  }

  /** Whether notices are being heard (and so anything is remembered). */
  get listening(): boolean {
    return this.listener !== null;
  }

  /** True when the family is known live for this user and role; false means "ask the database". */
  isKnownLive(sid: string, sub: string, role: string): boolean {
    if (!this.listener) {
      void this.listen();
      return false;
    }
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
    return this.listener ? this.generation : -1;
  }

  remember(ticket: number, sid: string, sub: string, role: string): void {
    if (ticket !== this.generation || !this.listener) return;
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

  private listen(): Promise<void> {
    if (this.listener || this.connecting || this.closed || this.retry) return this.connecting ?? Promise.resolve();
    this.connecting = (async () => {
      const client = new pg.Client({ ...this.pool.options, application_name: 'academy-live-sessions' });
      const drop = () => {
        if (this.listener === client) {
          this.listener = null;
          // Notices may be lost from here on: nothing remembered can be trusted.
          this.forgetAll();
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
        if (msg.payload.startsWith('user:')) this.forgetUser(msg.payload.slice(5));
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
    this.listener = null;
    this.forgetAll();
    if (l) {
      l.removeAllListeners('end');
      l.removeAllListeners('error');
      l.on('error', () => {});
      await l.end().catch(() => {});
    }
    LiveSessions.byPool.delete(this.pool);
  }
}
