import { keepPreviousData, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  admissionsCountsSchema,
  convertProspectAnswerSchema,
  eraseProspectResponseSchema,
  prospectResponseSchema,
  prospectsResponseSchema,
  type Prospect,
  type ProspectKind,
  type ProspectStatus,
} from '@academy/contracts';
import { pathOf, useApiMutation, useApiQuery, type AnswerSchema } from '../api/api-hooks';
import { refreshAccounts } from '../api/user-admin';
import { notificationKeys } from '../api/notifications';

/** What the Prospective page asks for: the kind of message, a status (or every one) and a search text. */
export interface ProspectFilter {
  kind: ProspectKind;
  status: ProspectStatus | null;
  q: string;
}

/** Cache keys of the admissions answers; `all` prefixes every list and the counts, for invalidation. */
export const admissionsKeys = {
  all: ['admissions'] as const,
  counts: ['admissions', 'counts'] as const,
  prospects: (filter: ProspectFilter) => ['admissions', 'prospects', filter.kind, filter.status ?? 'all', filter.q.trim()] as const,
};

/** The query string of GET /api/admissions/prospects for `filter` (prospectsQuerySchema): empty parts are left out. */
export function prospectsUrl(filter: ProspectFilter): string {
  const params = new URLSearchParams({ kind: filter.kind });
  if (filter.status) params.set('status', filter.status);
  const q = filter.q.trim();
  if (q) params.set('q', q);
  return `/api/admissions/prospects?${params.toString()}`;
}

/**
 * A status change shows in every list (another filter may now hold the row) and in the counts. The
 * lists on screen are read again; the cached lists of other filters are dropped, not just marked
 * stale: shown again (the search box settling, a filter changed back) they would first show the row
 * as it was before the change, and an action taken on it then would carry the old version (409).
 */
export function refreshAdmissions(client: QueryClient): Promise<unknown> {
  client.removeQueries({ queryKey: admissionsKeys.all, type: 'inactive' });
  return client.invalidateQueries({ queryKey: admissionsKeys.all });
}

/** GET /api/admissions/prospects (admin, student_admin), newest first. While a new filter loads, the last list stays. */
export const useProspectsQuery = (filter: ProspectFilter) => useApiQuery(admissionsKeys.prospects(filter), prospectsUrl(filter), prospectsResponseSchema, { placeholderData: keepPreviousData });

/** GET /api/admissions/counts (admin, student_admin): the dashboards' pending figures. */
export const useAdmissionsCountsQuery = () => useApiQuery(admissionsKeys.counts, '/api/admissions/counts', admissionsCountsSchema);

const prospectPath = (prospect: Prospect, action: 'contacted' | 'decline' | 'convert' | 'erase') => pathOf('/api/admissions/prospects', prospect.id, `/${action}`);

/**
 * Reads the lists and counts again. After a refusal (409: someone else changed the prospect) the
 * screen calls it when the user has read the message, so the row shows where the prospect now stands
 * without pulling an open dialog from under them.
 */
export function useRefreshAdmissions(): () => Promise<unknown> {
  const client = useQueryClient();
  return () => refreshAdmissions(client);
}

/**
 * A pipeline step on one prospect. The version the list showed goes along, so a change someone else
 * made meanwhile is refused (409) instead of overwritten; on success the lists and counts are read
 * again before the step resolves (read-your-writes on screen).
 */
const useProspectStep = <T>(action: 'contacted' | 'decline' | 'convert', schema: AnswerSchema<T>, alsoRefresh: (client: QueryClient) => Promise<unknown> = () => Promise.resolve()) =>
  useApiMutation((prospect: Prospect) => ({ path: prospectPath(prospect, action), body: { expectedVersion: prospect.version } }), schema, {
    onSuccess: (client) => Promise.all([refreshAdmissions(client), alsoRefresh(client)]),
  });

/** POST /api/admissions/prospects/:id/contacted. */
export const useMarkContactedMutation = () => useProspectStep('contacted', prospectResponseSchema);

/** POST /api/admissions/prospects/:id/decline. */
export const useDeclineProspectMutation = () => useProspectStep('decline', prospectResponseSchema);

/**
 * POST /api/admissions/prospects/:id/erase (right to erasure): the applicant's data is destroyed and
 * the row leaves every list; the counts and the bell change too.
 */
export const useEraseProspectMutation = () =>
  useApiMutation((prospect: Prospect) => ({ path: prospectPath(prospect, 'erase'), method: 'POST' }), eraseProspectResponseSchema, {
    onSuccess: (client) => Promise.all([refreshAdmissions(client), client.invalidateQueries({ queryKey: notificationKeys.inbox })]),
  });

/**
 * POST /api/admissions/prospects/:id/convert: the new student also appears in Users and Students.
 * 201 converted, or 202 still under way on a busy worker (it completes by itself; the list shows it).
 */
export const useConvertProspectMutation = () => useProspectStep('convert', convertProspectAnswerSchema, refreshAccounts);
