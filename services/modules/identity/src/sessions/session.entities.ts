import { defineEntity, p } from '@mikro-orm/core';

/**
 * The session tables (not events: services/modules/identity/README.md), as the context's own
 * migrations make them (`migrations/Migration20261123010000_identity_sessions.ts` and after). Times
 * that decide a session (created, expires, rotated, revoked, last used) are the database's `now()`,
 * so every API process agrees on them whatever its clock says.
 */
export const IdentitySessionFamily = defineEntity({
  name: 'IdentitySessionFamily',
  tableName: 'identity_session_families',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    createdAt: p.datetime().defaultRaw('now()'),
    revokedAt: p.datetime().nullable(),
    revokedReason: p.string().length(64).nullable(),
    userAgent: p.string().length(512).nullable(),
    lastUsedAt: p.datetime().defaultRaw('now()'),
  },
});

export const IdentityRefreshToken = defineEntity({
  name: 'IdentityRefreshToken',
  tableName: 'identity_refresh_tokens',
  properties: {
    /** sha256 of the token, hex: the token itself is never stored. */
    tokenHash: p.string().length(64).primary(),
    familyId: p.uuid(),
    createdAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
    rotatedAt: p.datetime().nullable(),
  },
});

export const identitySessionEntities = [IdentitySessionFamily, IdentityRefreshToken];
