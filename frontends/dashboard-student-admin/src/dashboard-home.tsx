import { Link } from 'react-router-dom';
import { FileText, Layers, UserPlus, Users } from 'lucide-react';
import { buttonVariants } from '@academy/ui';
import { NOT_YET, PinnedAnnouncements, StatCard, useAdmissionsCountsQuery, useEnrollmentCountsQuery, useStudentsQuery } from '@academy/web-dashboard';
import { DASHBOARD_PATHS } from '@academy/web-session';

/**
 * The student administrator's dashboard: every figure is read from the API. This role may not list
 * enrollments, only count them (GET /api/enrollment-counts).
 */
export function DashboardHome() {
  const students = useStudentsQuery();
  const admissions = useAdmissionsCountsQuery();
  const enrollments = useEnrollmentCountsQuery();
  const base = DASHBOARD_PATHS.student_admin;
  return (
    <>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Student Admin Dashboard</h1>
        <p className="text-muted-foreground">Student accounts and admission applications in one place.</p>
      </header>
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
      <section aria-labelledby="quick-actions" className="flex flex-col gap-3">
        <h2 id="quick-actions" className="text-lg font-semibold">
          Quick actions
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link to={`${base}/students`} className={buttonVariants({ variant: 'outline' })}>
            <Users aria-hidden="true" />
            Manage Students
          </Link>
          <Link to={`${base}/create`} className={buttonVariants({ variant: 'outline' })}>
            <UserPlus aria-hidden="true" />
            Create Account
          </Link>
          <Link to={`${base}/prospective`} className={buttonVariants({ variant: 'outline' })}>
            <FileText aria-hidden="true" />
            View Applications
          </Link>
        </div>
      </section>
    </>
  );
}
