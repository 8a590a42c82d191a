import type { ReactNode } from 'react';
import { AnnouncementsPage, AttendancePage, RoleDashboard, SettingsPage } from '@academy/web-dashboard';
import { DashboardHome } from './dashboard-home';
import { SubjectsPage } from './subjects-page';
import { SubmissionsPage } from './submissions-page';
import { WeeksPage } from './weeks-page';
import './styles.css';

/** The teacher's pages, by menu path. */
const PAGES = { subjects: <SubjectsPage />, weeks: <WeeksPage />, submissions: <SubmissionsPage />, attendance: <AttendancePage />, announcements: <AnnouncementsPage />, settings: <SettingsPage /> };

/** Exposed as ./Module: the teacher's routes, relative to the shell's /dashboard/teacher/*. */
export default function TeacherDashboardModule({ notFound }: { notFound?: ReactNode }) {
  return <RoleDashboard role="teacher" home={<DashboardHome />} pages={PAGES} notFound={notFound} />;
}
