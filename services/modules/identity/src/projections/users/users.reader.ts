import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '@academy/backend';
import type { Role, SessionUser } from '@academy/contracts';

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

// Until the worker has set the projection up (first start), its schema does not exist: nobody yet.
async function rowsOrNone<R extends pg.QueryResultRow>(q: Promise<pg.QueryResult<R>>): Promise<R[]> {
  try {
    return (await q).rows;
  } catch (e) {
    if ((e as { code?: string }).code === '42P01' || (e as { code?: string }).code === '3F000') return [];
    throw e;
  }
}

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

  async anyAdmin(): Promise<boolean> {
    const rows = await rowsOrNone(this.pool.query(`SELECT 1 FROM identity_users.users WHERE role = 'admin' LIMIT 1`));
    return rows.length > 0;
  }
}
