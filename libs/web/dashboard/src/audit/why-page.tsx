import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AUDIT_WHY_VIEWS, type AuditWhyStep, type AuditWhyView } from '@academy/contracts';
import { Button, Input, Label, SelectField } from '@academy/ui';
import { PageHeader } from '../page-header';
import { QueryView } from '../query-view';
import { formatDateTime } from '../format';
import { useAuditWhyQuery } from '../api/audit';

const VIEW_LABELS: Record<AuditWhyView, string> = {
  'enrollment-week': "A student's current week (enrollment id)",
  'enrollment-status': "An enrollment's status (enrollment id)",
  'grade-status': "A grade's status (submission id)",
};

/** How a step is tied to the one above it. */
const LINK_LABELS: Record<AuditWhyStep['link'], string> = {
  value: 'set the value',
  caused: 'caused it (causation id)',
  'same-command': 'made in the same command',
  rubric: 'the rubric version the score was computed with',
};

const VIEW_OPTIONS = AUDIT_WHY_VIEWS.map((v) => ({ value: v, label: VIEW_LABELS[v] }));

const readView = (v: string | null): AuditWhyView => AUDIT_WHY_VIEWS.find((x) => x === v) ?? 'enrollment-week';

/** Where a staff screen's "Why?" leads: the admin's own Why page (admins may ask; an auditor finds it in their menu). */
export const whyPath = (view: AuditWhyView, id: string) => `/dashboard/admin/why?view=${view}&id=${encodeURIComponent(id)}`;

/**
 * /dashboard/auditor/why?view=&id= (and /dashboard/admin/why, where the staff screens' "Why?" leads):
 * a value and the events that produced it, newest first, as a timeline (the address is the question,
 * so a staff screen can link straight to it). `eventLog`: the Event log's path, where each step links
 * to its stream and correlation group (null where the viewer has no Event log: the admin's dashboard).
 */
export function WhyPage({ eventLog = '/dashboard/auditor/events' }: { eventLog?: string | null }) {
  const [params, setParams] = useSearchParams();
  const view = readView(params.get('view'));
  const id = params.get('id')?.trim() || null;
  const why = useAuditWhyQuery(view, id);
  const [draft, setDraft] = useState({ view, id: id ?? '' });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (draft.id.trim()) setParams({ view: draft.view, id: draft.id.trim() });
  };
  return (
    <>
      <PageHeader title="Why" description="The chain of events that produced a value, with who did what and when. Asking is recorded in the log." />
      <form onSubmit={onSubmit} aria-label="Ask why" className="grid gap-3 sm:grid-cols-3">
        <SelectField id="why-view" label="Value" fieldClassName="gap-1" value={draft.view} options={VIEW_OPTIONS} onValueChange={(v) => setDraft({ ...draft, view: readView(v) })} />
        <div className="grid gap-1">
          <Label htmlFor="why-id">Id</Label>
          <Input id="why-id" value={draft.id} onChange={(e) => setDraft({ ...draft, id: e.target.value })} />
        </div>
        <div className="flex items-end">
          <Button type="submit">Why?</Button>
        </div>
      </form>
      {id !== null && (
        <QueryView query={why} pending="Loading the chain…" error="The chain could not be loaded" errorFallback="Try again.">
          {(data) => (
            <section aria-label="Causal chain" className="grid gap-3">
              <h2 className="text-lg font-semibold">{data.value}</h2>
              <ol className="grid gap-3 border-l-2 pl-4">
                {data.chain.map((s) => (
                  <li key={s.position} className="grid gap-1 rounded-md border p-3 text-sm">
                    <p>
                      <span aria-hidden="true">← </span>
                      <strong>{s.type}</strong> <span className="text-muted-foreground">({LINK_LABELS[s.link]})</span>
                    </p>
                    <p>
                      by {s.metadata.actorId ? `${s.metadata.actorRole ?? 'user'} ${s.metadata.actorId}` : (s.metadata.actorRole ?? 'system')} at {formatDateTime(s.recordedAt)}
                    </p>
                    <p className="break-all text-muted-foreground">
                      Position {s.position} in {s.streamId}
                      {eventLog === null ? null : (
                        <>
                          {' '}
                          · <Link to={`${eventLog}?stream=${encodeURIComponent(s.streamId)}`}>its stream</Link> ·{' '}
                          <Link to={`${eventLog}?correlation=${encodeURIComponent(s.metadata.correlationId)}`}>its correlation group</Link>
                        </>
                      )}
                    </p>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </QueryView>
      )}
    </>
  );
}
