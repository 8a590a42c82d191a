import { CalendarDays, Inbox, Library, Users } from 'lucide-react';
import { NOT_YET, PageHeader, PinnedAnnouncements, QuickActions, StatCard, type QuickAction, useTeacherDashboardQuery } from '@academy/web-dashboard';
import { DASHBOARD_PATHS } from '@academy/web-session';

const base = DASHBOARD_PATHS.teacher;
const QUICK_ACTIONS: QuickAction[] = [
  { to: `${base}/subjects`, icon: Library, label: 'My Subjects' },
  { to: `${base}/weeks`, icon: CalendarDays, label: 'Weekly Content' },
  { to: `${base}/submissions`, icon: Inbox, label: 'Submissions' },
];

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
  return (
    <>
      <PageHeader title="Teacher Dashboard" description="Your subjects, weekly content and submissions to grade in one place." />
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
      <QuickActions actions={QUICK_ACTIONS} />
    </>
  );
}
