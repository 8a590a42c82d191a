// identity_users: one row per live account, read by sign-in, /auth/me, verification and setup.
// It holds decrypted personal data and the password hash: a user's row is deleted with the user, and
// a replay after erasure rebuilds it without their personal fields. Version 2: phone given at creation,
// student contact edits, notification preferences.
import { instant, type Projection, type ProjectionTx, type StoredEvent, withTables } from '@academy/event-store';
import { SESSION_ENDED_CHANNEL } from '../../sessions/live-sessions.js';
import { IDENTITY_EVENTS, type Role } from '@academy/contracts';
import type { EmailVerificationRequestedData, NotificationPreferencesChangedData, UserRegisteredData } from '../../domain/user.js';
import { identityOrm } from './identity.orm.js';
import { User } from './user.entity.js';

import { USERS_PROJECTION } from './names.js';

export { USERS_PROJECTION };

/**
 * Sessions are checked against this table's role (a token names the role it was issued for): when the
 * role changes or the user goes, every API process forgets what it remembered of the user's sessions
 * (LiveSessions, ADR 0009), at the commit that makes the change visible. NOTIFY is not a write of a
 * read table and MikroORM has no statement for it (em.execute would be the same raw SQL): tx.query, on
 * the batch's connection, so Postgres delivers the notice when the batch commits.
 */
const sessionsEnded = (tx: ProjectionTx, userId: string) => tx.query(`SELECT pg_notify('${SESSION_ENDED_CHANNEL}', $1)`, [`user:${userId}`]);

// Set-based statements through the QueryBuilder of the transaction's EntityManager (tx.em, ADR 0018):
// one statement per change, as the SQL was, with no entity loaded into the identity map.
const users = (tx: ProjectionTx) => tx.em.createQueryBuilder(User);
const userIdOf = (e: StoredEvent) => (e.data as { userId: string }).userId;
const at = (e: StoredEvent) => instant(e.metadata.occurredAt);

const personal = (e: StoredEvent) => (e.personal?.data ?? null) as Record<string, string> | null;

export const usersProjection: Projection = {
  name: USERS_PROJECTION,
  // Still v2 on MikroORM (ADR 0018): its migration makes exactly the table v2's SQL made (same
  // columns, types, order, constraints and indexes; src/migrations/identity-migrations.int.spec.ts)
  // and the handlers write the same rows, so a live v2 stays.
  version: 2,
  orm: identityOrm,
  handlers: withTables({ writes: ['users'] }, {
    [IDENTITY_EVENTS.UserRegistered]: async (e, tx) => {
      const d = e.data as UserRegisteredData;
      const p = personal(e);
      await users(tx)
        .insert({
          id: d.userId,
          email: p?.email?.toLowerCase() ?? null,
          emailHash: d.emailHash,
          fullName: p?.fullName ?? null,
          role: d.role,
          selfRegistered: d.selfRegistered,
          verified: !d.selfRegistered,
          verificationTokenHash: null,
          firstLoginCompleted: false,
          passwordHash: p?.passwordHash ?? null,
          phone: p?.phone || null,
          createdAt: at(e),
          updatedAt: at(e),
        })
        .execute();
    },
    [IDENTITY_EVENTS.EmailVerificationRequested]: async (e, tx) => {
      const d = e.data as EmailVerificationRequestedData;
      await users(tx).update({ verificationTokenHash: d.tokenHash, updatedAt: at(e) }).where({ id: d.userId }).execute();
    },
    [IDENTITY_EVENTS.EmailVerified]: async (e, tx) => {
      await users(tx).update({ verified: true, verificationTokenHash: null, updatedAt: at(e) }).where({ id: userIdOf(e) }).execute();
    },
    [IDENTITY_EVENTS.ProfileCompleted]: async (e, tx) => {
      const p = personal(e);
      await users(tx)
        .update({
          firstLoginCompleted: true,
          // No name in the event (or an erased one): the name stays as it was (the SQL's COALESCE).
          ...(p?.fullName != null ? { fullName: p.fullName } : {}),
          phone: p?.phone ?? null,
          address: p?.address ?? null,
          dateOfBirth: p?.dateOfBirth ?? null,
          emergencyContactName: p?.emergencyContactName ?? null,
          emergencyContactPhone: p?.emergencyContactPhone ?? null,
          updatedAt: at(e),
        })
        .where({ id: userIdOf(e) })
        .execute();
    },
    [IDENTITY_EVENTS.PasswordChanged]: async (e, tx) => {
      await users(tx).update({ passwordHash: personal(e)?.passwordHash ?? null, updatedAt: at(e) }).where({ id: userIdOf(e) }).execute();
    },
    [IDENTITY_EVENTS.RoleAssigned]: async (e, tx) => {
      const d = e.data as { userId: string; role: Role };
      await users(tx).update({ role: d.role, updatedAt: at(e) }).where({ id: d.userId }).execute();
      await sessionsEnded(tx, d.userId);
    },
    [IDENTITY_EVENTS.StudentContactUpdated]: async (e, tx) => {
      const p = personal(e);
      await users(tx)
        .update({ ...(p?.fullName != null ? { fullName: p.fullName } : {}), phone: p?.phone ?? null, address: p?.address ?? null, updatedAt: at(e) })
        .where({ id: userIdOf(e) })
        .execute();
    },
    [IDENTITY_EVENTS.NotificationPreferencesChanged]: async (e, tx) => {
      const d = e.data as NotificationPreferencesChangedData;
      await users(tx).update({ notificationPreferences: d.preferences, updatedAt: at(e) }).where({ id: d.userId }).execute();
    },
    // The row and every personal copy in it go with the user (ADR 0003: read models honour erasure).
    [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
      await users(tx).delete().where({ id: userIdOf(e) }).execute();
      await sessionsEnded(tx, userIdOf(e));
    },
  }),
};
