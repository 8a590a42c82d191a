// notifications: who can be told (recipients, from identity's integration events) and what each user
// has been told (inbox, from the other contexts' in-app templates), in log order. A notice is written
// by the projection rather than by a queue worker because it needs no outside system: in the same
// transaction as the checkpoint it happens exactly once per (event, user), and a rebuild or an
// audit replay writes the same inbox, read marks included (they are events too). A notice that names a
// person keeps whom it names (`about_subject`) until that person is erased; then its body becomes the
// template's erased wording, the same text a replay after the erasure writes (ADR 0014).
import type { InAppTemplates, SubjectErasures } from '@academy/backend';
import type { EventHandler, Projection, ProjectionTx, StoredEvent } from '@academy/event-store';
import {
  IDENTITY_EVENTS,
  NOTIFICATIONS_EVENTS,
  type NotificationPreferencesChangedEventData,
  type NotificationsReadData,
  type RoleAssignedEventData,
  type UserDeletedEventData,
  type UserNameChangedEventData,
  type UserNameChangedEventPersonal,
  type UserRegisteredEventData,
  type UserRegisteredEventPersonal,
} from '@academy/contracts';
import { sqlDirectory } from './directory.js';
import { NOTIFICATIONS_PROJECTION } from './names.js';

const personal = <T>(e: StoredEvent) => (e.personal?.data ?? null) as Partial<T> | null;

/** Every notice that names one of these subjects now reads as its erased wording and names nobody. */
async function forgetInNotices(tx: ProjectionTx, subjectIds: string[]): Promise<void> {
  if (subjectIds.length === 0) return;
  await tx.query('UPDATE inbox SET body = erased_body, erased_body = NULL, about_subject = NULL WHERE about_subject = ANY($1)', [subjectIds]);
}

const own: Record<string, EventHandler> = {
  [IDENTITY_EVENTS.UserRegistered]: async (e, tx) => {
    const d = e.data as UserRegisteredEventData;
    const email = personal<UserRegisteredEventPersonal>(e)?.email?.toLowerCase();
    // An erased person is nobody to tell: no row.
    if (!email) return;
    await tx.query(
      `INSERT INTO recipients (user_id, email, full_name, role, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id) DO NOTHING`,
      [d.userId, email, personal<UserRegisteredEventPersonal>(e)?.fullName ?? null, d.role, e.metadata.occurredAt],
    );
  },
  [IDENTITY_EVENTS.RoleAssigned]: async (e, tx) => {
    const d = e.data as RoleAssignedEventData;
    await tx.query('UPDATE recipients SET role = $2 WHERE user_id = $1', [d.userId, d.role]);
  },
  [IDENTITY_EVENTS.ProfileCompleted]: rename,
  [IDENTITY_EVENTS.StudentContactUpdated]: rename,
  [IDENTITY_EVENTS.NotificationPreferencesChanged]: async (e, tx) => {
    const d = e.data as NotificationPreferencesChangedEventData;
    await tx.query('UPDATE recipients SET preferences = $2 WHERE user_id = $1', [d.userId, JSON.stringify(d.preferences)]);
  },
  // The person and everything they were told go with them, and others' notices stop naming them
  // (a user's data subject is their user id).
  [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
    const { userId } = e.data as UserDeletedEventData;
    await tx.query('DELETE FROM recipients WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM inbox WHERE user_id = $1', [userId]);
    await forgetInNotices(tx, [userId]);
  },
  [NOTIFICATIONS_EVENTS.NotificationsRead]: async (e, tx) => {
    const d = e.data as NotificationsReadData;
    if (d.notificationIds === null) {
      // "All": what had arrived when the user clicked, not notices that came after it.
      await tx.query('UPDATE inbox SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL AND position < $3', [d.userId, e.metadata.occurredAt, e.position]);
    } else {
      await tx.query('UPDATE inbox SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL AND event_id = ANY($3)', [d.userId, e.metadata.occurredAt, d.notificationIds]);
    }
  },
};

async function rename(e: StoredEvent, tx: Parameters<EventHandler>[1]) {
  const name = personal<UserNameChangedEventPersonal>(e)?.fullName;
  if (name) await tx.query('UPDATE recipients SET full_name = $2 WHERE user_id = $1', [(e.data as UserNameChangedEventData).userId, name]);
}

/**
 * The projection, given every context's in-app templates and subject erasures (services/worker/src/registry.ts).
 * A template's notices go only to live recipients; the same event and user never get two.
 */
export function notificationsProjection(templates: InAppTemplates, erasures: SubjectErasures = {}): Projection {
  const handlers: Record<string, EventHandler> = { ...own };
  for (const [type, erased] of Object.entries(erasures)) {
    const before = handlers[type];
    handlers[type] = async (e, tx) => {
      if (before) await before(e, tx);
      await forgetInNotices(tx, erased(e));
    };
  }
  for (const [type, template] of Object.entries(templates)) {
    const before = handlers[type];
    handlers[type] = async (e, tx) => {
      if (before) await before(e, tx);
      const notices = await template(e, { directory: sqlDirectory((text, params) => tx.query(text, params), 'recipients') });
      for (const n of notices) {
        await tx.query(
          `INSERT INTO inbox (event_id, user_id, position, title, body, link, created_at, about_subject, erased_body)
           SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9 WHERE EXISTS (SELECT 1 FROM recipients WHERE user_id = $2)
           ON CONFLICT (user_id, event_id) DO NOTHING`,
          [e.id, n.userId, e.position, n.title, n.body, n.link ?? null, e.metadata.occurredAt, n.about?.subjectId ?? null, n.about?.erasedBody ?? null],
        );
      }
    };
  }
  return {
    name: NOTIFICATIONS_PROJECTION,
    // v2: notices remember whom they name (about_subject, erased_body) until that person is erased.
    version: 2,
    async setup(tx) {
      await tx.query(`CREATE TABLE recipients (
        user_id uuid PRIMARY KEY,
        email text NOT NULL,
        full_name text,
        role text NOT NULL,
        preferences jsonb,
        created_at timestamptz NOT NULL
      )`);
      await tx.query('CREATE INDEX recipients_role_idx ON recipients (role)');
      await tx.query(`CREATE TABLE inbox (
        user_id uuid NOT NULL,
        event_id uuid NOT NULL,
        position bigint NOT NULL,
        title text NOT NULL,
        body text NOT NULL,
        link text,
        created_at timestamptz NOT NULL,
        read_at timestamptz,
        about_subject text,
        erased_body text,
        PRIMARY KEY (user_id, event_id)
      )`);
      await tx.query('CREATE INDEX inbox_about_idx ON inbox (about_subject) WHERE about_subject IS NOT NULL');
      await tx.query('CREATE INDEX inbox_user_position_idx ON inbox (user_id, position DESC)');
      await tx.query('CREATE INDEX inbox_unread_idx ON inbox (user_id) WHERE read_at IS NULL');
    },
    handlers,
  };
}
