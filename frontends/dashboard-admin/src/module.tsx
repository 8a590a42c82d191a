import type { ReactNode } from 'react';
import { RoleDashboard } from '@academy/web-dashboard';
import { DashboardHome } from './dashboard-home';
import './styles.css';

/** Exposed as ./Module: the admin's routes, relative to the shell's /dashboard/admin/*. */
export default function AdminDashboardModule({ notFound }: { notFound?: ReactNode }) {
  return <RoleDashboard role="admin" home={<DashboardHome />} notFound={notFound} />;
}
