import { UserQuery } from '@academy/backend';
import type { NotificationPreferences } from '@academy/contracts';

/** Settings → notifications: the caller's saved preferences, DEFAULT_NOTIFICATION_PREFERENCES until first saved. */
export class GetNotificationPreferences extends UserQuery<{ preferences: NotificationPreferences }> {}
