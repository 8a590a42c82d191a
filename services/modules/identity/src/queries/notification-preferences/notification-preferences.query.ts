import { Query } from '@nestjs/cqrs';
import type { NotificationPreferences } from '@academy/contracts';

/** Settings → notifications: the caller's saved preferences, DEFAULT_NOTIFICATION_PREFERENCES until first saved. */
export class GetNotificationPreferences extends Query<{ preferences: NotificationPreferences }> {
  constructor(readonly userId: string) {
    super();
  }
}
