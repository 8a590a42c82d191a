import type { ReactNode } from 'react';
import { MyAttendancePage, RoleDashboard, SettingsPage } from '@academy/web-dashboard';
import { CoursePage } from './course-page';
import { DashboardHome } from './dashboard-home';
import { GradesPage } from './grades-page';
import { LessonsPage } from './lessons-page';
import { ProgressPage } from './progress-page';
import './styles.css';

/** The student's pages, by menu path (Progress included: the spec links it but never routes it). */
const PAGES = { course: <CoursePage />, lessons: <LessonsPage />, grades: <GradesPage />, progress: <ProgressPage />, attendance: <MyAttendancePage />, settings: <SettingsPage /> };

/** Exposed as ./Module: the student's routes, relative to the shell's /dashboard/student/*. */
export default function StudentDashboardModule({ notFound }: { notFound?: ReactNode }) {
  return <RoleDashboard role="student" home={<DashboardHome />} pages={PAGES} notFound={notFound} />;
}
