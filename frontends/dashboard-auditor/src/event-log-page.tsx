import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AUDIT_CONTEXTS } from '@academy/contracts';
import { Button, ErrorPanel, Input, Label, NativeSelect, Spinner, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@academy/ui';
import { PageHeader, formatDateTime, useAuditEventQuery, useAuditEventsQuery } from '@academy/web-dashboard';
import { errorMessage } from '@academy/web-session';
import { EMPTY_LOG_FILTER, LOG_FILTER_FIELDS, type LogFilter, logFilterParams, readLogFilter } from './log-filter';

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
  if (event.isPending) return <Spinner />;
  if (event.isError) return <p role="alert">{errorMessage(event.error, 'The event could not be loaded')}</p>;
  const e = event.data;
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

/** /dashboard/auditor/events: the log newest first, a keyset page at a time; the filters are the page's address. */
export function EventLogPage() {
  const [params, setParams] = useSearchParams();
  const filter = readLogFilter(params);
  const query = logFilterParams(filter).toString();
  const events = useAuditEventsQuery(query);
  const [draft, setDraft] = useState<LogFilter>(filter);
  const [open, setOpen] = useState<number | null>(null);
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
              <NativeSelect id={`filter-${k}`} value={draft.context} onChange={(e) => setDraft({ ...draft, context: e.target.value })}>
                <option value="">Any</option>
                {AUDIT_CONTEXTS.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
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
      {events.isPending ? (
        <Spinner />
      ) : events.isError ? (
        <ErrorPanel title="The event log could not be loaded" message={errorMessage(events.error, 'Try again.')} onRetry={() => void events.refetch()} />
      ) : events.data.events.length === 0 ? (
        <p>No events match these filters.</p>
      ) : (
        <>
          <Table aria-label="Events">
            <TableHeader>
              <TableRow>
                <TableHead>Position</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>Stream</TableHead>
                <TableHead>Actor</TableHead>
                <TableHead>Recorded</TableHead>
                <TableHead>Personal data</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {events.data.events.map((e) => (
                <TableRow key={e.position}>
                  <TableCell>
                    <Button variant="link" className="h-auto p-0" onClick={() => setOpen(e.position)}>
                      {e.position}
                    </Button>
                  </TableCell>
                  <TableCell>{e.type}</TableCell>
                  <TableCell className="break-all">{e.streamId}</TableCell>
                  <TableCell>{e.metadata.actorRole ?? 'system'}</TableCell>
                  <TableCell>{formatDateTime(e.recordedAt)}</TableCell>
                  <TableCell>{e.personal}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div className="flex gap-2">
            <Button variant="outline" disabled={filter.before === null} onClick={() => go({ ...filter, before: null })}>
              Newest
            </Button>
            <Button variant="outline" disabled={events.data.nextBefore === null} onClick={() => go({ ...filter, before: events.data.nextBefore })}>
              Older
            </Button>
          </div>
        </>
      )}
      {open !== null && <EventDetail position={open} />}
    </>
  );
}
