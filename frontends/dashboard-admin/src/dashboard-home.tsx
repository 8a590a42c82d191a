import { Link } from 'react-router-dom';
import { Activity, FileText, GraduationCap, Hourglass, Layers, UserCheck, UserPlus, Users } from 'lucide-react';
import type { AdmissionsCounts, Enrollment } from '@academy/contracts';
import { buttonVariants } from '@academy/ui';
import { NOT_YET, PinnedAnnouncements, StatCard, countOf, describeHealth, useAdmissionsCountsQuery, useEnrollmentsQuery, useHealthQuery, useUsersQuery } from '@academy/web-dashboard';
import { DASHBOARD_PATHS } from '@academy/web-session';

/** Programs with at least one active enrollment, and enrollments waiting for activation. */
export function enrollmentFigures(enrollments: readonly Enrollment[]) {
  return {
    activePrograms: new Set(enrollments.filter((e) => e.status === 'active').map((e) => e.programId)).size,
    pending: enrollments.filter((e) => e.status === 'pending').length,
  };
}

/** Under 'Pending Approvals' (applications nobody has answered yet): how many are still open in all. */
export const pendingApprovalsCaption = (counts: AdmissionsCounts) =>
  `Applications waiting for a reply; ${counts.openApplications} open in all (pending or contacted)`;

/** The admin's dashboard: every figure is read from the API. */
export function DashboardHome() {
  const users = useUsersQuery();
  const enrollments = useEnrollmentsQuery();
  const health = useHealthQuery();
  const admissions = useAdmissionsCountsQuery();
  const figures = enrollments.data ? enrollmentFigures(enrollments.data.enrollments) : null;
  const status = health.data ? describeHealth(health.data) : null;
  const base = DASHBOARD_PATHS.admin;
  return (
    <>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
        <p className="text-muted-foreground">Programs, subjects, users, teacher assignments and enrollments in one place.</p>
      </header>
      <PinnedAnnouncements />
      <section aria-label="At a glance" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          title="Total Users"
          icon={Users}
          loading={users.isPending}
          value={users.data?.counts.total ?? NOT_YET}
          caption={users.isError ? 'Could not be loaded' : users.data ? `${countOf(users.data.counts.admins, 'admin')}, ${countOf(users.data.counts.teachers, 'teacher')}, ${countOf(users.data.counts.students, 'student')}` : undefined}
        />
        <StatCard
          title="Active Programs"
          icon={GraduationCap}
          loading={enrollments.isPending}
          value={figures?.activePrograms ?? NOT_YET}
          caption={enrollments.isError ? 'Could not be loaded' : `Programs with at least one active enrollment${figures ? `; ${countOf(figures.pending, 'enrollment')} pending` : ''}`}
        />
        <StatCard
          title="Pending Approvals"
          icon={Hourglass}
          loading={admissions.isPending}
          value={admissions.data?.pendingApplications ?? NOT_YET}
          caption={admissions.isError ? 'Could not be loaded' : admissions.data ? pendingApprovalsCaption(admissions.data) : undefined}
        />
        <StatCard
          title="System Status"
          icon={Activity}
          loading={health.isPending}
          value={status?.value ?? (health.isError ? 'Unknown' : NOT_YET)}
          caption={status?.caption ?? (health.isError ? 'The health check could not be read' : undefined)}
        />
      </section>
      <section aria-labelledby="quick-actions" className="flex flex-col gap-3">
        <h2 id="quick-actions" className="text-lg font-semibold">
          Quick actions
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link to={`${base}/users`} className={buttonVariants({ variant: 'outline' })}>
            <Users aria-hidden="true" />
            Manage Users
          </Link>
          <Link to={`${base}/create-user`} className={buttonVariants({ variant: 'outline' })}>
            <UserPlus aria-hidden="true" />
            Create User
          </Link>
          <Link to={`${base}/prospective`} className={buttonVariants({ variant: 'outline' })}>
            <FileText aria-hidden="true" />
            Prospective Students
          </Link>
          <Link to={`${base}/programs`} className={buttonVariants({ variant: 'outline' })}>
            <GraduationCap aria-hidden="true" />
            Manage Programs
          </Link>
          <Link to={`${base}/assignments`} className={buttonVariants({ variant: 'outline' })}>
            <UserCheck aria-hidden="true" />
            Assign Teachers
          </Link>
          <Link to={`${base}/enrollments`} className={buttonVariants({ variant: 'outline' })}>
            <Layers aria-hidden="true" />
            Manage Enrollments
          </Link>
        </div>
      </section>
    </>
  );
}
