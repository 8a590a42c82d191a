import {
  accountSessionsResponseSchema,
  messageResponseSchema,
  notificationPreferencesResponseSchema,
  signOutOthersResponseSchema,
  type ChangePasswordRequest,
  type NotificationPreferences,
} from '@academy/contracts';
import { useApiMutation, useApiQuery } from './api-hooks';

export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  notificationPreferences: ['account', 'notification-preferences'] as const,
};

/** POST /api/account/password; the API ends the user's other sessions, so the list is read again. */
export const useChangePasswordMutation = () =>
  useApiMutation((body: ChangePasswordRequest) => ({ path: '/api/account/password', body }), messageResponseSchema, {
    onSuccess: (client) => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });

/** GET /api/account/sessions: the user's signed-in sessions, the current one marked. */
export const useAccountSessionsQuery = () => useApiQuery(accountKeys.sessions, '/api/account/sessions', accountSessionsResponseSchema);

/** POST /api/account/sessions/sign-out-others. */
export const useSignOutOthersMutation = () =>
  useApiMutation(() => ({ path: '/api/account/sessions/sign-out-others', method: 'POST' }), signOutOthersResponseSchema, {
    onSuccess: (client) => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });

/** GET /api/account/notification-preferences. */
export const useNotificationPreferencesQuery = () =>
  useApiQuery(accountKeys.notificationPreferences, '/api/account/notification-preferences', notificationPreferencesResponseSchema.transform((answer) => answer.preferences));

/** PUT /api/account/notification-preferences with the whole set. */
export const useSaveNotificationPreferencesMutation = () =>
  useApiMutation((preferences: NotificationPreferences) => ({ path: '/api/account/notification-preferences', method: 'PUT', body: preferences }), notificationPreferencesResponseSchema, {
    onSuccess: (client, answer) => client.setQueryData(accountKeys.notificationPreferences, answer.preferences),
  });
