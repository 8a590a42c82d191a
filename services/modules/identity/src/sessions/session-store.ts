// Refresh tokens (ARCHITECTURE.md §6): opaque, random, stored as sha256, one family per sign-in,
// rotated on every use; presenting an already-rotated token revokes its whole family (theft signal).
// The tables are MikroORM entities (session.entities.ts); every time that decides a session is the
// database's now(), so the API processes never disagree through their clocks.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { LockMode, raw, sql } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { LiveSessions } from './live-sessions.js';
import { IdentityRefreshToken, IdentitySessionFamily } from './session.entities.js';

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

/** Whether family `f` has a refresh token that is unrotated and unexpired (live when also not revoked). */
const HAS_LIVE_TOKEN = 'exists (select 1 from identity_refresh_tokens t where t.family_id = f.id and t.rotated_at is null and t.expires_at > now())';
/** A new token's expiry: REFRESH_TTL_SECONDS from the database's now. */
const expiresAt = () => raw('now() + make_interval(secs => ?)', [REFRESH_TTL_SECONDS]);

export type RotateResult = { ok: true; issued: IssuedRefresh } | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'reused' };

@Injectable()
export class SessionStore {
  constructor(
    private readonly em: EntityManager,
    /** Told of every family ended here once it is committed (other processes hear of it by NOTIFY). */
    private readonly live: LiveSessions,
  ) {}

  async start(userId: string, userAgent: string | null = null): Promise<IssuedRefresh> {
    const familyId = randomUUID();
    const refreshToken = newToken();
    await this.em.fork().transactional(async (tx) => {
      await tx.createQueryBuilder(IdentitySessionFamily).insert({ id: familyId, userId, userAgent: userAgent?.slice(0, 512) || null }).execute();
      await tx.createQueryBuilder(IdentityRefreshToken).insert({ tokenHash: sha256(refreshToken), familyId, expiresAt: expiresAt() }).execute();
    });
    return { familyId, userId, refreshToken };
  }

  /** Swaps a live token for a new one of the same family. The row locks make two concurrent uses of one token a reuse. */
  async rotate(refreshToken: string): Promise<RotateResult> {
    const hash = sha256(refreshToken);
    let reusedFamily: string | null = null;
    const result = await this.em.fork().transactional(async (tx): Promise<RotateResult> => {
      // The token, then its family, each locked until commit (always in this order: no deadlock).
      const token = await tx
        .createQueryBuilder(IdentityRefreshToken, 't')
        .select(['t.familyId', sql`t.rotated_at is not null`.as('rotated'), sql`t.expires_at <= now()`.as('expired')])
        .where({ tokenHash: hash })
        .setLockMode(LockMode.PESSIMISTIC_WRITE)
        .execute<{ familyId: string; rotated: boolean; expired: boolean } | undefined>('get');
      if (!token) return { ok: false, reason: 'unknown' };
      const family = await tx
        .createQueryBuilder(IdentitySessionFamily, 'f')
        .select(['f.userId', sql`f.revoked_at is not null`.as('revoked')])
        .where({ id: token.familyId })
        .setLockMode(LockMode.PESSIMISTIC_WRITE)
        .execute<{ userId: string; revoked: boolean } | undefined>('get');
      if (!family) return { ok: false, reason: 'unknown' };
      if (family.revoked) return { ok: false, reason: 'revoked' };
      if (token.rotated) {
        await tx.createQueryBuilder(IdentitySessionFamily).update({ revokedAt: raw('now()'), revokedReason: 'refresh-token-reuse' }).where({ id: token.familyId }).execute();
        reusedFamily = token.familyId;
        return { ok: false, reason: 'reused' };
      }
      if (token.expired) return { ok: false, reason: 'expired' };
      const next = newToken();
      await tx.createQueryBuilder(IdentityRefreshToken).update({ rotatedAt: raw('now()') }).where({ tokenHash: hash }).execute();
      await tx.createQueryBuilder(IdentitySessionFamily).update({ lastUsedAt: raw('now()') }).where({ id: token.familyId }).execute();
      await tx.createQueryBuilder(IdentityRefreshToken).insert({ tokenHash: sha256(next), familyId: token.familyId, expiresAt: expiresAt() }).execute();
      return { ok: true, issued: { familyId: token.familyId, userId: family.userId, refreshToken: next } };
    });
    if (reusedFamily) await this.ended(() => this.live.forgetFamily(reusedFamily!));
    return result;
  }

