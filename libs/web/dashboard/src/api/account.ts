import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountSessionsResponseSchema,
  messageResponseSchema,
  notificationPreferencesResponseSchema,
  signOutOthersResponseSchema,
  type ChangePasswordRequest,
  type NotificationPreferences,
} from '@academy/contracts';
import { useSession } from '@academy/web-session';

export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  notificationPreferences: ['account', 'notification-preferences'] as const,
};

/** POST /api/account/password; the API ends the user's other sessions, so the list is read again. */
export function useChangePasswordMutation() {
  const { fetch } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: ChangePasswordRequest) => messageResponseSchema.parse(await fetch<unknown>('/api/account/password', { method: 'POST', body: request })),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** GET /api/account/sessions: the user's signed-in sessions, the current one marked. */
export function useAccountSessionsQuery() {
  const { fetch } = useSession();
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: async ({ signal }) => accountSessionsResponseSchema.parse(await fetch<unknown>('/api/account/sessions', { signal })),
  });
}

/** POST /api/account/sessions/sign-out-others. */
export function useSignOutOthersMutation() {
  const { fetch } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => signOutOthersResponseSchema.parse(await fetch<unknown>('/api/account/sessions/sign-out-others', { method: 'POST' })),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** GET /api/account/notification-preferences. */
export function useNotificationPreferencesQuery() {
  const { fetch } = useSession();
  return useQuery({
    queryKey: accountKeys.notificationPreferences,
    queryFn: async ({ signal }) => notificationPreferencesResponseSchema.parse(await fetch<unknown>('/api/account/notification-preferences', { signal })).preferences,
  });
}

/** PUT /api/account/notification-preferences with the whole set. */
export function useSaveNotificationPreferencesMutation() {
  const { fetch } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: NotificationPreferences) =>
      notificationPreferencesResponseSchema.parse(await fetch<unknown>('/api/account/notification-preferences', { method: 'PUT', body: preferences })),
    onSuccess: (answer) => client.setQueryData(accountKeys.notificationPreferences, answer.preferences),
  });
}
