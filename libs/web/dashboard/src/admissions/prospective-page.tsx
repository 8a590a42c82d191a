import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Search } from 'lucide-react';
import { ADMISSIONS_MESSAGES, PROSPECT_KINDS, PROSPECT_STATUSES, PROSPECT_STATUS_LABELS, type Prospect, type ProspectKind, type ProspectStatus } from '@academy/contracts';
import { DataTable, Input, Label, SelectField, cn, type DataColumn } from '@academy/ui';
import { PageHeader } from '../page-header';
import { QueryView } from '../query-view';
import { formatDate, formatDateTime } from '../format';
import { useDebouncedSearchParam } from '../use-debounced-search-param';
import { useProspectsQuery, type ProspectFilter } from './api';
import { PROSPECT_KIND_LABELS, isFiltered, prospectFilterParams, readProspectFilter } from './prospect-filters';
import { ProspectRowActions } from './prospect-row-actions';

/** How long typing pauses before the search is sent: one request per word, not per key. */
export const SEARCH_DELAY_MS = 300;

const STATUS_STYLES: Record<ProspectStatus, string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  contacted: 'border-sky-300 bg-sky-50 text-sky-900',
  converted: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  declined: 'border-zinc-300 bg-zinc-100 text-zinc-700',
};

const orDash = (value: string | null) => value?.trim() || '—';

/** The status with who changed it last and when (each step of the pipeline is an event with both). */
function StatusCell({ prospect }: { prospect: Prospect }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <span className={cn('inline-flex rounded-full border px-2 py-0.5 text-xs font-medium', STATUS_STYLES[prospect.status])} data-testid="prospect-status">
        {PROSPECT_STATUS_LABELS[prospect.status]}
      </span>
      {prospect.statusChangedBy && prospect.statusChangedAt && (
        <span className="text-xs text-muted-foreground">
          by {prospect.statusChangedBy.name} · <time dateTime={prospect.statusChangedAt}>{formatDateTime(prospect.statusChangedAt)}</time>
        </span>
      )}
    </div>
  );
}

function prospectColumns(kind: ProspectKind): DataColumn<Prospect>[] {
  return [
    { id: 'name', header: 'Name', cell: (p) => orDash(p.name), sortValue: (p) => p.name?.trim() || null, className: 'font-medium', hideOnCard: true },
    { id: 'email', header: 'Email', cell: (p) => p.email, sortValue: (p) => p.email, className: 'wrap-anywhere' },
    { id: 'phone', header: 'Phone', cell: (p) => orDash(p.phone), className: 'whitespace-nowrap' },
    { id: 'course', header: 'Course Interest', cell: (p) => orDash(p.courseInterest), sortValue: (p) => p.courseInterest?.trim() || null },
    { id: 'status', header: 'Status', cell: (p) => <StatusCell prospect={p} />, sortValue: (p) => PROSPECT_STATUS_LABELS[p.status] },
    {
      id: 'applied',
      header: kind === 'application' ? 'Applied' : 'Received',
      cell: (p) => <time dateTime={p.appliedAt}>{formatDate(p.appliedAt)}</time>,
      sortValue: (p) => p.appliedAt,
      className: 'whitespace-nowrap',
    },
    {
      id: 'message',
      header: 'Message',
      cell: (p) => (
        <p className="line-clamp-3 whitespace-pre-line text-sm" title={p.message}>
          {p.message}
        </p>
      ),
      className: 'max-w-xs min-w-40',
    },
  ];
}

/** The spec's table (name, email, phone, course interest, status, applied date), the message, and the actions of each row. */
export function ProspectsTable({ kind, prospects, empty = ADMISSIONS_MESSAGES.noProspects }: { kind: ProspectKind; prospects: Prospect[]; empty?: string }) {
  const columns = useMemo(() => prospectColumns(kind), [kind]);
  return (
    <DataTable
      label={PROSPECT_KIND_LABELS[kind]}
      columns={columns}
      data={prospects}
      getRowId={(p) => p.id}
      rowTitle={(p) => orDash(p.name)}
      rowAttributes={(p) => ({ 'data-prospect-id': p.id })}
      actions={(p) => <ProspectRowActions prospect={p} />}
      empty={empty}
    />
  );
}

const KIND_OPTIONS = PROSPECT_KINDS.map((kind) => ({ value: kind, label: PROSPECT_KIND_LABELS[kind] }));
const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...PROSPECT_STATUSES.map((status) => ({ value: status, label: PROSPECT_STATUS_LABELS[status] }))];

/** The filter bar: kind, status and a search over name, email, phone, course and message. */
export function ProspectFilters({ filter, search, onChange, onSearch }: { filter: ProspectFilter; search: string; onChange: (filter: ProspectFilter) => void; onSearch: (text: string) => void }) {
  const searchId = useId();
  return (
    <div role="search" className="grid gap-3 sm:grid-cols-[12rem_12rem_1fr]" aria-label="Filter prospects">
      <SelectField label="Show" value={filter.kind} options={KIND_OPTIONS} onValueChange={(kind) => onChange({ ...filter, kind: kind as ProspectKind })} />
      <SelectField label="Status" value={filter.status ?? ''} options={STATUS_OPTIONS} onValueChange={(status) => onChange({ ...filter, status: (status || null) as ProspectStatus | null })} />
      <div className="grid gap-2">
        <Label htmlFor={searchId}>Search</Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input id={searchId} type="search" className="pl-8" placeholder="Name, email, phone, course or message" maxLength={100} value={search} onChange={(e) => onSearch(e.target.value)} />
        </div>
      </div>
    </div>
  );
}

/**
 * The admin's Prospective Students and the student admin's Prospective (spec §2): applications from
 * the landing page (or quick-contact messages), filtered by status and searched on the server.
 */
export function ProspectivePage({ title, description = 'Applications and messages sent from the landing page. Contact applicants, convert them to students, decline or erase them.' }: { title: string; description?: string }) {
  const [params, setParams] = useSearchParams();
  const filter = readProspectFilter(params);
  const setFilter = (next: ProspectFilter) => setParams(prospectFilterParams(next), { replace: true });
  // Written into the address as it is when the pause ends (the kind or status may change meanwhile).
  const writeSearch = (q: string) => setParams((current) => prospectFilterParams({ ...readProspectFilter(current), q }), { replace: true });
  const [search, setSearch] = useDebouncedSearchParam(filter.q, writeSearch, SEARCH_DELAY_MS);
  const prospects = useProspectsQuery(filter);

  const empty = isFiltered(filter) ? ADMISSIONS_MESSAGES.noMatches : filter.kind === 'application' ? ADMISSIONS_MESSAGES.noProspects : 'No quick contact messages yet';
  return (
    <>
      <PageHeader title={title} description={description} />
      <ProspectFilters filter={filter} search={search} onChange={setFilter} onSearch={setSearch} />
      <QueryView query={prospects} pending="Loading applications…" error="The applications could not be loaded.">
        {(data) => <ProspectsTable kind={filter.kind} prospects={data.prospects} empty={empty} />}
      </QueryView>
    </>
  );
}
