import { PROSPECT_KINDS, PROSPECT_STATUSES, type Prospect, type ProspectKind, type ProspectStatus } from '@academy/contracts';
import type { ProspectFilter } from './api';

// The Prospective page's filter lives in the address (?kind=&status=&q=), so a reload, a link from a
// notification or the Back button shows the same list. These are its pure parts.

export const DEFAULT_PROSPECT_FILTER: ProspectFilter = { kind: 'application', status: null, q: '' };

const isKind = (value: string | null): value is ProspectKind => (PROSPECT_KINDS as readonly (string | null)[]).includes(value);
const isStatus = (value: string | null): value is ProspectStatus => (PROSPECT_STATUSES as readonly (string | null)[]).includes(value);

/** The filter of a page address; an unknown kind or status (an old or edited link) falls back to the default, not to an error. */
export function readProspectFilter(params: URLSearchParams): ProspectFilter {
  const kind = params.get('kind');
  const status = params.get('status');
  return { kind: isKind(kind) ? kind : 'application', status: isStatus(status) ? status : null, q: (params.get('q') ?? '').slice(0, 100) };
}

/** The address parts of `filter`; defaults are left out so the plain page keeps a plain address. */
export function prospectFilterParams(filter: ProspectFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.kind !== DEFAULT_PROSPECT_FILTER.kind) params.set('kind', filter.kind);
  if (filter.status) params.set('status', filter.status);
  if (filter.q.trim()) params.set('q', filter.q);
  return params;
}

export const isFiltered = (filter: ProspectFilter) => filter.status !== null || filter.q.trim() !== '';

/**
 * What staff may do with a prospect (issue 7: pending → contacted → converted or declined). A converted
 * or declined prospect is closed: no action. Only an application carries what an account needs
 * (name, email, phone), so a quick-contact message is never converted. The server decides the same
 * (409 otherwise); this only keeps pointless buttons off the screen.
 */
export function prospectActions(prospect: Pick<Prospect, 'kind' | 'status'>): { markContacted: boolean; decline: boolean; convert: boolean } {
  const open = prospect.status === 'pending' || prospect.status === 'contacted';
  return { markContacted: prospect.status === 'pending', decline: open, convert: open && prospect.kind === 'application' };
}

/** Labels of the kind selector. */
export const PROSPECT_KIND_LABELS: Record<ProspectKind, string> = { application: 'Applications', quick_contact: 'Quick contact messages' };
