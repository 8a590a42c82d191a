import type { ReactNode } from 'react';
import { DASHBOARD_MENUS, PlannedPage, RoleDashboard } from '@academy/web-dashboard';
import './styles.css';

/** Exposed as ./Module: the auditor's routes (issue 16), relative to the shell's /dashboard/auditor/*. */
export default function AuditorDashboardModule({ notFound }: { notFound?: ReactNode }) {
  return <RoleDashboard role="auditor" home={<PlannedPage entry={DASHBOARD_MENUS.auditor[0]} />} notFound={notFound} />;
}
