import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsResponseSchema, type NotificationsResponse } from '@academy/contracts';
import { useSession } from '@academy/web-session';

export const notificationKeys = { inbox: ['notifications'] as const };

/** How often the bell asks for news while a dashboard is open (and on window focus, TanStack's default). */
export const NOTIFICATIONS_POLL_MS = 30_000;

/** GET /api/notifications: the caller's newest notices and unread count. */
export function useNotificationsQuery() {
  const { fetch } = useSession();
  return useQuery({
    queryKey: notificationKeys.inbox,
    queryFn: async ({ signal }) => notificationsResponseSchema.parse(await fetch<unknown>('/api/notifications', { signal })),
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });
}

/** POST /api/notifications/read { ids } or /read-all; the answer is the inbox as it now stands. */
export function useMarkNotificationsReadMutation() {
  const { fetch } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[] | 'all') =>
      notificationsResponseSchema.parse(
        ids === 'all'
          ? await fetch<unknown>('/api/notifications/read-all', { method: 'POST' })
          : await fetch<unknown>('/api/notifications/read', { method: 'POST', body: { ids } }),
      ),
    onSuccess: (inbox: NotificationsResponse) => client.setQueryData(notificationKeys.inbox, inbox),
  });
}
