import { Fragment, type FormEvent, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AUDIT_AS_OF_VIEWS, type AsOfName, type AuditAsOfResponse, type AuditAsOfView, fromZonedInput, toZonedInput } from '@academy/contracts';
import { Button, DataTable, Input, Label, SelectField, type DataColumn } from '@academy/ui';
import { PageHeader, QueryView, browserTimeZone, formatDateTime, useAuditAsOfQuery } from '@academy/web-dashboard';
import { asOfParams, needsId, readAsOfAsk, readAsOfView } from './as-of-ask';

const VIEW_LABELS: Record<AuditAsOfView, string> = {
  enrollment: "A student's enrollment (enrollment id)",
  gradebook: "A subject's gradebook (subject id)",
  pipeline: 'The prospect pipeline',
};

const VIEW_OPTIONS = AUDIT_AS_OF_VIEWS.map((v) => ({ value: v, label: VIEW_LABELS[v] }));

/**
 * /dashboard/auditor/time-travel?at=&view=&id=: a screen as it stood at a past moment, folded from the
 * log up to that moment (ADR 0031), under a banner naming the date. Asking is recorded in the log.
 */
export function TimeTravelPage() {
  const [params, setParams] = useSearchParams();
  const ask = readAsOfAsk(params);
  const asOf = useAuditAsOfQuery(ask ? asOfParams(ask).toString() : null);
  // The date asked for is the reader's wall time, like every time they read (ADR 0023).
  const [draft, setDraft] = useState({ at: ask ? toZonedInput(ask.at, browserTimeZone()) : '', view: ask?.view ?? readAsOfView(params.get('view')), id: ask?.id ?? '' });
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const at = fromZonedInput(draft.at, browserTimeZone());
    if (!at || Number.isNaN(Date.parse(at))) return setProblem('Choose a date and time');
    if (needsId(draft.view) && !draft.id.trim()) return setProblem('Give the id of what to show');
    setProblem(null);
    setParams(asOfParams({ at, view: draft.view, id: draft.id.trim() }));
  };
  return (
    <>
      <PageHeader title="Time travel" description="A gradebook, an enrollment or the prospect pipeline as it stood at a past moment, rebuilt from the event log. Asking is recorded in the log." />
      <form onSubmit={onSubmit} aria-label="Travel to a date" className="grid gap-3 sm:grid-cols-4">
        <div className="grid gap-1">
          <Label htmlFor="as-of-at">Date and time</Label>
          <Input id="as-of-at" type="datetime-local" step={1} value={draft.at} onChange={(e) => setDraft({ ...draft, at: e.target.value })} />
        </div>
        <SelectField id="as-of-view" label="Show" fieldClassName="gap-1" value={draft.view} options={VIEW_OPTIONS} onValueChange={(v) => setDraft({ ...draft, view: readAsOfView(v) })} />
        <div className="grid gap-1">
          <Label htmlFor="as-of-id">Id</Label>
          <Input id="as-of-id" value={draft.id} disabled={!needsId(draft.view)} onChange={(e) => setDraft({ ...draft, id: e.target.value })} />
        </div>
        <div className="flex items-end">
          <Button type="submit">Travel</Button>
        </div>
      </form>
      {problem ? <p role="alert">{problem}</p> : null}
      {ask !== null && (
        <QueryView query={asOf} pending="Travelling…" error="That past could not be loaded" errorFallback="Try again.">
          {(answer) => (
            <section aria-label="As it stood" className="grid gap-3">
              <p role="status" className="rounded-md border-2 border-primary p-3 font-medium">
                As of {formatDateTime(answer.at)} · the log up to position {answer.position}
              </p>
              {answer.personalInClear || answer.view === 'pipeline' ? null : <p className="text-sm text-muted-foreground">Names of people are masked (•••): an admin can grant you personal data.</p>}
              <AsOfView answer={answer} />
            </section>
          )}
        </QueryView>
      )}
    </>
  );
}

/** A person's name as it stood: in clear, masked (•••), or what became of it. */
const personText = (n: AsOfName) => (n.state === 'clear' || n.state === 'masked' ? n.name! : n.state);

/** A name as today's screens show it, its id kept on a secondary line (and as the title, to copy). */
function Named({ text, id }: { text: string; id: string }) {
  return (
    <span title={id}>
      <span>{text}</span>
      <span className="block break-all text-xs text-muted-foreground">{id}</span>
    </span>
  );
}

type GradebookRow = Extract<AuditAsOfResponse, { view: 'gradebook' }>['rows'][number];
type Pipeline = Extract<AuditAsOfResponse, { view: 'pipeline' }>;

