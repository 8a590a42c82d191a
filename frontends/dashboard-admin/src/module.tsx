import type { ReactNode } from 'react';
import { AnnouncementsPage, CreateUserPage, HolidaysPage, ProspectivePage, RoleDashboard, SchedulesPage, SettingsPage, WhyPage } from '@academy/web-dashboard';
import { DashboardHome } from './dashboard-home';
import { UsersPage } from './users-page';
import { ProgramsPage } from './programs-page';
import { SubjectsPage } from './subjects-page';
import { AssignmentsPage } from './assignments-page';
import { EnrollmentsPage } from './enrollments-page';
import { QueuesPage } from './queues-page';
import './styles.css';

/** The admin's pages, by menu path. */
const PAGES = {
  programs: <ProgramsPage />,
  subjects: <SubjectsPage />,
  assignments: <AssignmentsPage />,
  enrollments: <EnrollmentsPage />,
  schedules: <SchedulesPage />,
  holidays: <HolidaysPage />,
  queues: <QueuesPage />,
  users: <UsersPage />,
  'create-user': <CreateUserPage title="Create User" />,
  prospective: <ProspectivePage title="Prospective Students" />,
  announcements: <AnnouncementsPage />,
  settings: <SettingsPage />,
};

/** Reached from the staff screens' "Why?" links, not the menu (the spec's menu stays as it is); no Event log links: that is the auditor's. */
const LINKED_PAGES = { why: <WhyPage eventLog={null} /> };

/** Exposed as ./Module: the admin's routes, relative to the shell's /dashboard/admin/*. */
export default function AdminDashboardModule({ notFound }: { notFound?: ReactNode }) {
  return <RoleDashboard role="admin" home={<DashboardHome />} pages={PAGES} linkedPages={LINKED_PAGES} notFound={notFound} />;
}
