import type { ReactNode } from 'react';
import { RoleDashboard } from '@academy/web-dashboard';
import { DashboardHome } from './dashboard-home';
import './styles.css';

/** Exposed as ./Module: the student administrator's routes, relative to the shell's /dashboard/student-admin/*. */
export default function StudentAdminDashboardModule({ notFound }: { notFound?: ReactNode }) {
  return <RoleDashboard role="student_admin" home={<DashboardHome />} notFound={notFound} />;
}
