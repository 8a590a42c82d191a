import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AUDIT_CONTEXTS, type AuditEventDetail, type AuditEventSummary } from '@academy/contracts';
import { Button, DataTable, Input, Label, NativeSelect, type DataColumn } from '@academy/ui';
import { PageHeader, QueryView, formatDateTime, useAuditEventQuery, useAuditEventsQuery } from '@academy/web-dashboard';
import { EMPTY_LOG_FILTER, LOG_FILTER_FIELDS, type LogFilter, logFilterParams, readLogFilter } from './log-filter';

const CONTEXT_OPTIONS = [{ value: '', label: 'Any' }, ...AUDIT_CONTEXTS.map((c) => ({ value: c, label: c }))];

const LABELS: Record<(typeof LOG_FILTER_FIELDS)[number], string> = {
  stream: 'Stream',
  type: 'Event type',
  context: 'Context',
  actor: 'Actor (user id)',
  correlation: 'Correlation id',
  from: 'From (ISO time)',
  to: 'To (ISO time)',
};

/** One event in full: data, metadata, personal fields as the reader may see them, hash and previous hash. */
function EventDetail({ position }: { position: number }) {
  const event = useAuditEventQuery(position);
  return (
    <QueryView query={event} pending="Loading the event…" error="The event could not be loaded" errorFallback="Try again.">
      {(e) => <EventData e={e} />}
    </QueryView>
  );
}

function EventData({ e }: { e: AuditEventDetail }) {
  return (
    <section aria-label={`Event ${e.position}`} className="grid gap-2 rounded-md border p-4 text-sm">
      <h2 className="text-lg font-semibold">
        {e.type} at position {e.position}
      </h2>
      <p>
        Personal data: <strong>{e.personal.state}</strong>
      </p>
      <pre className="overflow-x-auto whitespace-pre-wrap break-all">{JSON.stringify({ data: e.data, personal: e.personal.fields, metadata: e.metadata }, null, 2)}</pre>
      <p className="break-all">
        Hash <code>{e.hash}</code>
      </p>
      <p className="break-all">
        Previous hash <code>{e.prevHash}</code>
      </p>
    </section>
  );
}

type LoggedEvent = AuditEventSummary;

/** The log's columns; the position opens the event in full below the table. */
function eventColumns(open: (position: number) => void): DataColumn<LoggedEvent>[] {
  return [
    {
      id: 'position',
      header: 'Position',
      cell: (e) => (
        <Button variant="link" className="h-auto p-0" onClick={() => open(e.position)}>
          {e.position}
        </Button>
      ),
      sortValue: (e) => e.position,
    },
    { id: 'type', header: 'Type', cell: (e) => e.type, sortValue: (e) => e.type },
    { id: 'stream', header: 'Stream', cell: (e) => e.streamId, sortValue: (e) => e.streamId, className: 'break-all' },
    { id: 'actor', header: 'Actor', cell: (e) => e.metadata.actorRole ?? 'system', sortValue: (e) => e.metadata.actorRole ?? 'system' },
    { id: 'recorded', header: 'Recorded', cell: (e) => formatDateTime(e.recordedAt), sortValue: (e) => e.recordedAt },
    { id: 'personal', header: 'Personal data', cell: (e) => e.personal, sortValue: (e) => e.personal },
  ];
}

/** /dashboard/auditor/events: the log newest first, a keyset page at a time; the filters are the page's address. */
export function EventLogPage() {
  const [params, setParams] = useSearchParams();
  const filter = readLogFilter(params);
  const query = logFilterParams(filter).toString();
  const events = useAuditEventsQuery(query);
  const [draft, setDraft] = useState<LogFilter>(filter);
  const [open, setOpen] = useState<number | null>(null);
  const columns = useMemo(() => eventColumns(setOpen), []);
  const go = (next: LogFilter) => setParams(logFilterParams(next));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    go({ ...draft, before: null });
  };
  return (
    <>
      <PageHeader title="Event log" description="Every event of the academy, newest first. Opening this page is recorded in the log." />
      <form onSubmit={onSubmit} aria-label="Filter the event log" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {LOG_FILTER_FIELDS.map((k) => (
          <div key={k} className="grid gap-1">
            <Label htmlFor={`filter-${k}`}>{LABELS[k]}</Label>
            {k === 'context' ? (
              <NativeSelect id={`filter-${k}`} value={draft.context} options={CONTEXT_OPTIONS} onChange={(e) => setDraft({ ...draft, context: e.target.value })} />
            ) : (
              <Input id={`filter-${k}`} value={draft[k]} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} />
            )}
          </div>
        ))}
        <div className="flex items-end gap-2">
          <Button type="submit">Apply</Button>
          <Button type="button" variant="outline" onClick={() => (setDraft(EMPTY_LOG_FILTER), go(EMPTY_LOG_FILTER))}>
            Clear
          </Button>
        </div>
      </form>
      <QueryView query={events} pending="Loading the event log…" error="The event log could not be loaded" errorFallback="Try again.">
        {(data) => (
          <>
            <DataTable
              label="Events"
              columns={columns}
              data={data.events}
              getRowId={(e) => String(e.position)}
              rowTitle={(e) => `${e.type} at position ${e.position}`}
              empty="No events match these filters."
            />
            <div className="flex gap-2">
              <Button variant="outline" disabled={filter.before === null} onClick={() => go({ ...filter, before: null })}>
                Newest
              </Button>
              <Button variant="outline" disabled={data.nextBefore === null} onClick={() => go({ ...filter, before: data.nextBefore })}>
                Older
              </Button>
            </div>
          </>
        )}
      </QueryView>
      {open !== null && <EventDetail position={open} />}
    </>
  );
}
