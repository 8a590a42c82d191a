import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { isUuid, PG_POOL, rowsOrNone } from '@academy/backend';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences, type Role, type SessionUser, type StudentSummary, type UserSummary, type UsersListResponse } from '@academy/contracts';

export interface UserRow {
  id: string;
  email: string | null;
  full_name: string | null;
  role: Role;
  self_registered: boolean;
  verified: boolean;
  first_login_completed: boolean;
  password_hash: string | null;
}

export const toSessionUser = (u: UserRow): SessionUser => ({
  id: u.id,
  email: u.email ?? '',
  fullName: u.full_name ?? '',
  role: u.role,
  firstLoginCompleted: u.first_login_completed,
});

const COLUMNS = 'id, email, full_name, role, self_registered, verified, first_login_completed, password_hash';

/** A row as the staff pages show it. */
export interface AccountRow extends UserRow {
  phone: string | null;
  address: string | null;
  created_at: Date;
  notification_preferences: NotificationPreferences | null;
}
const ACCOUNT_COLUMNS = `${COLUMNS}, phone, address, created_at, notification_preferences`;

export const toUserSummary = (u: AccountRow): UserSummary => ({
  id: u.id,
  email: u.email ?? '',
  fullName: u.full_name ?? '',
  role: u.role,
  createdAt: u.created_at.toISOString(),
  verified: u.verified,
  firstLoginCompleted: u.first_login_completed,
});

export const toStudentSummary = (u: AccountRow): StudentSummary => ({
  id: u.id,
  email: u.email ?? '',
  fullName: u.full_name ?? '',
  phone: u.phone ?? '',
  address: u.address ?? '',
  createdAt: u.created_at.toISOString(),
  firstLoginCompleted: u.first_login_completed,
});

export const preferencesOf = (u: Pick<AccountRow, 'notification_preferences'>): NotificationPreferences => ({ ...DEFAULT_NOTIFICATION_PREFERENCES, ...(u.notification_preferences ?? {}) });

/** Reads of the identity_users projection (the schema's views onto the live version). */
@Injectable()
export class UsersReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async byEmailHash(emailHash: string): Promise<UserRow | null> {
    const rows = await rowsOrNone(this.pool.query<UserRow>(`SELECT ${COLUMNS} FROM identity_users.users WHERE email_hash = $1`, [emailHash]));
    return rows[0] ?? null;
  }

  async byId(id: string): Promise<UserRow | null> {
    const rows = await rowsOrNone(this.pool.query<UserRow>(`SELECT ${COLUMNS} FROM identity_users.users WHERE id = $1`, [id]));
    return rows[0] ?? null;
  }

  async idByVerificationHash(tokenHash: string): Promise<string | null> {
    const rows = await rowsOrNone(this.pool.query<{ id: string }>('SELECT id FROM identity_users.users WHERE verification_token_hash = $1', [tokenHash]));
    return rows[0]?.id ?? null;
  }

  /** Live accounts only: a deleted user's row is gone (the projection deletes it). */
  async account(id: string): Promise<AccountRow | null> {
    if (!isUuid(id)) return null;
    const rows = await rowsOrNone(this.pool.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM identity_users.users WHERE id = $1`, [id]));
    return rows[0] ?? null;
  }

  /** Every live account, newest first, and the counts per role (one snapshot: one statement). */
  async list(): Promise<UsersListResponse> {
    const rows = await rowsOrNone(this.pool.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM identity_users.users ORDER BY created_at DESC, id DESC`));
    const count = (role: Role) => rows.filter((r) => r.role === role).length;
    return {
      counts: { total: rows.length, admins: count('admin'), teachers: count('teacher'), students: count('student'), studentAdmins: count('student_admin') },
      users: rows.map(toUserSummary),
    };
  }

  /** Every live student, by name. */
  async students(): Promise<StudentSummary[]> {
    const rows = await rowsOrNone(
      this.pool.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM identity_users.users WHERE role = 'student' ORDER BY lower(coalesce(full_name, '')), full_name, id`),
    );
    return rows.map(toStudentSummary);
  }

  async anyAdmin(): Promise<boolean> {
    const rows = await rowsOrNone(this.pool.query(`SELECT 1 FROM identity_users.users WHERE role = 'admin' LIMIT 1`));
    return rows.length > 0;
  }
}
