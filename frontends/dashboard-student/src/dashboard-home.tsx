import { useId } from 'react';
import { Link } from 'react-router-dom';
import { BookOpen, CalendarDays, ClipboardCheck, GraduationCap, TrendingUp, Trophy } from 'lucide-react';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle, buttonVariants } from '@academy/ui';
import { NOT_YET, PageHeader, PinnedAnnouncements, QuickActions, StatCard, type QuickAction, useStudentDashboardQuery } from '@academy/web-dashboard';
import { DASHBOARD_PATHS } from '@academy/web-session';
import { weekOf } from './course-page';
import { formatAverage } from './grading-format';

const base = DASHBOARD_PATHS.student;
const QUICK_ACTIONS: QuickAction[] = [
  { to: `${base}/course`, icon: GraduationCap, label: 'My Course' },
  { to: `${base}/lessons`, icon: BookOpen, label: 'Weekly Lessons' },
  { to: `${base}/grades`, icon: Trophy, label: 'My Grades' },
  { to: `${base}/progress`, icon: TrendingUp, label: 'Progress' },
];

/**
 * The student's dashboard (spec §2; its static cards are a defect: fix): the current week and course
 * of the active enrollment, this week's tasks passed out of 5, and the average of the scored grades.
 */
export function DashboardHome() {
  const gettingStarted = useId();
  const figures = useStudentDashboardQuery();
  const data = figures.data;
  const failed = figures.isError ? 'Could not be loaded' : undefined;
  const loading = figures.isPending;
  const enrolled = data?.activeCourse ?? null;
  return (
    <>
      <PageHeader title="Student Dashboard" description="Your course, weekly lessons and grades in one place." />
      <PinnedAnnouncements />
      <section aria-label="At a glance" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          title="Current Week"
          icon={CalendarDays}
          loading={loading}
          value={data?.currentWeek ? weekOf(data.currentWeek) : NOT_YET}
          caption={failed ?? (enrolled ? 'Of your program' : 'Not enrolled')}
        />
        <StatCard
          title="Tasks Completed"
          icon={ClipboardCheck}
          loading={loading}
          value={data ? `${data.tasksCompleted}/${data.tasksTotal}` : NOT_YET}
          caption={failed ?? 'Tasks passed this week'}
        />
        <StatCard title="Average Grade" icon={Trophy} loading={loading} value={data ? formatAverage(data.averageGrade) : NOT_YET} caption={failed ?? 'Mean of your scored grades'} />
        <StatCard
          title="Active Course"
          icon={GraduationCap}
          loading={loading}
          value={enrolled ? enrolled.programName : NOT_YET}
          caption={failed ?? (enrolled ? 'Active enrollment' : 'Not enrolled')}
        />
      </section>
      <QuickActions actions={QUICK_ACTIONS} />
      {/* Only for a student without an enrollment: once enrolled, the figures above say where they are. */}
      {data && !enrolled && (
      <Card role="region" aria-labelledby={gettingStarted} className="max-w-2xl">
        <CardHeader>
          <CardTitle id={gettingStarted}>Getting started</CardTitle>
          <CardDescription>
            After an administrator enrolls you in a programme, you will see your weekly content here, submit your tasks via GitHub
            and track your progress.
          </CardDescription>
        </CardHeader>
        <CardFooter>
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            Back to the home page
          </Link>
        </CardFooter>
      </Card>
      )}
    </>
  );
}
