import type { Role, SessionUser } from '@academy/contracts';

/** Each role's dashboard (spec §2). */
export const DASHBOARD_PATHS: Record<Role, string> = {
  admin: '/dashboard/admin',
  teacher: '/dashboard/teacher',
  student: '/dashboard/student',
  student_admin: '/dashboard/student-admin',
  auditor: '/dashboard/auditor',
};

/** The user's own dashboard; student when the role is missing or unknown (spec §4). */
export function dashboardPathFor(role: string | null | undefined): string {
  return role && Object.hasOwn(DASHBOARD_PATHS, role) ? DASHBOARD_PATHS[role as Role] : DASHBOARD_PATHS.student;
}

export type AccessDecision = { kind: 'loading' } | { kind: 'redirect'; to: string } | { kind: 'allow' };

/**
 * The access guard of spec §4, in its order: loading → spinner; no user → /auth; a student who has
 * not completed the first-login profile → /complete-profile; another role → that role's dashboard
 * (student as fallback); otherwise the page.
 */
export function decideAccess(
  session: { loading: boolean; user: Pick<SessionUser, 'role' | 'firstLoginCompleted'> | null },
  requiredRole: Role,
): AccessDecision {
  if (session.loading) return { kind: 'loading' };
  const { user } = session;
  if (!user) return { kind: 'redirect', to: '/auth' };
  if (user.role === 'student' && user.firstLoginCompleted !== true) return { kind: 'redirect', to: '/complete-profile' };
  if (user.role !== requiredRole) return { kind: 'redirect', to: dashboardPathFor(user.role) };
  return { kind: 'allow' };
}
