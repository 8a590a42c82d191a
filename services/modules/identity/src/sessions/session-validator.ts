import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type pg from 'pg';
import { type AccessClaims, PG_POOL, preparedQuery, type SessionValidator } from '@academy/backend';
import { LiveSessions } from './live-sessions.js';

/**
 * The JwtStrategy's per-request check (ADR 0016), one indexed query: the token's family is not revoked, and the
 * user still exists with the role the token names (a role change or a deletion ends the session).
 * A family seen live is remembered until it ends (LiveSessions, ADR 0009): most requests skip the query.
 */
@Injectable()
export class IdentitySessionValidator implements SessionValidator, OnModuleDestroy {
  private readonly live: LiveSessions;

  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {
    this.live = LiveSessions.of(pool);
  }

  async isLive(claims: AccessClaims): Promise<boolean> {
    if (this.live.isKnownLive(claims.sid, claims.sub, claims.role)) return true;
    const ticket = this.live.ticket();
    try {
      // Raw SQL on purpose (issue 15 §4, ADR 0018 §3): this runs on the request path of every request
      // whose family is not yet remembered live, so it stays a named prepared statement (parsed and
      // planned once per connection), which MikroORM cannot send: it inlines values and prepares
      // nothing. It also joins identity_users' read schema with identity_session_families, a table of
      // the platform's migrations, not an entity. No separate figure: every request of the lessons
      // bench (docs/benchmarks.md, "Weekly Lessons") passes this check.
      const { rows } = await preparedQuery(
        this.pool,
        'identity.session-live',
        `SELECT 1 FROM identity_session_families f JOIN identity_users.users u ON u.id = f.user_id
          WHERE f.id = $1 AND f.user_id = $2 AND f.revoked_at IS NULL AND u.role = $3`,
        [claims.sid, claims.sub, claims.role],
      );
      if (rows.length === 0) return false;
      this.live.remember(ticket, claims.sid, claims.sub, claims.role);
      return true;
    } catch (e) {
      // Bad uuid in a forged-but-signed token cannot happen; a missing projection schema means nobody yet.
      if (['42P01', '3F000', '22P02'].includes((e as { code?: string }).code ?? '')) return false;
      throw e;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.live.close();
  }
}
