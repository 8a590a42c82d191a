// notifications: who can be told (recipients, from identity's integration events) and what each user
// has been told (inbox, from the other contexts' in-app templates), in log order. A notice is written
// by the projection rather than by a queue worker because it needs no outside system: in the same
// transaction as the checkpoint it happens exactly once per (event, user), and a rebuild or an
// audit replay writes the same inbox, read marks included (they are events too). A notice that names a
// person keeps whom it names (`about_subject`) until that person is erased; then its body becomes the
// template's erased wording, the same text a replay after the erasure writes (ADR 0014).
import { raw } from '@mikro-orm/postgresql';
import type { InAppNotice, InAppTemplates, SubjectErasures } from '@academy/backend';
import { instant, type EventHandler, type Projection, type ProjectionTx, type StoredEvent, withTables } from '@academy/event-store';
import {
  IDENTITY_EVENTS,
  NotificationPreferencesChangedV1,
  NOTIFICATIONS_EVENTS,
  ProfileCompletedV1,
  publishedEventFor,
  RoleAssignedV1,
  StudentContactUpdatedV1,
  type NotificationsReadData,
  UserDeletedV1,
  UserRegisteredV1,
} from '@academy/contracts';
import { ormDirectory } from './directory.js';
import { NOTIFICATIONS_PROJECTION } from './names.js';
import { Notice } from './notice.entity.js';
import { notificationsOrm } from './notifications.orm.js';
import { Recipient } from './recipient.entity.js';

// Set-based statements through the QueryBuilder of the transaction's EntityManager (tx.em): one
// statement per change, as before, with no entity loaded into the identity map.
const recipients = (tx: ProjectionTx) => tx.em.createQueryBuilder(Recipient);
const notices = (tx: ProjectionTx) => tx.em.createQueryBuilder(Notice);

/** Every notice that names one of these subjects now reads as its erased wording and names nobody. */
async function forgetInNotices(tx: ProjectionTx, subjectIds: string[]): Promise<void> {
  if (subjectIds.length === 0) return;
  await notices(tx)
    .update({ body: raw('erased_body'), erasedBody: null, aboutSubject: null })
    .where({ aboutSubject: { $in: subjectIds } })
    .execute();
}

const own: Record<string, EventHandler> = {
  [IDENTITY_EVENTS.UserRegistered]: async (e, tx) => {
    const d = UserRegisteredV1.parse(e);
    const p = UserRegisteredV1.personal(e);
    const email = p?.email.toLowerCase();
    // An erased person is nobody to tell: no row.
    if (!email) return;
    await recipients(tx)
      .insert({ userId: d.userId, email, fullName: p?.fullName ?? null, role: d.role, createdAt: instant(e.metadata.occurredAt) })
      .onConflict('userId')
      .ignore()
      .execute();
  },
  [IDENTITY_EVENTS.RoleAssigned]: async (e, tx) => {
    const d = RoleAssignedV1.parse(e);
    await recipients(tx).update({ role: d.role }).where({ userId: d.userId }).execute();
  },
  [IDENTITY_EVENTS.ProfileCompleted]: rename,
  [IDENTITY_EVENTS.StudentContactUpdated]: rename,
  [IDENTITY_EVENTS.NotificationPreferencesChanged]: async (e, tx) => {
    const d = NotificationPreferencesChangedV1.parse(e);
    await recipients(tx).update({ preferences: d.preferences }).where({ userId: d.userId }).execute();
  },
  // The person and everything they were told go with them, and others' notices stop naming them
  // (a user's data subject is their user id).
  [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
    const { userId } = UserDeletedV1.parse(e);
    await recipients(tx).delete().where({ userId }).execute();
    await notices(tx).delete().where({ userId }).execute();
    await forgetInNotices(tx, [userId]);
  },
  [NOTIFICATIONS_EVENTS.NotificationsRead]: async (e, tx) => {
    // The notifications context's own internal event (not published).
    const d = e.data as NotificationsReadData;
    const readAt = instant(e.metadata.occurredAt);
    if (d.notificationIds === null) {
      // "All": what had arrived when the user clicked, not notices that came after it.
      await notices(tx).update({ readAt }).where({ userId: d.userId, readAt: null, position: { $lt: e.position } }).execute();
    } else {
      await notices(tx).update({ readAt }).where({ userId: d.userId, readAt: null, eventId: { $in: d.notificationIds } }).execute();
    }
  },
};

async function rename(e: StoredEvent, tx: ProjectionTx) {
  const event = publishedEventFor([ProfileCompletedV1, StudentContactUpdatedV1], e);
  const name = event.personal(e)?.fullName;
  if (name) await recipients(tx).update({ fullName: name }).where({ userId: event.parse(e).userId }).execute();
}

/** Writes a template's notices: only to live recipients, each (event, user) once. */
async function tell(tx: ProjectionTx, e: StoredEvent, list: InAppNotice[]): Promise<void> {
  if (list.length === 0) return;
  const live = await recipients(tx)
    .select('userId')
    .where({ userId: { $in: [...new Set(list.map((n) => n.userId))] } })
    .execute('all');
  const known = new Set(live.map((r) => r.userId));
  for (const n of list) {
    if (!known.has(n.userId)) continue;
    await notices(tx)
      .insert({
        eventId: e.id,
        userId: n.userId,
        position: e.position,
        title: n.title,
        body: n.body,
        link: n.link ?? null,
        createdAt: instant(e.metadata.occurredAt),
        aboutSubject: n.about?.subjectId ?? null,
        erasedBody: n.about?.erasedBody ?? null,
      })
      .onConflict(['userId', 'eventId'])
      .ignore()
      .execute();
  }
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
      await tell(tx, e, await template(e, { directory: ormDirectory(tx.em) }));
    };
  }
  return {
    name: NOTIFICATIONS_PROJECTION,
    // v2: notices remember whom they name (about_subject, erased_body) until that person is erased.
    // Still v2 on MikroORM (ADR 0018): its migration makes exactly the tables v2's SQL made (same
    // columns, types, order and indexes) and the handlers write the same rows, so a live v2 stays.
    version: 2,
    orm: notificationsOrm,
    handlers: withTables({ writes: ['recipients', 'inbox'] }, handlers),
  };
}
