import { FileText, Layers, UserPlus, Users } from 'lucide-react';
import { NOT_YET, PageHeader, PinnedAnnouncements, QuickActions, StatCard, type QuickAction, useAdmissionsCountsQuery, useEnrollmentCountsQuery, useStudentsQuery } from '@academy/web-dashboard';
import { DASHBOARD_PATHS } from '@academy/web-session';

const base = DASHBOARD_PATHS.student_admin;
const QUICK_ACTIONS: QuickAction[] = [
  { to: `${base}/students`, icon: Users, label: 'Manage Students' },
  { to: `${base}/create`, icon: UserPlus, label: 'Create Account' },
  { to: `${base}/prospective`, icon: FileText, label: 'View Applications' },
];

/**
 * The student administrator's dashboard: every figure is read from the API. This role may not list
 * enrollments, only count them (GET /api/enrollment-counts).
 */
export function DashboardHome() {
  const students = useStudentsQuery();
  const admissions = useAdmissionsCountsQuery();
  const enrollments = useEnrollmentCountsQuery();
  return (
    <>
      <PageHeader title="Student Admin Dashboard" description="Student accounts and admission applications in one place." />
      <PinnedAnnouncements />
      <section aria-label="At a glance" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard
          title="Total Students"
          icon={Users}
          loading={students.isPending}
          value={students.data?.students.length ?? NOT_YET}
          caption={students.isError ? 'Could not be loaded' : undefined}
        />
        <StatCard
          title="Pending Applications"
          icon={FileText}
          loading={admissions.isPending}
          value={admissions.data?.pendingApplications ?? NOT_YET}
          caption={admissions.isError ? 'Could not be loaded' : admissions.data ? `Waiting for a reply; ${admissions.data.openApplications} open in all (pending or contacted)` : undefined}
        />
        <StatCard
          title="Active Enrollments"
          icon={Layers}
          loading={enrollments.isPending}
          value={enrollments.data?.counts.active ?? NOT_YET}
          caption={enrollments.isError ? 'Could not be loaded' : enrollments.data ? `${enrollments.data.counts.pending} pending activation` : undefined}
        />
      </section>
      <QuickActions actions={QUICK_ACTIONS} />
    </>
  );
}
