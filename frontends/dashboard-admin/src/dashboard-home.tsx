import { Link } from 'react-router-dom';
import { GraduationCap, Hourglass, UserPlus, Users } from 'lucide-react';
import { buttonVariants } from '@academy/ui';
import { NOT_YET, StatCard, useUsersQuery } from '@academy/web-dashboard';
import { DASHBOARD_PATHS } from '@academy/web-session';

/**
 * The admin's dashboard. Every figure is read from the API; the ones whose part of the academy
 * (programs, approvals) is not built yet say so instead of showing a made-up number.
 */
export function DashboardHome() {
  const users = useUsersQuery();
  const base = DASHBOARD_PATHS.admin;
  return (
    <>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
        <p className="text-muted-foreground">Programs, subjects, users, teacher assignments and enrollments in one place.</p>
      </header>
      <section aria-label="At a glance" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard
          title="Total Users"
          icon={Users}
          loading={users.isPending}
          value={users.data?.counts.total ?? NOT_YET}
          caption={users.isError ? 'Could not be loaded' : users.data ? `${users.data.counts.admins} admins, ${users.data.counts.teachers} teachers, ${users.data.counts.students} students` : undefined}
        />
        <StatCard title="Active Programs" icon={GraduationCap} value={NOT_YET} caption="Appears when programs are in use." />
        <StatCard title="Pending Approvals" icon={Hourglass} value={NOT_YET} caption="Appears when applications are in use." />
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
        </div>
      </section>
    </>
  );
}
