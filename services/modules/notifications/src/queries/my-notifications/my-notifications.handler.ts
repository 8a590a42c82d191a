// The bell's read: the caller's newest notices and unread count, from the read schema's views onto
// the live version of the notifications projection (ADR 0004), through MikroORM (ADR 0018).
import { QueryHandler } from '@nestjs/cqrs';
import { orNone, readModelEm, ReadModelQueryHandler } from '@academy/backend';
import type { NotificationsResponse } from '@academy/contracts';
import { NOTIFICATIONS_PROJECTION } from '../../projections/notifications/names.js';
import { Notice } from '../../projections/notifications/notice.entity.js';
import { MyNotifications } from './my-notifications.query.js';

@QueryHandler(MyNotifications)
export class MyNotificationsHandler extends ReadModelQueryHandler<MyNotifications> {
  async execute({ userId, limit }: MyNotifications): Promise<NotificationsResponse> {
    const read = readModelEm(this.em, NOTIFICATIONS_PROJECTION);
    // Before the worker first ran the projection its schema does not exist: nobody has been told anything yet.
    const [list, unread] = await Promise.all([
      orNone(
        read.find(Notice, { userId }, { fields: ['eventId', 'title', 'body', 'link', 'createdAt', 'readAt'], orderBy: { position: 'desc' }, limit, disableIdentityMap: true }),
        [],
      ),
      orNone(read.count(Notice, { userId, readAt: null }), 0),
    ]);
    return {
      unread,
      notifications: list.map((n) => ({ id: n.eventId, title: n.title, body: n.body, link: n.link ?? null, createdAt: n.createdAt.toISOString(), read: n.readAt != null })),
    };
  }
}
