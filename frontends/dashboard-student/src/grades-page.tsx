import { ClipboardCheck, Percent, Trophy } from 'lucide-react';
import { EXTENSION_MESSAGES, GRADING_MESSAGES, WORK_KIND_LABELS, type MyGradesResponse, type Submission } from '@academy/contracts';
import { Badge, DataTable, type DataColumn } from '@academy/ui';
import { PageHeader, QueryView, RubricBreakdown, StatCard, formatDate, formatDueDate, useMyGradesQuery } from '@academy/web-dashboard';
import { formatAverage, formatPercent, formatScore, gradeStatusLabel, statusVariant } from './grading-format';
import { ConversationButton, ConversationDialog, useConversationParam } from './conversation-dialog';
import { SubmitDialog } from './submit-dialog';

export function GradeCards({ summary }: { summary: MyGradesResponse['summary'] }) {
  return (
    <section aria-label="Summary" className="grid gap-4 sm:grid-cols-3">
      <StatCard title="Average Score" icon={Trophy} value={formatAverage(summary.averageScore)} caption="Mean of your scored grades" />
      <StatCard title="Submissions" icon={ClipboardCheck} value={summary.total} caption={`${summary.graded} graded`} />
      <StatCard title="Pass Rate" icon={Percent} value={formatPercent(summary.passRate)} caption="Passed of graded" />
    </section>
  );
}

const GRADE_COLUMNS: DataColumn<Submission>[] = [
  { id: 'type', header: 'Type', cell: (s) => WORK_KIND_LABELS[s.kind], sortValue: (s) => WORK_KIND_LABELS[s.kind] },
  {
    id: 'title',
    header: 'Title',
    cell: (s) => (
      <>
        {s.title}
        <span className="block text-xs font-normal text-muted-foreground">
          {`Week ${s.weekNumber} · ${s.subjectName}`}
          {s.attempt > 1 && ` · attempt ${s.attempt}`}
          {s.late && ' · late'}
          {/* Judged against the student's extension (issue 30 §4): the date that counted. */}
          {s.extended && s.dueAt && <span data-testid="extended-to">{` · ${EXTENSION_MESSAGES.extendedTo(formatDueDate(s.dueAt))}`}</span>}
        </span>
      </>
    ),
    sortValue: (s) => s.title,
    className: 'font-medium whitespace-normal',
  },
  { id: 'submitted', header: 'Submitted', cell: (s) => <time dateTime={s.submittedAt}>{formatDate(s.submittedAt)}</time>, sortValue: (s) => s.submittedAt, className: 'whitespace-nowrap' },
  { id: 'score', header: 'Score', cell: (s) => formatScore(s.grade?.score), sortValue: (s) => s.grade?.score, className: 'tabular-nums' },
  { id: 'status', header: 'Status', cell: (s) => <Badge variant={statusVariant(s.grade?.status)}>{gradeStatusLabel(s.grade?.status)}</Badge>, sortValue: (s) => gradeStatusLabel(s.grade?.status) },
  {
    id: 'feedback',
    header: 'Feedback',
    cell: (s) => (
      <>
        {s.grade?.feedback ? <span className="line-clamp-2">{s.grade.feedback}</span> : <span className="text-muted-foreground">{GRADING_MESSAGES.noFeedback}</span>}
        {/* Graded with a rubric (issue 30 §2): what made the score. */}
        {s.grade?.rubric && <RubricBreakdown rubric={s.grade.rubric} />}
      </>
    ),
    className: 'max-w-xs whitespace-normal',
  },
];

/** `onConversation`: open a submission's conversation (the page's one dialog). */
export function GradesTable({ submissions, onConversation }: { submissions: readonly Submission[]; onConversation?: (id: string) => void }) {
  return (
    <DataTable
      label="My grades"
      columns={GRADE_COLUMNS}
      data={submissions}
      getRowId={(s) => s.id}
      rowTitle={(s) => s.title}
      rowAttributes={(s) => ({ 'data-submission-id': s.id })}
      // A needs-revision item of an earlier week is no longer on Weekly Lessons: it can be sent again from here.
      actions={(s) => (
        <div className="flex flex-wrap justify-end gap-2">
          {onConversation && <ConversationButton submission={s} onOpen={onConversation} />}
          {s.latest && s.grade?.status === 'needs_revision' && <SubmitDialog kind={s.kind} itemId={s.itemId} title={s.title} again />}
        </div>
      )}
      empty={GRADING_MESSAGES.noSubmissions}
    />
  );
}

/** /dashboard/student/grades: the student's scores, pass rate and feedback (spec §2 My Grades). */
export function GradesPage() {
  const grades = useMyGradesQuery();
  const [conversation, openConversation] = useConversationParam();
  const talkedAbout = grades.data?.submissions.find((s) => s.id === conversation) ?? null;
  return (
    <>
      <PageHeader title="My Grades" description="Your scores and your teachers' feedback on every task and capstone you submitted." />
      <QueryView query={grades} pending="Loading your grades…" error="Your grades could not be loaded.">
        {(data) => (
          <>
            <GradeCards summary={data.summary} />
            <GradesTable submissions={data.submissions} onConversation={openConversation} />
          </>
        )}
      </QueryView>
      <ConversationDialog submission={talkedAbout} onClose={() => openConversation(null)} />
    </>
  );
}
