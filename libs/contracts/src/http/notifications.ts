import { z } from 'zod';

export const notificationSchema = z.object({
  /** The id of the event the notice is about (one notice per event and user). */
  id: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications?limit= (any signed-in user; only their own) → newest first, plus the unread count. */
export const notificationsQuerySchema = z.object({
  limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(100, 'Limit must be at most 100').default(20),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;
export const notificationsResponseSchema = z.object({ unread: z.number().int(), notifications: z.array(notificationSchema) });
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/**
 * POST /api/notifications/read { ids } → 200 NotificationsResponse (the caller's own notices only;
 * ids of notices they don't have are ignored). POST /api/notifications/read-all → 200 the same.
 */
export const markNotificationsReadRequestSchema = z.object({
  ids: z.array(z.uuid({ error: 'Each id must be a notification id' }), { error: 'Give the ids to mark as read' }).min(1, 'Give at least one id').max(100, 'At most 100 ids at once'),
});
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadRequestSchema>;
