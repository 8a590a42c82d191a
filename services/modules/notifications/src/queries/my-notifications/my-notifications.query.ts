import { Query } from '@nestjs/cqrs';
import type { NotificationsResponse } from '@academy/contracts';

/** The header bell: one user's newest notices and unread count. */
export class MyNotifications extends Query<NotificationsResponse> {
  constructor(
    readonly userId: string,
    readonly limit: number,
  ) {
    super();
  }
}
