import { Activity, FileText, GraduationCap, Hourglass, Layers, UserCheck, UserPlus, Users } from 'lucide-react';
import type { AdmissionsCounts, Enrollment } from '@academy/contracts';
import { NOT_YET, PageHeader, PinnedAnnouncements, QuickActions, StatCard, type QuickAction, countOf, describeHealth, useAdmissionsCountsQuery, useEnrollmentsQuery, useHealthQuery, useUsersQuery } from '@academy/web-dashboard';
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

const base = DASHBOARD_PATHS.admin;
const QUICK_ACTIONS: QuickAction[] = [
  { to: `${base}/users`, icon: Users, label: 'Manage Users' },
  { to: `${base}/create-user`, icon: UserPlus, label: 'Create User' },
  { to: `${base}/prospective`, icon: FileText, label: 'Prospective Students' },
  { to: `${base}/programs`, icon: GraduationCap, label: 'Manage Programs' },
  { to: `${base}/assignments`, icon: UserCheck, label: 'Assign Teachers' },
  { to: `${base}/enrollments`, icon: Layers, label: 'Manage Enrollments' },
];

/** The admin's dashboard: every figure is read from the API. */
export function DashboardHome() {
  const users = useUsersQuery();
  const enrollments = useEnrollmentsQuery();
  const health = useHealthQuery();
  const admissions = useAdmissionsCountsQuery();
  const figures = enrollments.data ? enrollmentFigures(enrollments.data.enrollments) : null;
  const status = health.data ? describeHealth(health.data) : null;
  return (
    <>
      <PageHeader title="Admin Dashboard" description="Programs, subjects, users, teacher assignments and enrollments in one place." />
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
      <QuickActions actions={QUICK_ACTIONS} />
    </>
  );
}
