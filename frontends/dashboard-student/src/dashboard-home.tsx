import { useId } from 'react';
import { Link } from 'react-router-dom';
import { BookOpen, CalendarDays, ClipboardCheck, GraduationCap, Trophy } from 'lucide-react';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle, buttonVariants } from '@academy/ui';
import { NOT_YET, StatCard, useMyEnrollmentQuery } from '@academy/web-dashboard';
import { DASHBOARD_PATHS } from '@academy/web-session';
import { weekOf } from './course-page';

/**
 * The student's dashboard. Current Week and Active Course come from the active enrollment; tasks and
 * grades have no data source until grading is built, so they say so instead of showing a number.
 */
export function DashboardHome() {
  const gettingStarted = useId();
  const mine = useMyEnrollmentQuery();
  const enrollment = mine.data?.enrollment ?? null;
  const failed = mine.isError ? 'Could not be loaded' : undefined;
  const base = DASHBOARD_PATHS.student;
  return (
    <>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Student Dashboard</h1>
        <p className="text-muted-foreground">Your course, weekly lessons and grades in one place.</p>
      </header>
      <section aria-label="At a glance" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          title="Current Week"
          icon={CalendarDays}
          loading={mine.isPending}
          value={enrollment ? weekOf(enrollment.currentWeek) : NOT_YET}
          caption={failed ?? (enrollment ? enrollment.subjectName : 'Not enrolled')}
        />
        <StatCard title="Tasks Completed" icon={ClipboardCheck} value={NOT_YET} caption="Appears when task submissions are in use." />
        <StatCard title="Average Grade" icon={Trophy} value={NOT_YET} caption="Appears when grading is in use." />
        <StatCard
          title="Active Course"
          icon={GraduationCap}
          loading={mine.isPending}
          value={enrollment ? enrollment.programName : '--'}
          caption={failed ?? (enrollment ? 'Active enrollment' : 'Not enrolled')}
        />
      </section>
      <section aria-labelledby="quick-actions" className="flex flex-col gap-3">
        <h2 id="quick-actions" className="text-lg font-semibold">
          Quick actions
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link to={`${base}/course`} className={buttonVariants({ variant: 'outline' })}>
            <GraduationCap aria-hidden="true" />
            My Course
          </Link>
          <Link to={`${base}/lessons`} className={buttonVariants({ variant: 'outline' })}>
            <BookOpen aria-hidden="true" />
            Weekly Lessons
          </Link>
        </div>
      </section>
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
    </>
  );
}
