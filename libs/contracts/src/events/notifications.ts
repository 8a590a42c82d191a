// The notifications context's published events: what other contexts may consume (ADR 0017).
export const NOTIFICATIONS_EVENTS = {
  /** The user read some notices (ids) or all they had up to that point (ids null). Stream `inbox-<userId>`. */
  NotificationsRead: 'NotificationsRead',
} as const;

export interface NotificationsReadData {
  userId: string;
  /** Source event ids of the notices read, or null for "everything received so far". */
  notificationIds: string[] | null;
}
