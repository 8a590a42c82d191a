import { defineEntity, p } from '@mikro-orm/core';
import type { NotificationPreferences, Role } from '@academy/contracts';

/**
 * `users`: one row per live account, with the decrypted personal fields and the password hash (ADR
 * 0003: deleted with the user, rebuilt without them after an erasure). Unqualified like every read
 * entity (ADR 0018): the projection writes its version schema through search_path, readers name the
 * read schema. Types, order, and constraint and index names are those v2's SQL made (Postgres named
 * the inline UNIQUEs `<table>_<column>_key`), so the live v2 stays.
 */
export const User = defineEntity({
  name: 'IdentityUser',
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    email: p.text().nullable().unique('users_email_key'),
    // The email lookup (HMAC-SHA256, hex): sign-in finds the account by it.
    emailHash: p.character().length(64).unique('users_email_hash_key'),
    fullName: p.text().nullable(),
    role: p.text().$type<Role>(),
    selfRegistered: p.boolean(),
    verified: p.boolean(),
    verificationTokenHash: p.character().length(64).nullable().unique('users_verification_token_hash_key'),
    firstLoginCompleted: p.boolean().default(false),
    passwordHash: p.text().nullable(),
    phone: p.text().nullable(),
    address: p.text().nullable(),
    // 'YYYY-MM-DD' as given in ProfileCompleted; no read shows it.
    dateOfBirth: p.date().nullable(),
    emergencyContactName: p.text().nullable(),
    emergencyContactPhone: p.text().nullable(),
    notificationPreferences: p.json<NotificationPreferences>().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  indexes: [
    { name: 'users_role_idx', properties: ['role'] },
    // Admin Users: newest first.
    { name: 'users_created_at_idx', columns: [{ name: 'created_at', sort: 'DESC' }] },
  ],
});

export type UserRow = InstanceType<typeof User.class>;
