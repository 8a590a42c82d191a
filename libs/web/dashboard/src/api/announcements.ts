import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  announcementAudiencesResponseSchema,
  announcementResponseSchema,
  type EditAnnouncementRequest,
  managedAnnouncementsResponseSchema,
  myAnnouncementsResponseSchema,
  type PostAnnouncementRequest,
} from '@academy/contracts';
import { useSession } from '@academy/web-session';

export const announcementKeys = {
  all: ['announcements'] as const,
  mine: ['announcements', 'mine'] as const,
  managed: ['announcements', 'managed'] as const,
  audiences: ['announcements', 'audiences'] as const,
};

/** How often a dashboard's pinned posts are asked again while it is open (as the bell). */
export const ANNOUNCEMENTS_POLL_MS = 30_000;

/** GET /api/announcements/mine: the live posts addressed to the caller (pinned on the dashboard). */
export function useMyAnnouncementsQuery() {
  const { fetch } = useSession();
  return useQuery({
    queryKey: announcementKeys.mine,
    queryFn: async ({ signal }) => myAnnouncementsResponseSchema.parse(await fetch<unknown>('/api/announcements/mine', { signal })),
    refetchInterval: ANNOUNCEMENTS_POLL_MS,
  });
}

/** GET /api/announcements: the posts the caller manages (all of them for an admin). */
export function useManagedAnnouncementsQuery() {
  const { fetch } = useSession();
  return useQuery({
    queryKey: announcementKeys.managed,
    queryFn: async ({ signal }) => managedAnnouncementsResponseSchema.parse(await fetch<unknown>('/api/announcements', { signal })),
  });
}

/** GET /api/announcements/audiences: what the post form offers the caller. */
export function useAnnouncementAudiencesQuery() {
  const { fetch } = useSession();
  return useQuery({
    queryKey: announcementKeys.audiences,
    queryFn: async ({ signal }) => announcementAudiencesResponseSchema.parse(await fetch<unknown>('/api/announcements/audiences', { signal })),
  });
}

function useAnnouncementMutation<V>(request: (fetch: ReturnType<typeof useSession>['fetch'], v: V) => Promise<unknown>) {
  const { fetch } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: V) => announcementResponseSchema.parse(await request(fetch, v)),
    onSuccess: () => client.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

/** POST /api/announcements → { message, announcement }. */
export const usePostAnnouncementMutation = () => useAnnouncementMutation<PostAnnouncementRequest>((fetch, body) => fetch<unknown>('/api/announcements', { method: 'POST', body }));
/** PUT /api/announcements/:id → { message, announcement }. */
export const useEditAnnouncementMutation = () =>
  useAnnouncementMutation<EditAnnouncementRequest & { id: string }>((fetch, { id, ...body }) => fetch<unknown>(`/api/announcements/${encodeURIComponent(id)}`, { method: 'PUT', body }));
/** POST /api/announcements/:id/withdraw → { message, announcement }. */
export const useWithdrawAnnouncementMutation = () =>
  useAnnouncementMutation<string>((fetch, id) => fetch<unknown>(`/api/announcements/${encodeURIComponent(id)}/withdraw`, { method: 'POST' }));
