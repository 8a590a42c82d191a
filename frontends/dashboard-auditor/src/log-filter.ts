import { AUDIT_CONTEXTS, type AuditContext } from '@academy/contracts';

// The Event log's filters live in the page address (?stream=&type=&context=&actor=&correlation=&from=&to=&before=),
// so a reload, a shared link or Back shows the same page of the log. These are its pure parts.

export const LOG_FILTER_FIELDS = ['stream', 'type', 'context', 'actor', 'correlation', 'from', 'to'] as const;
export type LogFilter = Record<(typeof LOG_FILTER_FIELDS)[number], string> & { before: number | null };

export const EMPTY_LOG_FILTER: LogFilter = { stream: '', type: '', context: '', actor: '', correlation: '', from: '', to: '', before: null };

const isContext = (v: string): v is AuditContext => (AUDIT_CONTEXTS as readonly string[]).includes(v);

/** The filter of a page address; an unknown context or a bad position (an edited link) is dropped, not an error. */
export function readLogFilter(params: URLSearchParams): LogFilter {
  const f = { ...EMPTY_LOG_FILTER };
  for (const k of LOG_FILTER_FIELDS) f[k] = (params.get(k) ?? '').slice(0, 300);
  if (!isContext(f.context)) f.context = '';
  const before = Number(params.get('before'));
  f.before = Number.isSafeInteger(before) && before > 0 ? before : null;
  return f;
}

/** The address parts of `filter` (empty fields left out): the page's address and the API's query string are the same. */
export function logFilterParams(filter: LogFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const k of LOG_FILTER_FIELDS) if (filter[k].trim()) params.set(k, filter[k].trim());
  if (filter.before !== null) params.set('before', String(filter.before));
  return params;
}
