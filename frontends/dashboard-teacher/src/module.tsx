import type { ReactNode } from 'react';
import { RoleDashboard } from '@academy/web-dashboard';
import { DashboardHome } from './dashboard-home';
import './styles.css';

/** Exposed as ./Module: the teacher's routes, relative to the shell's /dashboard/teacher/*. */
export default function TeacherDashboardModule({ notFound }: { notFound?: ReactNode }) {
  return <RoleDashboard role="teacher" home={<DashboardHome />} notFound={notFound} />;
}
