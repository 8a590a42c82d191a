import { useId } from 'react';
import { CalendarDays, ClipboardCheck, Trophy } from 'lucide-react';
import type { ProgressResponse } from '@academy/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorPanel, Spinner, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@academy/ui';
import { NOT_YET, PageHeader, StatCard, useProgressQuery } from '@academy/web-dashboard';
import { errorMessage } from '@academy/web-session';
import { NoActiveEnrollment, weekOf } from './course-page';
import { formatAverage } from './grading-format';
import { ScoreChart, type TrendPoint } from './score-chart';

/** The totals over every week: tasks submitted and graded, capstones passed. */
export function progressTotals(weeks: ProgressResponse['weeks']) {
  return weeks.reduce(
    (sum, w) => ({ tasksSubmitted: sum.tasksSubmitted + w.tasksSubmitted, tasksGraded: sum.tasksGraded + w.tasksGraded, capstonesPassed: sum.capstonesPassed + w.capstonesPassed }),
    { tasksSubmitted: 0, tasksGraded: 0, capstonesPassed: 0 },
  );
}

/** The chart's points: each scored grade, labelled by its week and item. */
export const trendPoints = (trend: ProgressResponse['trend']): TrendPoint[] => trend.map((t) => ({ label: `Week ${t.weekNumber} ${t.title}`, score: t.score }));

export function ProgressView({ progress }: { progress: ProgressResponse }) {
  const progressId = useId();
  const trendId = useId();
  const totals = progressTotals(progress.weeks);
  const percent = progress.percent ?? 0;
  return (
    <>
      {progress.currentWeek === null ? (
        <NoActiveEnrollment />
      ) : (
        <Card>
          <CardContent className="grid gap-2">
            <div className="flex items-center justify-between text-sm">
              <span id={progressId}>Program progress</span>
              <span className="tabular-nums" data-testid="program-progress">
                {weekOf(progress.currentWeek)} · {percent}%
              </span>
            </div>
            <div role="progressbar" aria-labelledby={progressId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 w-full overflow-hidden rounded-full bg-muted">
              <div className="h-full bg-primary" style={{ width: `${percent}%` }} />
            </div>
          </CardContent>
        </Card>
      )}
      <section aria-label="Totals" className="grid gap-4 sm:grid-cols-3">
        <StatCard title="Tasks Submitted" icon={ClipboardCheck} value={totals.tasksSubmitted} caption={`${totals.tasksGraded} graded`} />
        <StatCard title="Capstones Passed" icon={Trophy} value={totals.capstonesPassed} caption="Each one unlocks the next week" />
        <StatCard title="Current Week" icon={CalendarDays} value={progress.currentWeek === null ? NOT_YET : weekOf(progress.currentWeek)} caption={progress.currentWeek === null ? 'Not enrolled' : `${percent}% of the program`} />
      </section>
      <Card role="region" aria-labelledby={trendId}>
        <CardHeader>
          <CardTitle id={trendId}>Score trend</CardTitle>
          <CardDescription>Your scores in the order they were graded.</CardDescription>
        </CardHeader>
        <CardContent>
          <ScoreChart points={trendPoints(progress.trend)} />
        </CardContent>
      </Card>
      {progress.weeks.length === 0 ? (
        <p className="rounded-md border p-6 text-center text-muted-foreground">No submissions yet. Complete weekly tasks to see your progress here.</p>
      ) : (
        <Table aria-label="Week by week">
          <TableHeader>
            <TableRow>
              <TableHead>Week</TableHead>
              <TableHead>Tasks submitted</TableHead>
              <TableHead>Tasks graded</TableHead>
              <TableHead>Capstone</TableHead>
              <TableHead>Average score</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {progress.weeks.map((w) => (
              <TableRow key={w.weekNumber} data-week={w.weekNumber}>
                <TableCell className="font-medium">{`Week ${w.weekNumber}`}</TableCell>
                <TableCell className="tabular-nums">{w.tasksSubmitted}</TableCell>
                <TableCell className="tabular-nums">{w.tasksGraded}</TableCell>
                <TableCell>{w.capstonesPassed > 0 ? 'Passed' : w.capstonesSubmitted > 0 ? 'Submitted' : 'Not submitted'}</TableCell>
                <TableCell className="tabular-nums">{formatAverage(w.averageScore)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}

/** /dashboard/student/progress (spec §2 links it but never routes it: fix): week by week, and the score trend. */
export function ProgressPage() {
  const progress = useProgressQuery();
  let body;
  if (progress.isPending) body = <Spinner className="py-10" label="Loading your progress…" />;
  else if (progress.isError) body = <ErrorPanel title="Your progress could not be loaded." message={errorMessage(progress.error, 'Please try again.')} onRetry={() => void progress.refetch()} />;
  else body = <ProgressView progress={progress.data} />;
  return (
    <>
      <PageHeader title="Progress" description="How far you are through your program, week by week." />
      {body}
    </>
  );
}
