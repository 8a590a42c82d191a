import { useState } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Download, LoaderCircle } from 'lucide-react';
import { EXTENSION_MESSAGES, GRADE_STATUS_LABELS, GRADING_MESSAGES, SUBMISSION_TABS, WORK_KIND_LABELS, type Subject, type Submission, type SubmissionTab, type TeacherSubmissionsResponse } from '@academy/contracts';
import {
  Badge,
  Button,
  DataTable,
  ErrorPanel,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
  type DataColumn,
} from '@academy/ui';
import { NOT_YET, PageHeader, formatDate, formatDueDate, gradingKeys, saveBlob, useGradesCsvDownload, useMySubjectsQuery, useSubmissionDetailQuery, useTeacherSubmissionsQuery } from '@academy/web-dashboard';
import { errorMessage, useCommand } from '@academy/web-session';
import { GradeDialog, gradeButtonLabel } from './grade-dialog';
import { SubjectFilter, useSubjectParam } from './subject-filter';
import { UnansweredFilter, UnansweredMarker, useUnansweredParam } from './unanswered-filter';

/** "Week 1 · Day 2" or "Week 1 · Capstone": where an item sits. */
export const itemPlace = (s: Pick<Submission, 'weekNumber' | 'dayNumber'>) => `Week ${s.weekNumber} · ${s.dayNumber === null ? 'Capstone' : `Day ${s.dayNumber}`}`;

/** The file name of a subject's grade export. */
export const csvFileName = (subjectName: string) => `grades-${subjectName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'subject'}.csv`;

const SUBMISSION_COLUMNS: DataColumn<Submission>[] = [
  {
    id: 'student',
    header: 'Student',
    cell: (s) => (
      <>
        <span className="block font-medium">{s.studentEmail}</span>
        <span className="block text-xs text-muted-foreground">{s.studentName}</span>
      </>
    ),
    sortValue: (s) => s.studentEmail,
    className: 'whitespace-normal',
  },
  { id: 'type', header: 'Type', cell: (s) => WORK_KIND_LABELS[s.kind], sortValue: (s) => WORK_KIND_LABELS[s.kind] },
  {
    id: 'title',
    header: 'Title',
    cell: (s) => (
      <>
        <span className="block font-medium">{s.title}</span>
        <span className="block text-xs text-muted-foreground">
          {`${s.subjectName} · ${itemPlace(s)}`}
          {s.attempt > 1 && ` · attempt ${s.attempt}`}
        </span>
        {s.late && (
          <Badge variant="warning" className="mt-1">
            Late
          </Badge>
        )}
        {s.awaitingReply && <UnansweredMarker />}
        {s.extended && s.dueAt && (
          <span className="block text-xs text-muted-foreground" data-testid="extended-to">
            {EXTENSION_MESSAGES.extendedTo(formatDueDate(s.dueAt))}
          </span>
        )}
      </>
    ),
    sortValue: (s) => s.title,
    className: 'whitespace-normal',
  },
  { id: 'submitted', header: 'Submitted', cell: (s) => <time dateTime={s.submittedAt}>{formatDate(s.submittedAt)}</time>, sortValue: (s) => s.submittedAt, className: 'whitespace-nowrap' },
  { id: 'score', header: 'Score', cell: (s) => s.grade?.score ?? NOT_YET, sortValue: (s) => s.grade?.score, className: 'tabular-nums' },
  { id: 'status', header: 'Status', cell: (s) => GRADE_STATUS_LABELS[s.grade?.status ?? 'pending'], sortValue: (s) => GRADE_STATUS_LABELS[s.grade?.status ?? 'pending'] },
];

export function SubmissionsTable({ label, submissions, onGrade, empty }: { label: string; submissions: readonly Submission[]; onGrade: (id: string) => void; empty: string }) {
  return (
    <DataTable
      label={label}
      columns={SUBMISSION_COLUMNS}
      data={submissions}
      getRowId={(s) => s.id}
      rowTitle={(s) => s.title}
      rowAttributes={(s) => ({ 'data-submission-id': s.id })}
      actions={(s) => (
        <Button size="sm" variant={s.grade ? 'outline' : 'default'} aria-label={`${gradeButtonLabel(s)}: ${s.title} by ${s.studentEmail}`} onClick={() => onGrade(s.id)}>
          {gradeButtonLabel(s)}
        </Button>
      )}
      empty={empty}
    />
  );
}

