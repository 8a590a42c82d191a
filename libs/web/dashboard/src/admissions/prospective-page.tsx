import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Ban, PhoneCall, Search, Trash2, UserPlus } from 'lucide-react';
import {
  ADMISSIONS_MESSAGES,
  PROSPECT_KINDS,
  PROSPECT_STATUSES,
  PROSPECT_STATUS_LABELS,
  ROLE_LABELS,
  USER_ADMIN_MESSAGES,
  type Prospect,
  type ProspectKind,
  type ProspectStatus,
} from '@academy/contracts';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  DataTable,
  Input,
  Label,
  NativeSelect,
  cn,
  toast,
  type DataColumn,
} from '@academy/ui';
import { errorMessage } from '@academy/web-session';
import { ConfirmDialog, toastAnswer } from '../confirm-dialog';
import { PageHeader } from '../page-header';
import { QueryView } from '../query-view';
import { formatDate, formatDateTime } from '../format';
import {
  useConvertProspectMutation,
  useDeclineProspectMutation,
  useEraseProspectMutation,
  useMarkContactedMutation,
  useProspectsQuery,
  useRefreshAdmissions,
  type ProspectFilter,
} from './api';
import { PROSPECT_KIND_LABELS, isFiltered, prospectActions, prospectFilterParams, readProspectFilter } from './prospect-filters';

/** How long typing pauses before the search is sent: one request per word, not per key. */
export const SEARCH_DELAY_MS = 300;

const STATUS_STYLES: Record<ProspectStatus, string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  contacted: 'border-sky-300 bg-sky-50 text-sky-900',
  converted: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  declined: 'border-zinc-300 bg-zinc-100 text-zinc-700',
};

const orDash = (value: string | null) => value?.trim() || '—';
const noun = (kind: ProspectKind) => (kind === 'application' ? 'application' : 'message');

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

function MarkContacted({ prospect }: { prospect: Prospect }) {
  const mark = useMarkContactedMutation();
  const refresh = useRefreshAdmissions();
  async function run() {
    try {
      const answer = await mark.mutateAsync(prospect);
      toast.success(answer.message || ADMISSIONS_MESSAGES.markedContacted);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update the application'));
      void refresh();
    }
  }
  return (
    <Button variant="outline" size="sm" onClick={() => void run()} disabled={mark.isPending} aria-label={`Mark ${prospect.name} as contacted`}>
      <PhoneCall aria-hidden="true" />
      {mark.isPending ? 'Saving...' : 'Mark contacted'}
    </Button>
  );
}

/** Decline, after a confirmation that says it closes the prospect for good; a refusal closes it and rereads the lists. */
function Decline({ prospect }: { prospect: Prospect }) {
  const decline = useDeclineProspectMutation();
  const refresh = useRefreshAdmissions();
  const what = noun(prospect.kind);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" aria-label={`Decline ${prospect.name}`}>
          <Ban aria-hidden="true" />
          Decline
        </Button>
      }
      title={<>Decline this {what}?</>}
      description={
        <>
          The {what} of {prospect.name} ({prospect.email}) will be marked as declined.
          {prospect.kind === 'application' && ' A declined applicant can no longer be converted to a student.'} This cannot be undone.
        </>
      }
      confirmLabel="Decline"
      busyLabel="Saving..."
      destructive
      onConfirm={async () => {
        if (!(await toastAnswer(() => decline.mutateAsync(prospect), ADMISSIONS_MESSAGES.declined, 'Failed to decline the application'))) void refresh();
      }}
    />
  );
}

/**
 * 'Erase applicant' (POPIA/GDPR right to erasure), in every status, after a confirmation that says what
 * goes: the person's data is destroyed for good and the row leaves the list (the answer comes once
 * it has, so the list read afterwards no longer holds it).
 */
function EraseApplicant({ prospect }: { prospect: Prospect }) {
  const erase = useEraseProspectMutation();
  const refresh = useRefreshAdmissions();
  const what = noun(prospect.kind);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" aria-label={`Erase ${prospect.name || 'this applicant'}`}>
          <Trash2 aria-hidden="true" />
          Erase applicant
        </Button>
      }
      title="Erase this applicant?"
      description={
        <>
          The personal data of {prospect.name || 'this applicant'} ({prospect.email}) in this {what} (name, email, phone and message) will be permanently erased, as the
          right to erasure (POPIA/GDPR) requires, and the {what} leaves this list. This cannot be undone.
        </>
      }
      confirmLabel="Erase applicant"
      busyLabel="Erasing..."
      destructive
      // A refusal closes the dialog too, and rereads the lists (the applicant may be gone already).
      onConfirm={async () => {
        if (!(await toastAnswer(() => erase.mutateAsync(prospect), ADMISSIONS_MESSAGES.erased, 'Failed to erase the applicant'))) void refresh();
      }}
    />
  );
}

/** A read-only field of the convert dialog: what the account is made from, as the application gave it. */
function ReadOnlyField({ label, value, type = 'text' }: { label: string; value: string; type?: string }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type={type} value={value} readOnly className="bg-muted/40" />
    </div>
  );
}

