import { ClipboardCheck, Percent, Trophy } from 'lucide-react';
import { GRADING_MESSAGES, WORK_KIND_LABELS, type MyGradesResponse, type Submission } from '@academy/contracts';
import { Badge, ErrorPanel, Spinner, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@academy/ui';
import { PageHeader, StatCard, formatDate, useMyGradesQuery } from '@academy/web-dashboard';
import { errorMessage } from '@academy/web-session';
import { formatAverage, formatPercent, formatScore, gradeStatusLabel, statusVariant } from './grading-format';
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

export function GradesTable({ submissions }: { submissions: readonly Submission[] }) {
  if (submissions.length === 0) return <p className="rounded-md border p-6 text-center text-muted-foreground">{GRADING_MESSAGES.noSubmissions}</p>;
  return (
    <Table aria-label="My grades">
      <TableHeader>
        <TableRow>
          <TableHead>Type</TableHead>
          <TableHead>Title</TableHead>
          <TableHead>Submitted</TableHead>
          <TableHead>Score</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Feedback</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {submissions.map((s) => (
          <TableRow key={s.id} data-submission-id={s.id}>
            <TableCell>{WORK_KIND_LABELS[s.kind]}</TableCell>
            <TableCell className="font-medium whitespace-normal">
              {s.title}
              <span className="block text-xs font-normal text-muted-foreground">
                {`Week ${s.weekNumber} · ${s.subjectName}`}
                {s.attempt > 1 && ` · attempt ${s.attempt}`}
                {s.late && ' · late'}
              </span>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <time dateTime={s.submittedAt}>{formatDate(s.submittedAt)}</time>
            </TableCell>
            <TableCell className="tabular-nums">{formatScore(s.grade?.score)}</TableCell>
            <TableCell>
              <Badge variant={statusVariant(s.grade?.status)}>{gradeStatusLabel(s.grade?.status)}</Badge>
            </TableCell>
            <TableCell className="max-w-xs whitespace-normal">
              {s.grade?.feedback ? <span className="line-clamp-2">{s.grade.feedback}</span> : <span className="text-muted-foreground">{GRADING_MESSAGES.noFeedback}</span>}
            </TableCell>
            <TableCell className="text-right">
              {/* A needs-revision item of an earlier week is no longer on Weekly Lessons: it can be sent again from here. */}
              {s.latest && s.grade?.status === 'needs_revision' && <SubmitDialog kind={s.kind} itemId={s.itemId} title={s.title} again />}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** /dashboard/student/grades: the student's scores, pass rate and feedback (spec §2 My Grades). */
export function GradesPage() {
  const grades = useMyGradesQuery();
  let body;
  if (grades.isPending) body = <Spinner className="py-10" label="Loading your grades…" />;
  else if (grades.isError) body = <ErrorPanel title="Your grades could not be loaded." message={errorMessage(grades.error, 'Please try again.')} onRetry={() => void grades.refetch()} />;
  else
    body = (
      <>
        <GradeCards summary={grades.data.summary} />
        <GradesTable submissions={grades.data.submissions} />
      </>
    );
  return (
    <>
      <PageHeader title="My Grades" description="Your scores and your teachers' feedback on every task and capstone you submitted." />
      {body}
    </>
  );
}
