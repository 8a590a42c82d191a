import type { Role } from '@academy/contracts';
import { DASHBOARD_PATHS, hintCookieSet } from '@academy/web-session';
import { prefetchRemote } from './remote-route';

/** Each role's remote (Module Federation name), mounted under its dashboard path. */
export const DASHBOARD_REMOTES: Record<Role, string> = {
  student: 'dashboard_student/Module',
  teacher: 'dashboard_teacher/Module',
  admin: 'dashboard_admin/Module',
  student_admin: 'dashboard_student_admin/Module',
  auditor: 'dashboard_auditor/Module',
};

/** Starts downloading `role`'s dashboard: right after sign-in, while the toast shows and the route changes. */
export function prefetchDashboard(role: Role): void {
  prefetchRemote(DASHBOARD_REMOTES[role]);
}

/**
 * On a page load under /dashboard/<role>, the remote of that path, so that it downloads beside the
 * app's code and the session's refresh. Only for a reader the session hint says is signed in: the
 * route's role guard still decides what renders; an anonymous visitor downloads nothing.
 */
export function prefetchDashboardForPath(pathname: string): void {
  if (!hintCookieSet()) return;
  const role = (Object.keys(DASHBOARD_PATHS) as Role[]).find((r) => pathname === DASHBOARD_PATHS[r] || pathname.startsWith(`${DASHBOARD_PATHS[r]}/`));
  if (role) prefetchDashboard(role);
}
