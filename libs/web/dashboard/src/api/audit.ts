import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  auditChainStateSchema,
  auditCheckpointResponseSchema,
  auditCheckpointsResponseSchema,
  auditEventDetailSchema,
  auditEventsResponseSchema,
  auditWhyResponseSchema,
  auditAsOfResponseSchema,
  auditOverviewSchema,
  type AuditWhyView,
  signedCheckpointSchema,
  verificationAcceptedSchema,
  replayAcceptedSchema,
  replayLatestSchema,
  replayStatusSchema,
  verificationStatusSchema,
  type SignedCheckpointFile,
} from '@academy/contracts';
import { useSession } from '@academy/web-session';

// The auditor's dashboard (issue 16): every read here is recorded by the API as AuditTrailViewed.

export const auditKeys = {
  chain: ['audit', 'chain'] as const,
  events: (query: string) => ['audit', 'events', query] as const,
  event: (position: number) => ['audit', 'event', position] as const,
  verification: (id: string) => ['audit', 'verification', id] as const,
  checkpoints: ['audit', 'checkpoints'] as const,
  overview: ['audit', 'overview'] as const,
  why: (view: string, id: string) => ['audit', 'why', view, id] as const,
  asOf: (query: string) => ['audit', 'as-of', query] as const,
  replay: (id: string) => ['audit', 'replay', id] as const,
  lastReplay: ['audit', 'replay-latest'] as const,
};

/** How often a running verification is asked for its progress. */
export const VERIFICATION_POLL_MS = 500;

/** GET /api/audit/chain: head and last verification. */
export function useAuditChainQuery() {
  const { fetch } = useSession();
  return useQuery({ queryKey: auditKeys.chain, queryFn: async ({ signal }) => auditChainStateSchema.parse(await fetch('/api/audit/chain', { signal })) });
}

/** GET /api/audit/events?<query>: one keyset page (`query` already holds the filters and `before`). */
export function useAuditEventsQuery(query: string) {
  const { fetch } = useSession();
  return useQuery({ queryKey: auditKeys.events(query), queryFn: async ({ signal }) => auditEventsResponseSchema.parse(await fetch(`/api/audit/events${query ? `?${query}` : ''}`, { signal })) });
}

/** GET /api/audit/events/:position (null: nothing chosen). */
export function useAuditEventQuery(position: number | null) {
  const { fetch } = useSession();
  return useQuery({
    queryKey: auditKeys.event(position ?? 0),
    enabled: position !== null,
    queryFn: async ({ signal }) => auditEventDetailSchema.parse(await fetch(`/api/audit/events/${position}`, { signal })),
  });
}

/** POST /api/audit/verifications: answers the job's id. */
export function useRequestVerificationMutation() {
  const { fetch } = useSession();
  return useMutation({
    mutationFn: async (checkpoint?: SignedCheckpointFile) => verificationAcceptedSchema.parse(await fetch('/api/audit/verifications', { method: 'POST', body: checkpoint ? { checkpoint } : {} })),
  });
}

/** GET /api/audit/verifications/:id, polled until done; then the chain state is read again. */
export function useVerificationQuery(id: string | null) {
  const { fetch } = useSession();
  const client = useQueryClient();
  return useQuery({
    queryKey: auditKeys.verification(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const status = verificationStatusSchema.parse(await fetch(`/api/audit/verifications/${id}`, { signal }));
      if (status.state === 'done') void client.invalidateQueries({ queryKey: auditKeys.chain });
      return status;
    },
    refetchInterval: (q) => (q.state.data?.state === 'done' ? false : VERIFICATION_POLL_MS),
  });
}

/** GET /api/audit/checkpoints. */
export function useCheckpointsQuery() {
  const { fetch } = useSession();
  return useQuery({ queryKey: auditKeys.checkpoints, queryFn: async ({ signal }) => auditCheckpointsResponseSchema.parse(await fetch('/api/audit/checkpoints', { signal })) });
}

/** POST /api/audit/checkpoints: signs the last verified head. */
export function useSignCheckpointMutation() {
  const { fetch } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => auditCheckpointResponseSchema.parse(await fetch('/api/audit/checkpoints', { method: 'POST' })),
    onSuccess: () => client.invalidateQueries({ queryKey: auditKeys.checkpoints }),
  });
}

/** GET /api/audit/checkpoints/:id/export: the file's content (the page saves it). */
export function useExportCheckpointMutation() {
  const { fetch } = useSession();
  return useMutation({ mutationFn: async (id: string) => signedCheckpointSchema.parse(await fetch(`/api/audit/checkpoints/${id}/export`)) });
}

/** GET /api/audit/why/:view/:id: a value and its causes, newest first (null id: nothing asked yet). */
export function useAuditWhyQuery(view: AuditWhyView, id: string | null) {
  const { fetch } = useSession();
  return useQuery({
    queryKey: auditKeys.why(view, id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => auditWhyResponseSchema.parse(await fetch(`/api/audit/why/${view}/${encodeURIComponent(id ?? '')}`, { signal })),
  });
}

/** GET /api/audit/overview: activity by day, context and type; each projection's and consumer's lag and status. */
export function useAuditOverviewQuery() {
  const { fetch } = useSession();
  return useQuery({ queryKey: auditKeys.overview, queryFn: async ({ signal }) => auditOverviewSchema.parse(await fetch('/api/audit/overview', { signal })) });
}

/**
 * GET /api/audit/as-of?<query>: a screen as it stood at a moment (`query` holds at, view and id; null:
 * nothing asked yet). A past never changes, so an answer is kept while the page is open.
 */
export function useAuditAsOfQuery(query: string | null) {
  const { fetch } = useSession();
  return useQuery({
    queryKey: auditKeys.asOf(query ?? ''),
    enabled: query !== null,
    staleTime: Infinity,
    queryFn: async ({ signal }) => auditAsOfResponseSchema.parse(await fetch(`/api/audit/as-of?${query ?? ''}`, { signal })),
  });
}

/** GET /api/audit/evidence?from=&to=: the signed evidence bundle's text (JSON lines), for a download (recorded as EvidenceExported). */
export function useEvidenceDownload() {
  const { fetch } = useSession();
  return useMutation({
    mutationFn: ({ from, to }: { from: number; to: number }) => fetch<string>(`/api/audit/evidence?from=${from}&to=${to}`, { responseType: 'text' }),
  });
}

/** POST /api/audit/replays: answers the job's id. */
export function useRequestReplayMutation() {
  const { fetch } = useSession();
  return useMutation({ mutationFn: async () => replayAcceptedSchema.parse(await fetch('/api/audit/replays', { method: 'POST' })) });
}

/** GET /api/audit/replays: the last replay asked for (the page's state when it opens). */
export function useLastReplayQuery() {
  const { fetch } = useSession();
  return useQuery({ queryKey: auditKeys.lastReplay, queryFn: async ({ signal }) => replayLatestSchema.parse(await fetch('/api/audit/replays', { signal })) });
}

/** GET /api/audit/replays/:id, polled like a verification until done. */
export function useReplayQuery(id: string | null) {
  const { fetch } = useSession();
  return useQuery({
    queryKey: auditKeys.replay(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => replayStatusSchema.parse(await fetch(`/api/audit/replays/${id}`, { signal })),
    refetchInterval: (q) => (q.state.data?.state === 'done' ? false : VERIFICATION_POLL_MS),
  });
}