function ExportCsv({ subject }: { subject: Subject | null }) {
  const download = useGradesCsvDownload();
  const exportCsv = useCommand((chosen: Subject) => download.mutateAsync(chosen.id), {
    failure: 'Failed to export grades',
    onSuccess: (csv, chosen) => saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), csvFileName(chosen.name)),
  });
  return (
    <Button variant="outline" disabled={!subject || exportCsv.busy} title={subject ? undefined : 'Choose a subject to export its grades'} onClick={() => subject && void exportCsv.run(subject)}>
      <Download aria-hidden="true" />
      {exportCsv.busy ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}

const TABS: Record<SubmissionTab, { label: (n: number) => string; table: string; empty: string }> = {
  pending: { label: GRADING_MESSAGES.pendingTab, table: 'Pending review', empty: 'Nothing to review: every submission is graded.' },
  graded: { label: GRADING_MESSAGES.gradedTab, table: 'Graded', empty: 'No graded submissions yet.' },
};

/** "Load more" under a tab's table while the server has a next page; the rows shown stay. */
export function LoadMore({ hasMore, loading, onLoad }: { hasMore: boolean; loading: boolean; onLoad: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="flex justify-center pt-4">
      <Button variant="outline" disabled={loading} onClick={onLoad}>
        {loading && <LoaderCircle aria-hidden="true" className="animate-spin" />}
        {loading ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}

const rowsOf = (data: InfiniteData<TeacherSubmissionsResponse> | undefined) => data?.pages.flatMap((p) => p.items) ?? [];

/**
 * /dashboard/teacher/submissions: the latest attempts of the teacher's subjects, to grade (spec §2
 * Submissions). Only the open tab is read, a page at a time; every page carries both tabs' counts.
 */
export function SubmissionsPage() {
  const [wanted, chooseSubject] = useSubjectParam();
  const subjects = useMySubjectsQuery();
  const mine = subjects.data?.subjects ?? [];
  const subject = (wanted && mine.find((s) => s.id === wanted)) || null;
  const [tab, setTab] = useState<SubmissionTab>('pending');
  const [unanswered, chooseUnanswered] = useUnansweredParam();
  // With ?subject= the list waits for the subjects, so that it is read once, for the right subject.
  const list = useTeacherSubmissionsQuery(subject?.id ?? null, tab, !wanted || subjects.isSuccess, unanswered);
  const client = useQueryClient();
  const other = client.getQueryData<InfiniteData<TeacherSubmissionsResponse>>(gradingKeys.teacherSubmissions(subject?.id ?? null, tab === 'pending' ? 'graded' : 'pending', unanswered));
  // The newest counts seen: the open tab's last page, else (while a newly opened tab loads) the other tab's.
  const counts = list.data?.pages.at(-1)?.counts ?? other?.pages.at(-1)?.counts;
  const [grading, setGrading] = useState<Submission | null>(null);
  // The dialog's submission as last read: a grade given meanwhile moves it out of the open tab, so the
  // dialog's own detail read (refreshed on a 409) counts too; the newest version wins, for expectedVersion.
  const detail = useSubmissionDetailQuery(grading?.id ?? '', grading !== null);
  const graded = grading
    ? [detail.data?.submission, ...[...rowsOf(list.data), ...rowsOf(other)].filter((s) => s.id === grading.id)].reduce<Submission>(
        (newest, s) => (s && s.id === grading.id && s.version > newest.version ? s : newest),
        grading,
      )
    : null;
  const rows = rowsOf(list.data);
  const onGrade = (id: string) => setGrading(rows.find((s) => s.id === id) ?? null);
  async function loadMore() {
    const next = await list.fetchNextPage();
    if (next.isFetchNextPageError) toast.error(errorMessage(next.error, 'Failed to load more submissions'));
  }

  let body;
  // A failed "Load more" keeps the rows shown (a toast says so); any other failure replaces them.
  if (subjects.isError || (list.isError && !list.isFetchNextPageError)) {
    const failed = subjects.isError ? subjects : list;
    body = <ErrorPanel title="The submissions could not be loaded." message={errorMessage(failed.error, 'Please try again.')} onRetry={() => void failed.refetch()} />;
  } else if (!counts) body = <Spinner className="py-10" label="Loading submissions…" />;
  else
    body = (
      <Tabs value={tab} onValueChange={(value) => setTab(value as SubmissionTab)}>
        <TabsList>
          {SUBMISSION_TABS.map((t) => (
            <TabsTrigger key={t} value={t}>
              {TABS[t].label(counts[t])}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={tab}>
          {list.isPending ? (
            <Spinner className="py-10" label="Loading submissions…" />
          ) : (
            <>
              <SubmissionsTable label={TABS[tab].table} submissions={rows} onGrade={onGrade} empty={TABS[tab].empty} />
              <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoad={() => void loadMore()} />
            </>
          )}
        </TabsContent>
      </Tabs>
    );

  return (
    <>
      <PageHeader title="Submissions" description="Your students' tasks and capstones: review, grade and give feedback." actions={<ExportCsv subject={subject} />} />
      <div className="flex flex-wrap items-end gap-4">
        <SubjectFilter subjects={mine} value={subject?.id ?? ''} onChange={chooseSubject} />
        <UnansweredFilter checked={unanswered} onChange={chooseUnanswered} />
      </div>
      {body}
      <GradeDialog submission={graded} onClose={() => setGrading(null)} />
    </>
  );
}
