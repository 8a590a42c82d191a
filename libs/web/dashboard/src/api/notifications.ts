import { notificationsResponseSchema } from '@academy/contracts';
import { useApiMutation, useApiQuery } from './api-hooks';

export const notificationKeys = { inbox: ['notifications'] as const };

/** How often the bell asks for news while a dashboard is open (and on window focus, TanStack's default). */
export const NOTIFICATIONS_POLL_MS = 30_000;

/** GET /api/notifications: the caller's newest notices and unread count. */
export const useNotificationsQuery = () => useApiQuery(notificationKeys.inbox, '/api/notifications', notificationsResponseSchema, { refetchInterval: NOTIFICATIONS_POLL_MS });

/** POST /api/notifications/read { ids } or /read-all; the answer is the inbox as it now stands. */
export const useMarkNotificationsReadMutation = () =>
  useApiMutation(
    (ids: string[] | 'all') => (ids === 'all' ? { path: '/api/notifications/read-all', method: 'POST' } : { path: '/api/notifications/read', body: { ids } }),
    notificationsResponseSchema,
    { onSuccess: (client, inbox) => client.setQueryData(notificationKeys.inbox, inbox) },
  );
