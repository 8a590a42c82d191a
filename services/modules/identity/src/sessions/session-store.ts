// Refresh tokens (ARCHITECTURE.md §6): opaque, random, stored as sha256, one family per sign-in,
// rotated on every use; presenting an already-rotated token revokes its whole family (theft signal).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '@academy/backend';
import { LiveSessions } from './live-sessions.js';

export const REFRESH_TTL_SECONDS = 14 * 24 * 3600;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export interface IssuedRefresh {
  familyId: string;
  userId: string;
  refreshToken: string;
}

/** One signed-in device as the Settings page lists it. */
export interface LiveSession {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  userAgent: string | null;
}

/** A family is live while not revoked and one of its refresh tokens is unrotated and unexpired. */
const LIVE = `f.revoked_at IS NULL AND EXISTS (SELECT 1 FROM identity_refresh_tokens t WHERE t.family_id = f.id AND t.rotated_at IS NULL AND t.expires_at > now())`;

export type RotateResult = { ok: true; issued: IssuedRefresh } | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'reused' };

@Injectable()
export class SessionStore {
  /** Told of every family ended here once it is committed (other processes hear of it by NOTIFY). */
  private readonly live: LiveSessions;

  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {
    this.live = LiveSessions.of(pool);
  }

  async start(userId: string, userAgent: string | null = null): Promise<IssuedRefresh> {
    const familyId = randomUUID();
    const refreshToken = newToken();
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('INSERT INTO identity_session_families (id, user_id, user_agent) VALUES ($1, $2, $3)', [familyId, userId, userAgent?.slice(0, 512) || null]);
      await client.query(`INSERT INTO identity_refresh_tokens (token_hash, family_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [sha256(refreshToken), familyId, REFRESH_TTL_SECONDS]);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
    return { familyId, userId, refreshToken };
  }

  /** Swaps a live token for a new one of the same family. The row lock makes two concurrent uses of one token a reuse. */
  async rotate(refreshToken: string): Promise<RotateResult> {
    const hash = sha256(refreshToken);
    const client = await this.pool.connect();
    let row: { family_id: string; user_id: string; rotated: boolean; expired: boolean; revoked: boolean } | undefined;
    let result: RotateResult;
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<NonNullable<typeof row>>(
        `SELECT t.family_id, f.user_id, t.rotated_at IS NOT NULL AS rotated, t.expires_at <= now() AS expired, f.revoked_at IS NOT NULL AS revoked
           FROM identity_refresh_tokens t JOIN identity_session_families f ON f.id = t.family_id
          WHERE t.token_hash = $1 FOR UPDATE OF t, f`,
        [hash],
      );
      row = rows[0];
      if (!row) result = { ok: false, reason: 'unknown' };
      else if (row.revoked) result = { ok: false, reason: 'revoked' };
      else if (row.rotated) {
        await client.query(`UPDATE identity_session_families SET revoked_at = now(), revoked_reason = 'refresh-token-reuse' WHERE id = $1`, [row.family_id]);
        result = { ok: false, reason: 'reused' };
      } else if (row.expired) result = { ok: false, reason: 'expired' };
      else {
        const next = newToken();
        await client.query('UPDATE identity_refresh_tokens SET rotated_at = now() WHERE token_hash = $1', [hash]);
        await client.query('UPDATE identity_session_families SET last_used_at = now() WHERE id = $1', [row.family_id]);
        await client.query(`INSERT INTO identity_refresh_tokens (token_hash, family_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [sha256(next), row.family_id, REFRESH_TTL_SECONDS]);
        result = { ok: true, issued: { familyId: row.family_id, userId: row.user_id, refreshToken: next } };
      }
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
    if (!result.ok && result.reason === 'reused') await this.ended(() => this.live.forgetFamily(row!.family_id));
    return result;
  }

  /** The family a refresh token belongs to (sign-out with only the cookie). */
  async familyOf(refreshToken: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ family_id: string }>('SELECT family_id FROM identity_refresh_tokens WHERE token_hash = $1', [sha256(refreshToken)]);
    return rows[0]?.family_id ?? null;
  }

  async revokeFamily(familyId: string, reason: string): Promise<void> {
    const { rowCount } = await this.pool.query('UPDATE identity_session_families SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL', [familyId, reason]);
    if (rowCount) await this.ended(() => this.live.forgetFamily(familyId));
  }

  /**
   * After a password change or "sign out other sessions": every other device signs in again; the one
   * that asked stays. Returns how many of the ended families were live (not merely expired).
   */
  async revokeOthers(userId: string, keepFamilyId: string | null, reason: string): Promise<number> {
    const { rows } = await this.pool.query<{ live: boolean }>(
      `UPDATE identity_session_families f SET revoked_at = now(), revoked_reason = $3
        WHERE f.user_id = $1 AND f.id IS DISTINCT FROM $2 AND f.revoked_at IS NULL
        RETURNING EXISTS (SELECT 1 FROM identity_refresh_tokens t WHERE t.family_id = f.id AND t.rotated_at IS NULL AND t.expires_at > now()) AS live`,
      [userId, keepFamilyId, reason],
    );
    if (rows.length) await this.ended(() => this.live.forgetUser(userId));
    return rows.filter((r) => r.live).length;
  }

  /** A role change: every device of the user signs in again (and gets a token with the new role). */
  async revokeAll(userId: string, reason: string): Promise<void> {
    await this.revokeOthers(userId, null, reason);
  }

  /** A deleted user: their sessions (and the browsers they name) are removed, not just revoked. */
  async deleteAll(userId: string): Promise<void> {
    const { rowCount } = await this.pool.query('DELETE FROM identity_session_families WHERE user_id = $1', [userId]);
    if (rowCount) await this.ended(() => this.live.forgetUser(userId));
  }

  /**
   * Resolves once every API process has heard every session end committed so far (ADR 0012): what a
   * command that ends sessions awaits before it answers. The revocations above call it themselves.
   */
  fence(): Promise<void> {
    return this.live.fence();
  }

  /** After a committed revocation: this process forgets at once, then every other one is waited for. */
  private async ended(forget: () => void): Promise<void> {
    forget();
    await this.live.fence();
  }

  /** The user's signed-in devices, most recently used first. */
  async listLive(userId: string): Promise<LiveSession[]> {
    const { rows } = await this.pool.query<{ id: string; created_at: Date; last_used_at: Date; user_agent: string | null }>(
      `SELECT f.id, f.created_at, f.last_used_at, f.user_agent FROM identity_session_families f WHERE f.user_id = $1 AND ${LIVE} ORDER BY f.last_used_at DESC, f.created_at DESC, f.id`,
      [userId],
    );
    return rows.map((r) => ({ id: r.id, createdAt: r.created_at, lastUsedAt: r.last_used_at, userAgent: r.user_agent }));
  }

  async isFamilyLive(familyId: string, userId: string): Promise<boolean> {
    const { rows } = await this.pool.query('SELECT 1 FROM identity_session_families WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL', [familyId, userId]);
    return rows.length > 0;
  }
}