  /** The family a refresh token belongs to (sign-out with only the cookie). */
  async familyOf(refreshToken: string): Promise<string | null> {
    const row = await this.em.fork().findOne(IdentityRefreshToken, { tokenHash: sha256(refreshToken) }, { fields: ['familyId'], disableIdentityMap: true });
    return row?.familyId ?? null;
  }

  async revokeFamily(familyId: string, reason: string): Promise<void> {
    const revoked = await this.em
      .fork()
      .createQueryBuilder(IdentitySessionFamily)
      .update({ revokedAt: raw('now()'), revokedReason: reason })
      .where({ id: familyId, revokedAt: null })
      .execute('run');
    if (revoked.affectedRows) await this.ended(() => this.live.forgetFamily(familyId));
  }

  /**
   * After a password change or "sign out other sessions": every other device signs in again; the one
   * that asked stays. Returns how many of the ended families were live (not merely expired).
   */
  async revokeOthers(userId: string, keepFamilyId: string | null, reason: string): Promise<number> {
    const ended = await this.em.fork().transactional(async (tx) => {
      // Locked, then revoked: whether each was live is read as it is ended.
      const families = await tx
        .createQueryBuilder(IdentitySessionFamily, 'f')
        .select(['f.id', raw(HAS_LIVE_TOKEN).as('live')])
        .where({ userId, revokedAt: null, ...(keepFamilyId ? { id: { $ne: keepFamilyId } } : {}) })
        .setLockMode(LockMode.PESSIMISTIC_WRITE)
        .execute<{ id: string; live: boolean }[]>('all');
      if (families.length) {
        await tx.createQueryBuilder(IdentitySessionFamily).update({ revokedAt: raw('now()'), revokedReason: reason }).where({ id: { $in: families.map((f) => f.id) } }).execute();
      }
      return families;
    });
    if (ended.length) await this.ended(() => this.live.forgetUser(userId));
    return ended.filter((f) => f.live).length;
  }

  /** A role change: every device of the user signs in again (and gets a token with the new role). */
  async revokeAll(userId: string, reason: string): Promise<void> {
    await this.revokeOthers(userId, null, reason);
  }

  /** A deleted user: their sessions (and the browsers they name) are removed, not just revoked. */
  async deleteAll(userId: string): Promise<void> {
    const deleted = await this.em.fork().nativeDelete(IdentitySessionFamily, { userId });
    if (deleted) await this.ended(() => this.live.forgetUser(userId));
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
    const rows = await this.em
      .fork()
      .createQueryBuilder(IdentitySessionFamily, 'f')
      .select(['f.id', 'f.createdAt', 'f.lastUsedAt', 'f.userAgent'])
      .where({ userId, revokedAt: null })
      .andWhere(HAS_LIVE_TOKEN)
      .orderBy([{ lastUsedAt: 'desc' }, { createdAt: 'desc' }, { id: 'asc' }])
      .execute<{ id: string; createdAt: Date; lastUsedAt: Date; userAgent: string | null }[]>('all');
    return rows.map((r) => ({ id: r.id, createdAt: new Date(r.createdAt), lastUsedAt: new Date(r.lastUsedAt), userAgent: r.userAgent }));
  }

  async isFamilyLive(familyId: string, userId: string): Promise<boolean> {
    return (await this.em.fork().count(IdentitySessionFamily, { id: familyId, userId, revokedAt: null })) > 0;
  }
}
