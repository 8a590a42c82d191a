// What LiveSessions remembers (ADR 0009): the session families seen live, by family, user and role.
// Every forgetting bumps a generation, so a database answer read across one is not remembered: a
// reader takes a ticket before its query and remembers with it afterwards.
import { ACCESS_TOKEN_TTL_SECONDS } from '@academy/backend';

/**
 * Belt and braces: even with LISTEN up, a remembered family is re-read after an access token's
 * lifetime. Postgres delivers every notice to a connected listener, so this bounds nothing that the
 * notices leave open; a short one would only send the users of a busy evening back to the database.
 */
const REMEMBER_MS = ACCESS_TOKEN_TTL_SECONDS * 1000;
const MAX_REMEMBERED = 100_000;

interface Remembered {
  userId: string;
  until: number;
}

export class RememberedSessions {
  /** Key `${sid} ${sub} ${role}` → whose it is and until when it may answer. */
  private readonly known = new Map<string, Remembered>();
  /** Bumped by every forgetting. */
  private generation = 0;

  private static key(sid: string, sub: string, role: string) {
    return `${sid} ${sub} ${role}`;
  }

  has(sid: string, sub: string, role: string): boolean {
    const key = RememberedSessions.key(sid, sub, role);
    const hit = this.known.get(key);
    if (!hit) return false;
    if (hit.until < Date.now()) {
      this.known.delete(key);
      return false;
    }
    return true;
  }

  /** To pass to `remember` after reading the database: void if anything was forgotten meanwhile. */
  ticket(): number {
    return this.generation;
  }

  remember(ticket: number, sid: string, sub: string, role: string): void {
    if (ticket !== this.generation) return;
    if (this.known.size >= MAX_REMEMBERED) this.known.delete(this.known.keys().next().value!);
    this.known.set(RememberedSessions.key(sid, sub, role), { userId: sub, until: Date.now() + REMEMBER_MS });
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

  forgetAll(): void {
    this.generation++;
    this.known.clear();
  }
}
