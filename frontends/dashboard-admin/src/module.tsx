import type { ReactNode } from 'react';
import { CreateUserPage, ProspectivePage, RoleDashboard, SettingsPage } from '@academy/web-dashboard';
import { DashboardHome } from './dashboard-home';
import { UsersPage } from './users-page';
import { ProgramsPage } from './programs-page';
import { SubjectsPage } from './subjects-page';
import { AssignmentsPage } from './assignments-page';
import { EnrollmentsPage } from './enrollments-page';
import './styles.css';

/** The admin's pages built so far, by menu path; the other entries show their planned page. */
const PAGES = {
  programs: <ProgramsPage />,
  subjects: <SubjectsPage />,
  assignments: <AssignmentsPage />,
  enrollments: <EnrollmentsPage />,
  users: <UsersPage />,
  'create-user': <CreateUserPage title="Create User" />,
  prospective: <ProspectivePage title="Prospective Students" />,
  settings: <SettingsPage />,
};

/** Exposed as ./Module: the admin's routes, relative to the shell's /dashboard/admin/*. */
export default function AdminDashboardModule({ notFound }: { notFound?: ReactNode }) {
  return <RoleDashboard role="admin" home={<DashboardHome />} pages={PAGES} notFound={notFound} />;
}
