// The notifications context's UI copy: messages and labels the frontends show and the API sends (spec §8).
export const NOTIFICATION_MESSAGES = {
  empty: 'No notifications yet',
  markAllRead: 'Mark all as read',
  loadFailed: 'Could not load notifications',
} as const;
