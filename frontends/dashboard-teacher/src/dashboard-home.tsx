import { Link } from 'react-router-dom';
import { CalendarDays, Inbox, Library, Users } from 'lucide-react';
import { buttonVariants } from '@academy/ui';
import { NOT_YET, PinnedAnnouncements, StatCard, useTeacherDashboardQuery } from '@academy/web-dashboard';
import { DASHBOARD_PATHS } from '@academy/web-session';

/**
 * The teacher's dashboard (spec §2; its static cards are a defect: fix): the subjects assigned, the
 * students actively enrolled in their programs, the submissions waiting for a grade, and the week most
 * of those students are in.
 */
export function DashboardHome() {
  const figures = useTeacherDashboardQuery();
  const data = figures.data;
  const failed = figures.isError ? 'Could not be loaded' : undefined;
  const loading = figures.isPending;
  const base = DASHBOARD_PATHS.teacher;
  return (
    <>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Teacher Dashboard</h1>
        <p className="text-muted-foreground">Your subjects, weekly content and submissions to grade in one place.</p>
      </header>
      <PinnedAnnouncements />
      <section aria-label="At a glance" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard title="Active Courses" icon={Library} loading={loading} value={data ? data.activeCourses : NOT_YET} caption={failed ?? 'Subjects assigned to you'} />
        <StatCard title="Total Students" icon={Users} loading={loading} value={data ? data.totalStudents : NOT_YET} caption={failed ?? 'Actively enrolled in your programs'} />
        <StatCard title="Pending Grading" icon={Inbox} loading={loading} value={data ? data.pendingGrading : NOT_YET} caption={failed ?? 'Submissions waiting for a grade'} />
        <StatCard
          title="Current Week"
          icon={CalendarDays}
          loading={loading}
          value={data?.currentWeek ? `Week ${data.currentWeek}` : NOT_YET}
          caption={failed ?? (data?.currentWeek ? 'Where most of your students are' : 'No active students yet')}
        />
      </section>
      <section aria-labelledby="quick-actions" className="flex flex-col gap-3">
        <h2 id="quick-actions" className="text-lg font-semibold">
          Quick actions
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link to={`${base}/subjects`} className={buttonVariants({ variant: 'outline' })}>
            <Library aria-hidden="true" />
            My Subjects
          </Link>
          <Link to={`${base}/weeks`} className={buttonVariants({ variant: 'outline' })}>
            <CalendarDays aria-hidden="true" />
            Weekly Content
          </Link>
          <Link to={`${base}/submissions`} className={buttonVariants({ variant: 'outline' })}>
            <Inbox aria-hidden="true" />
            Submissions
          </Link>
        </div>
      </section>
    </>
  );
}
