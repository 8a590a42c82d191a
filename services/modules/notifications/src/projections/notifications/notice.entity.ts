import { defineEntity, p } from '@mikro-orm/core';

/**
 * `inbox`: what each user has been told, one row per (user, source event); `position` is the source
 * event's, so the bell's order is the log's. A notice that names a person keeps whom (`aboutSubject`)
 * and its erased wording until that person is erased (ADR 0014). Unqualified like every read entity (ADR 0018).
 */
export const Notice = defineEntity({
  name: 'NotificationsNotice',
  tableName: 'inbox',
  properties: {
    userId: p.uuid().primary(),
    eventId: p.uuid().primary(),
    position: p.bigint('number'),
    title: p.text(),
    body: p.text(),
    link: p.text().nullable(),
    createdAt: p.datetime(),
    readAt: p.datetime().nullable(),
    aboutSubject: p.text().nullable(),
    erasedBody: p.text().nullable(),
  },
  indexes: [
    // Erasure rewrites the notices that name someone.
    { name: 'inbox_about_idx', properties: ['aboutSubject'], where: 'about_subject is not null' },
    // The bell: a user's newest first.
    { name: 'inbox_user_position_idx', columns: [{ name: 'user_id' }, { name: 'position', sort: 'DESC' }] },
    // The unread count and the read marks.
    { name: 'inbox_unread_idx', properties: ['userId'], where: 'read_at is null' },
  ],
});
