import type { ReactNode } from 'react';
import { RoleDashboard } from '@academy/web-dashboard';
import { DashboardHome } from './dashboard-home';
import './styles.css';

/** Exposed as ./Module: the student's routes, relative to the shell's /dashboard/student/*. */
export default function StudentDashboardModule({ notFound }: { notFound?: ReactNode }) {
  return <RoleDashboard role="student" home={<DashboardHome />} notFound={notFound} />;
}
