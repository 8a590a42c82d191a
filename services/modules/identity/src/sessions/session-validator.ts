import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { type AccessClaims, PG_POOL, type SessionValidator } from '@academy/backend';

/**
 * The AuthGuard's per-request check, one indexed query: the token's family is not revoked, and the
 * user still exists with the role the token names (a role change or a deletion ends the session).
 */
@Injectable()
export class IdentitySessionValidator implements SessionValidator {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async isLive(claims: AccessClaims): Promise<boolean> {
    try {
      const { rows } = await this.pool.query(
        `SELECT 1 FROM identity_session_families f JOIN identity_users.users u ON u.id = f.user_id
          WHERE f.id = $1 AND f.user_id = $2 AND f.revoked_at IS NULL AND u.role = $3`,
        [claims.sid, claims.sub, claims.role],
      );
      return rows.length > 0;
    } catch (e) {
      // Bad uuid in a forged-but-signed token cannot happen; a missing projection schema means nobody yet.
      if (['42P01', '3F000', '22P02'].includes((e as { code?: string }).code ?? '')) return false;
      throw e;
    }
  }
}
