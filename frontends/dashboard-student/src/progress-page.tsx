import { useId } from 'react';
import { CalendarDays, ClipboardCheck, Trophy } from 'lucide-react';
import type { ProgressResponse } from '@academy/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, DataTable, type DataColumn } from '@academy/ui';
import { NOT_YET, PageHeader, QueryView, StatCard, useProgressQuery } from '@academy/web-dashboard';
import { NoActiveEnrollment, ProgramProgress, weekOf } from './course-page';
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

type ProgressWeek = ProgressResponse['weeks'][number];

const capstoneOf = (w: ProgressWeek) => (w.capstonesPassed > 0 ? 'Passed' : w.capstonesSubmitted > 0 ? 'Submitted' : 'Not submitted');

const WEEK_COLUMNS: DataColumn<ProgressWeek>[] = [
  { id: 'week', header: 'Week', cell: (w) => `Week ${w.weekNumber}`, sortValue: (w) => w.weekNumber, className: 'font-medium', hideOnCard: true },
  { id: 'submitted', header: 'Tasks submitted', cell: (w) => w.tasksSubmitted, sortValue: (w) => w.tasksSubmitted, className: 'tabular-nums' },
  { id: 'graded', header: 'Tasks graded', cell: (w) => w.tasksGraded, sortValue: (w) => w.tasksGraded, className: 'tabular-nums' },
  { id: 'capstone', header: 'Capstone', cell: capstoneOf, sortValue: capstoneOf },
  { id: 'average', header: 'Average score', cell: (w) => formatAverage(w.averageScore), sortValue: (w) => w.averageScore, className: 'tabular-nums' },
];

export function ProgressView({ progress }: { progress: ProgressResponse }) {
  const trendId = useId();
  const totals = progressTotals(progress.weeks);
  const percent = progress.percent ?? 0;
  return (
    <>
      {progress.currentWeek === null ? (
        <NoActiveEnrollment />
      ) : (
        <Card>
          <CardContent>
            <ProgramProgress label="Program progress" currentWeek={progress.currentWeek} percent={percent} testId="program-progress" />
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
      <DataTable
        label="Week by week"
        columns={WEEK_COLUMNS}
        data={progress.weeks}
        getRowId={(w) => String(w.weekNumber)}
        rowTitle={(w) => `Week ${w.weekNumber}`}
        rowAttributes={(w) => ({ 'data-week': String(w.weekNumber) })}
        empty="No submissions yet. Complete weekly tasks to see your progress here."
      />
    </>
  );
}

/** /dashboard/student/progress (spec §2 links it but never routes it: fix): week by week, and the score trend. */
export function ProgressPage() {
  const progress = useProgressQuery();
  return (
    <>
      <PageHeader title="Progress" description="How far you are through your program, week by week." />
      <QueryView query={progress} pending="Loading your progress…" error="Your progress could not be loaded.">
        {(data) => <ProgressView progress={data} />}
      </QueryView>
    </>
  );
}