/**
 * 'Convert to student': the account is created from the application itself (convertProspectRequestSchema
 * carries no fields), so the dialog shows the pre-filled details read-only and asks for confirmation.
 * A refusal (409: already converted or declined, the email has an account, changed meanwhile) stays
 * in the dialog next to a toast; the list is read again once the dialog is closed.
 */
/** When a convert answered 202 (still under way), the list is read again after this long. */
const PENDING_REFRESH_MS = 5_000;

function ConvertToStudent({ prospect }: { prospect: Prospect }) {
  const convert = useConvertProspectMutation();
  const refresh = useRefreshAdmissions();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  async function confirm() {
    setRefusal(null);
    try {
      const answer = await convert.mutateAsync(prospect);
      if ('prospect' in answer) toast.success(answer.message || USER_ADMIN_MESSAGES.accountCreated('student'));
      else {
        // 202: stored, and the worker is still making the account; read the list again once it likely has.
        toast.info(answer.message ?? ADMISSIONS_MESSAGES.conversionPending);
        setTimeout(() => void refresh(), PENDING_REFRESH_MS);
      }
      setOpen(false);
    } catch (error) {
      const message = errorMessage(error, USER_ADMIN_MESSAGES.createFailed);
      setRefusal(message);
      toast.error(message);
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (convert.isPending) return;
        setOpen(next);
        if (next) setRefusal(null);
        // Closed after a refusal: now show the row as it stands (it may lose this very button).
        else if (refusal) void refresh();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" aria-label={`Convert ${prospect.name} to student`}>
          <UserPlus aria-hidden="true" />
          Convert to student
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Convert to student</DialogTitle>
          <DialogDescription>A student account is created from this application. The new student receives their sign-in details by email and completes their profile at the first sign-in.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <ReadOnlyField label="Full Name" value={`${prospect.firstName} ${prospect.lastName}`.trim() || prospect.name} />
          <ReadOnlyField label="Email" type="email" value={prospect.email} />
          <ReadOnlyField label="Phone" type="tel" value={prospect.phone} />
          <ReadOnlyField label="Role" value={ROLE_LABELS.student} />
          {refusal && (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              {refusal}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button onClick={() => void confirm()} disabled={convert.isPending}>
            {convert.isPending ? 'Creating account...' : 'Create Account'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The pipeline's steps while they apply; erasure in every status (a closed row says why it has no steps). */
function RowActions({ prospect }: { prospect: Prospect }) {
  const can = prospectActions(prospect);
  const closed = !can.markContacted && !can.decline && !can.convert;
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      {closed && <span className="text-xs text-muted-foreground">{prospect.status === 'converted' ? 'Student account created' : 'Closed'}</span>}
      {can.convert && <ConvertToStudent prospect={prospect} />}
      {can.markContacted && <MarkContacted prospect={prospect} />}
      {can.decline && <Decline prospect={prospect} />}
      <EraseApplicant prospect={prospect} />
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
      actions={(p) => <RowActions prospect={p} />}
      empty={empty}
    />
  );
}

/** The filter bar: kind, status and a search over name, email, phone, course and message. */
export function ProspectFilters({ filter, search, onChange, onSearch }: { filter: ProspectFilter; search: string; onChange: (filter: ProspectFilter) => void; onSearch: (text: string) => void }) {
  const kindId = useId();
  const statusId = useId();
  const searchId = useId();
  return (
    <div role="search" className="grid gap-3 sm:grid-cols-[12rem_12rem_1fr]" aria-label="Filter prospects">
      <div className="grid gap-2">
        <Label htmlFor={kindId}>Show</Label>
        <NativeSelect id={kindId} value={filter.kind} onChange={(e) => onChange({ ...filter, kind: e.target.value as ProspectKind })}>
          {PROSPECT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {PROSPECT_KIND_LABELS[kind]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={statusId}>Status</Label>
        <NativeSelect id={statusId} value={filter.status ?? ''} onChange={(e) => onChange({ ...filter, status: (e.target.value || null) as ProspectStatus | null })}>
          <option value="">All statuses</option>
          {PROSPECT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PROSPECT_STATUS_LABELS[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
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
  // What is typed shows at once; the address (and so the request) follows after a pause.
  const [search, setSearch] = useState(filter.q);
  // The search this page last put into the address: any other change of it (a notification's link,
  // Back) replaces what the box shows instead of being overwritten by it.
  const written = useRef(filter.q);
  useEffect(() => {
    if (filter.q === written.current) return;
    written.current = filter.q;
    setSearch(filter.q);
  }, [filter.q]);
  const setFilter = (next: ProspectFilter) => setParams(prospectFilterParams(next), { replace: true });
  useEffect(() => {
    if (search === filter.q) return;
    // Written into the address as it is when the timer fires (the kind or status may change meanwhile).
    const timer = setTimeout(() => {
      written.current = search;
      setParams((current) => prospectFilterParams({ ...readProspectFilter(current), q: search }), { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filter.q, setParams]);
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