const kindLabel = (kind: Pipeline['counts'][number]['kind']) => (kind === 'application' ? 'Application' : 'Quick contact');

const GRADEBOOK_COLUMNS: DataColumn<GradebookRow>[] = [
  { id: 'student', header: 'Student', cell: (r) => <Named text={personText(r.studentName)} id={r.studentId} />, sortValue: (r) => personText(r.studentName) },
  { id: 'week', header: 'Week', cell: (r) => (r.weekNumber === null ? '—' : `Week ${r.weekNumber}`), sortValue: (r) => r.weekNumber },
  { id: 'kind', header: 'Kind', cell: (r) => r.kind, sortValue: (r) => r.kind },
  { id: 'item', header: 'Item', cell: (r) => <Named text={r.title ?? 'unknown'} id={r.itemId} />, sortValue: (r) => r.title ?? r.itemId },
  { id: 'attempt', header: 'Attempt', cell: (r) => `${r.attempt}${r.latest ? '' : ' (superseded)'}`, sortValue: (r) => r.attempt },
  { id: 'status', header: 'Status', cell: (r) => r.grade?.status ?? 'not graded', sortValue: (r) => r.grade?.status ?? 'not graded' },
  { id: 'score', header: 'Score', cell: (r) => r.grade?.score ?? '—', sortValue: (r) => r.grade?.score },
  { id: 'teacher', header: 'Graded by', cell: (r) => (r.grade ? <Named text={personText(r.grade.teacherName)} id={r.grade.teacherId} /> : '—') },
];

const COUNT_COLUMNS: DataColumn<Pipeline['counts'][number]>[] = [
  { id: 'kind', header: 'Kind', cell: (c) => kindLabel(c.kind), sortValue: (c) => kindLabel(c.kind) },
  { id: 'status', header: 'Status', cell: (c) => c.status, sortValue: (c) => c.status },
  { id: 'count', header: 'Count', cell: (c) => c.count, sortValue: (c) => c.count },
];

const PROSPECT_COLUMNS: DataColumn<Pipeline['prospects'][number]>[] = [
  { id: 'prospect', header: 'Prospect', cell: (p) => p.prospectId, className: 'break-all', hideOnCard: true },
  { id: 'kind', header: 'Kind', cell: (p) => kindLabel(p.kind), sortValue: (p) => kindLabel(p.kind) },
  { id: 'status', header: 'Status', cell: (p) => (p.erased ? `${p.status} (erased)` : p.status), sortValue: (p) => p.status },
];

function AsOfView({ answer }: { answer: AuditAsOfResponse }) {
  switch (answer.view) {
    case 'enrollment': {
      const e = answer.enrollment;
      const details: [string, ReactNode][] = [
        ['Code', e.code],
        ['Status', e.status],
        ['Current week', `Week ${e.currentWeek}`],
        ['Progress', `${e.percent} %`],
        ['Student', <Named text={personText(e.studentName)} id={e.studentId} />],
        ['Program', <Named text={e.programName ?? 'unknown'} id={e.programId} />],
        ['Subject', <Named text={e.subjectName ?? 'unknown'} id={e.subjectId} />],
        ['Enrolled', formatDateTime(e.enrolledAt)],
        ['Activated', e.activatedAt ? formatDateTime(e.activatedAt) : '—'],
        ['Completed', e.completedAt ? formatDateTime(e.completedAt) : '—'],
      ];
      return (
        <dl aria-label="Enrollment" className="grid gap-2 sm:grid-cols-[max-content_1fr] sm:gap-x-6 text-sm">
          {details.map(([term, value]) => (
            <Fragment key={term}>
              <dt className="font-medium">{term}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      );
    }
    case 'gradebook':
      return (
        <DataTable
          label="Gradebook"
          columns={GRADEBOOK_COLUMNS}
          data={answer.rows}
          getRowId={(r) => r.submissionId}
          rowTitle={(r) => `${r.kind} ${r.title ?? r.itemId}`}
          empty="No submissions in this subject by then."
        />
      );
    case 'pipeline':
      return (
        <>
          <DataTable
            label="Prospects by status"
            columns={COUNT_COLUMNS}
            data={answer.counts}
            getRowId={(c) => `${c.kind} ${c.status}`}
            rowTitle={(c) => `${kindLabel(c.kind)}: ${c.status}`}
            empty="No prospects by then."
          />
          <DataTable
            label="Prospects"
            columns={PROSPECT_COLUMNS}
            data={answer.prospects}
            getRowId={(p) => p.prospectId}
            rowTitle={(p) => p.prospectId}
            empty="No prospects by then."
          />
        </>
      );
  }
}
