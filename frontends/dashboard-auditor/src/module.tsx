import type { ReactNode } from 'react';
import { RoleDashboard, WhyPage } from '@academy/web-dashboard';
import { EventLogPage } from './event-log-page';
import { OverviewPage } from './overview-page';
import { VerifyPage } from './verify-page';
import { ReplayPage } from './replay-page';
import { TimeTravelPage } from './time-travel-page';
import './styles.css';

/** The auditor's pages (issue 16), by menu path. */
const PAGES = {
  events: <EventLogPage />,
  verify: <VerifyPage />,
  replay: <ReplayPage />,
  why: <WhyPage />,
  'time-travel': <TimeTravelPage />,
};

/** Exposed as ./Module: the auditor's routes, relative to the shell's /dashboard/auditor/*. */
export default function AuditorDashboardModule({ notFound }: { notFound?: ReactNode }) {
  return <RoleDashboard role="auditor" home={<OverviewPage />} pages={PAGES} notFound={notFound} />;
}
