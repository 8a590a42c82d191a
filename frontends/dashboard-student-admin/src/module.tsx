import type { ReactNode } from 'react';
import { AnnouncementsPage, CreateUserPage, ProspectivePage, RoleDashboard, STUDENT_ADMIN_ROLE_OPTIONS, SettingsPage } from '@academy/web-dashboard';
import { DashboardHome } from './dashboard-home';
import { StudentsPage } from './students-page';
import './styles.css';

/** The student administrator's pages, by menu path. */
const PAGES = {
  students: <StudentsPage />,
  create: <CreateUserPage title="Create" roles={STUDENT_ADMIN_ROLE_OPTIONS} />,
  prospective: <ProspectivePage title="Prospective" />,
  announcements: <AnnouncementsPage />,
  settings: <SettingsPage />,
};

/** Exposed as ./Module: the student administrator's routes, relative to the shell's /dashboard/student-admin/*. */
export default function StudentAdminDashboardModule({ notFound }: { notFound?: ReactNode }) {
  return <RoleDashboard role="student_admin" home={<DashboardHome />} pages={PAGES} notFound={notFound} />;
}
