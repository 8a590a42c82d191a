import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
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
import { pathOf, useApiMutation, useApiQuery } from './api-hooks';

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

/** Polled until the job says it is done. */
const untilDone = (q: { state: { data?: { state: string } } }) => (q.state.data?.state === 'done' ? false : VERIFICATION_POLL_MS);

/** GET /api/audit/chain: head and last verification. */
export const useAuditChainQuery = () => useApiQuery(auditKeys.chain, '/api/audit/chain', auditChainStateSchema);

/** GET /api/audit/events?<query>: one keyset page (`query` already holds the filters and `before`). */
export const useAuditEventsQuery = (query: string) => useApiQuery(auditKeys.events(query), `/api/audit/events${query ? `?${query}` : ''}`, auditEventsResponseSchema);

/** GET /api/audit/events/:position (null: nothing chosen). */
export const useAuditEventQuery = (position: number | null) =>
  useApiQuery(auditKeys.event(position ?? 0), `/api/audit/events/${position}`, auditEventDetailSchema, { enabled: position !== null });

/** POST /api/audit/verifications: answers the job's id. */
export const useRequestVerificationMutation = () =>
  useApiMutation((checkpoint?: SignedCheckpointFile) => ({ path: '/api/audit/verifications', body: checkpoint ? { checkpoint } : {} }), verificationAcceptedSchema);

/**
 * GET /api/audit/verifications/:id, polled until done; then the chain state is read again. Not
 * useApiQuery: the chain is refreshed from inside the read, the moment the job is seen done.
 */
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
    refetchInterval: untilDone,
  });
}

/** GET /api/audit/checkpoints. */
export const useCheckpointsQuery = () => useApiQuery(auditKeys.checkpoints, '/api/audit/checkpoints', auditCheckpointsResponseSchema);

/** POST /api/audit/checkpoints: signs the last verified head. */
export const useSignCheckpointMutation = () =>
  useApiMutation(() => ({ path: '/api/audit/checkpoints', method: 'POST' }), auditCheckpointResponseSchema, {
    onSuccess: (client) => client.invalidateQueries({ queryKey: auditKeys.checkpoints }),
  });

/** GET /api/audit/checkpoints/:id/export: the file's content (the page saves it). */
export const useExportCheckpointMutation = () => useApiMutation((id: string) => ({ path: `/api/audit/checkpoints/${id}/export` }), signedCheckpointSchema);

/** GET /api/audit/why/:view/:id: a value and its causes, newest first (null id: nothing asked yet). */
export const useAuditWhyQuery = (view: AuditWhyView, id: string | null) =>
  useApiQuery(auditKeys.why(view, id ?? ''), pathOf(`/api/audit/why/${view}`, id ?? ''), auditWhyResponseSchema, { enabled: id !== null });

/** GET /api/audit/overview: activity by day, context and type; each projection's and consumer's lag and status. */
export const useAuditOverviewQuery = () => useApiQuery(auditKeys.overview, '/api/audit/overview', auditOverviewSchema);

/**
 * GET /api/audit/as-of?<query>: a screen as it stood at a moment (`query` holds at, view and id; null:
 * nothing asked yet). A past never changes, so an answer is kept while the page is open.
 */
export const useAuditAsOfQuery = (query: string | null) =>
  useApiQuery(auditKeys.asOf(query ?? ''), `/api/audit/as-of?${query ?? ''}`, auditAsOfResponseSchema, { enabled: query !== null, staleTime: Infinity });

/** GET /api/audit/evidence?from=&to=: the signed evidence bundle's text (JSON lines), for a download (recorded as EvidenceExported). */
export const useEvidenceDownload = () => useApiMutation(({ from, to }: { from: number; to: number }) => ({ path: `/api/audit/evidence?from=${from}&to=${to}`, responseType: 'text' }), z.string());

/** POST /api/audit/replays: answers the job's id. */
export const useRequestReplayMutation = () => useApiMutation(() => ({ path: '/api/audit/replays', method: 'POST' }), replayAcceptedSchema);

/** GET /api/audit/replays: the last replay asked for (the page's state when it opens). */
export const useLastReplayQuery = () => useApiQuery(auditKeys.lastReplay, '/api/audit/replays', replayLatestSchema);

/** GET /api/audit/replays/:id, polled like a verification until done. */
export const useReplayQuery = (id: string | null) =>
  useApiQuery(auditKeys.replay(id ?? ''), `/api/audit/replays/${id}`, replayStatusSchema, { enabled: id !== null, refetchInterval: untilDone });
