import type { QueryClient } from '@tanstack/react-query';
import {
  announcementAudiencesResponseSchema,
  announcementResponseSchema,
  type EditAnnouncementRequest,
  managedAnnouncementsResponseSchema,
  myAnnouncementsResponseSchema,
  type PostAnnouncementRequest,
} from '@academy/contracts';
import { pathOf, useApiMutation, useApiQuery } from './api-hooks';

export const announcementKeys = {
  all: ['announcements'] as const,
  mine: ['announcements', 'mine'] as const,
  managed: ['announcements', 'managed'] as const,
  audiences: ['announcements', 'audiences'] as const,
};

/** How often a dashboard's pinned posts are asked again while it is open (as the bell). */
export const ANNOUNCEMENTS_POLL_MS = 30_000;

/** GET /api/announcements/mine: the live posts addressed to the caller (pinned on the dashboard). */
export const useMyAnnouncementsQuery = () => useApiQuery(announcementKeys.mine, '/api/announcements/mine', myAnnouncementsResponseSchema, { refetchInterval: ANNOUNCEMENTS_POLL_MS });

/** GET /api/announcements: the posts the caller manages (all of them for an admin). */
export const useManagedAnnouncementsQuery = () => useApiQuery(announcementKeys.managed, '/api/announcements', managedAnnouncementsResponseSchema);

/** GET /api/announcements/audiences: what the post form offers the caller. */
export const useAnnouncementAudiencesQuery = () => useApiQuery(announcementKeys.audiences, '/api/announcements/audiences', announcementAudiencesResponseSchema);

/** Every change of a post answers { message, announcement } and refreshes every list of posts. */
const refreshAnnouncements = { onSuccess: (client: QueryClient) => client.invalidateQueries({ queryKey: announcementKeys.all }) };

/** POST /api/announcements. */
export const usePostAnnouncementMutation = () => useApiMutation((body: PostAnnouncementRequest) => ({ path: '/api/announcements', body }), announcementResponseSchema, refreshAnnouncements);
/** PUT /api/announcements/:id. */
export const useEditAnnouncementMutation = () =>
  useApiMutation(({ id, ...body }: EditAnnouncementRequest & { id: string }) => ({ path: pathOf('/api/announcements', id), method: 'PUT', body }), announcementResponseSchema, refreshAnnouncements);
/** POST /api/announcements/:id/withdraw. */
export const useWithdrawAnnouncementMutation = () =>
  useApiMutation((id: string) => ({ path: pathOf('/api/announcements', id, '/withdraw'), method: 'POST' }), announcementResponseSchema, refreshAnnouncements);
