// The recipient directory over the notifications projection's `recipients` table. The projection
// uses it inside its own transaction (unqualified names, the version being written); the worker's
// mail processor uses it through the pool and the schema's views (`notifications.recipients`).
import type pg from 'pg';
import type { Recipient, RecipientDirectory } from '@academy/backend';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences, type Role } from '@academy/contracts';
import { NOTIFICATIONS_PROJECTION } from './names.js';

type Query = <R extends pg.QueryResultRow>(text: string, params?: unknown[]) => Promise<pg.QueryResult<R>>;

interface RecipientRow {
  user_id: string;
  email: string;
  full_name: string | null;
  role: Role;
  preferences: Partial<NotificationPreferences> | null;
}

const toRecipient = (r: RecipientRow): Recipient => ({
  userId: r.user_id,
  email: r.email,
  fullName: r.full_name,
  role: r.role,
  preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(r.preferences ?? {}) },
});

const COLUMNS = 'user_id, email, full_name, role, preferences';

export function sqlDirectory(query: Query, table: string): RecipientDirectory {
  return {
    async byRoles(roles) {
      if (roles.length === 0) return [];
      const { rows } = await query<RecipientRow>(`SELECT ${COLUMNS} FROM ${table} WHERE role = ANY($1) ORDER BY created_at, user_id`, [roles]);
      return rows.map(toRecipient);
    },
    async byId(userId) {
      const { rows } = await query<RecipientRow>(`SELECT ${COLUMNS} FROM ${table} WHERE user_id = $1`, [userId]);
      return rows[0] ? toRecipient(rows[0]) : null;
    },
  };
}

/** For the worker's mail templates: the live version of the directory, read through the pool. */
export function recipientDirectory(pool: pg.Pool): RecipientDirectory {
  return sqlDirectory((text, params) => pool.query(text, params), `${NOTIFICATIONS_PROJECTION}.recipients`);
}
