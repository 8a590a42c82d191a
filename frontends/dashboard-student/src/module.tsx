import type { ReactNode } from 'react';
import { RoleDashboard } from '@academy/web-dashboard';
import { CoursePage } from './course-page';
import { DashboardHome } from './dashboard-home';
import './styles.css';

/** The student's pages built so far, by menu path; the other entries show their planned page. */
const PAGES = { course: <CoursePage /> };

/** Exposed as ./Module: the student's routes, relative to the shell's /dashboard/student/*. */
export default function StudentDashboardModule({ notFound }: { notFound?: ReactNode }) {
  return <RoleDashboard role="student" home={<DashboardHome />} pages={PAGES} notFound={notFound} />;
}
