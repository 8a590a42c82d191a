// identity_users: one row per live account, read by sign-in, /auth/me, verification and setup.
// It holds decrypted personal data and the password hash: a user's row is deleted with the user, and
// a replay after erasure rebuilds it without their personal fields. Version 2: phone given at creation,
// student contact edits, notification preferences.
import type { Projection, ProjectionTx, StoredEvent } from '@academy/event-store';
import { SESSION_ENDED_CHANNEL } from '../../sessions/live-sessions.js';
import { IDENTITY_EVENTS } from '@academy/contracts';
import type { EmailVerificationRequestedData, NotificationPreferencesChangedData, UserRegisteredData } from '../../domain/user.js';

export const USERS_PROJECTION = 'identity_users';

/**
 * Sessions are checked against this table's role (a token names the role it was issued for): when the
 * role changes or the user goes, every API process forgets what it remembered of the user's sessions
 * (LiveSessions, ADR 0009), at the commit that makes the change visible.
 */
const sessionsEnded = (tx: ProjectionTx, userId: string) => tx.query(`SELECT pg_notify('${SESSION_ENDED_CHANNEL}', $1)`, [`user:${userId}`]);

const personal = (e: StoredEvent) => (e.personal?.data ?? null) as Record<string, string> | null;

export const usersProjection: Projection = {
  name: USERS_PROJECTION,
  version: 2,
  async setup(tx) {
    await tx.query(`CREATE TABLE users (
      id uuid PRIMARY KEY,
      email text UNIQUE,
      email_hash char(64) NOT NULL UNIQUE,
      full_name text,
      role text NOT NULL,
      self_registered boolean NOT NULL,
      verified boolean NOT NULL,
      verification_token_hash char(64) UNIQUE,
      first_login_completed boolean NOT NULL DEFAULT false,
      password_hash text,
      phone text,
      address text,
      date_of_birth date,
      emergency_contact_name text,
      emergency_contact_phone text,
      notification_preferences jsonb,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    await tx.query('CREATE INDEX users_role_idx ON users (role)');
    await tx.query('CREATE INDEX users_created_at_idx ON users (created_at DESC)');
  },
  handlers: {
    [IDENTITY_EVENTS.UserRegistered]: async (e, tx) => {
      const d = e.data as UserRegisteredData;
      const p = personal(e);
      await tx.query(
        `INSERT INTO users (id, email, email_hash, full_name, role, self_registered, verified, verification_token_hash, password_hash, phone, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
        [d.userId, p?.email?.toLowerCase() ?? null, d.emailHash, p?.fullName ?? null, d.role, d.selfRegistered, !d.selfRegistered, null, p?.passwordHash ?? null, p?.phone || null, e.metadata.occurredAt],
      );
    },
    [IDENTITY_EVENTS.EmailVerificationRequested]: async (e, tx) => {
      const d = e.data as EmailVerificationRequestedData;
      await tx.query('UPDATE users SET verification_token_hash = $2, updated_at = $3 WHERE id = $1', [d.userId, d.tokenHash, e.metadata.occurredAt]);
    },
    [IDENTITY_EVENTS.EmailVerified]: async (e, tx) => {
      await tx.query('UPDATE users SET verified = true, verification_token_hash = NULL, updated_at = $2 WHERE id = $1', [(e.data as { userId: string }).userId, e.metadata.occurredAt]);
    },
    [IDENTITY_EVENTS.ProfileCompleted]: async (e, tx) => {
      const p = personal(e);
      await tx.query(
        `UPDATE users SET first_login_completed = true, full_name = COALESCE($2, full_name), phone = $3, address = $4, date_of_birth = $5,
           emergency_contact_name = $6, emergency_contact_phone = $7, updated_at = $8 WHERE id = $1`,
        [(e.data as { userId: string }).userId, p?.fullName ?? null, p?.phone ?? null, p?.address ?? null, p?.dateOfBirth ?? null, p?.emergencyContactName ?? null, p?.emergencyContactPhone ?? null, e.metadata.occurredAt],
      );
    },
    [IDENTITY_EVENTS.PasswordChanged]: async (e, tx) => {
      await tx.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [(e.data as { userId: string }).userId, personal(e)?.passwordHash ?? null, e.metadata.occurredAt]);
    },
    [IDENTITY_EVENTS.RoleAssigned]: async (e, tx) => {
      const d = e.data as { userId: string; role: string };
      await tx.query('UPDATE users SET role = $2, updated_at = $3 WHERE id = $1', [d.userId, d.role, e.metadata.occurredAt]);
      await sessionsEnded(tx, d.userId);
    },
    [IDENTITY_EVENTS.StudentContactUpdated]: async (e, tx) => {
      const p = personal(e);
      await tx.query('UPDATE users SET full_name = COALESCE($2, full_name), phone = $3, address = $4, updated_at = $5 WHERE id = $1', [
        (e.data as { userId: string }).userId,
        p?.fullName ?? null,
        p?.phone ?? null,
        p?.address ?? null,
        e.metadata.occurredAt,
      ]);
    },
    [IDENTITY_EVENTS.NotificationPreferencesChanged]: async (e, tx) => {
      const d = e.data as NotificationPreferencesChangedData;
      await tx.query('UPDATE users SET notification_preferences = $2, updated_at = $3 WHERE id = $1', [d.userId, JSON.stringify(d.preferences), e.metadata.occurredAt]);
    },
    // The row and every personal copy in it go with the user (ADR 0003: read models honour erasure).
    [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
      await tx.query('DELETE FROM users WHERE id = $1', [(e.data as { userId: string }).userId]);
      await sessionsEnded(tx, (e.data as { userId: string }).userId);
    },
  },
};
