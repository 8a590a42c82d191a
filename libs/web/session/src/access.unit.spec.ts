import { describe, expect, it } from '@jest/globals';
import type { Role } from '@academy/contracts';
import { DASHBOARD_PATHS, dashboardPathFor, decideAccess } from './access';

const user = (role: Role, firstLoginCompleted = true) => ({ role, firstLoginCompleted });

describe('decideAccess (spec §4 access guard)', () => {
  it('1. shows the spinner while the session is loading, whoever the user may be', () => {
    expect(decideAccess({ loading: true, user: null }, 'admin')).toEqual({ kind: 'loading' });
    expect(decideAccess({ loading: true, user: user('teacher') }, 'admin')).toEqual({ kind: 'loading' });
  });

  it('2. sends a visitor without a user to /auth', () => {
    for (const role of ['admin', 'teacher', 'student', 'student_admin'] as const) {
      expect(decideAccess({ loading: false, user: null }, role)).toEqual({ kind: 'redirect', to: '/auth' });
    }
  });

  it('3. sends a student who has not completed the first-login profile to /complete-profile, even on their own dashboard', () => {
    expect(decideAccess({ loading: false, user: user('student', false) }, 'student')).toEqual({ kind: 'redirect', to: '/complete-profile' });
    expect(decideAccess({ loading: false, user: user('student', false) }, 'admin')).toEqual({ kind: 'redirect', to: '/complete-profile' });
  });

  it('3b. does not hold other roles to the profile completion', () => {
    expect(decideAccess({ loading: false, user: user('teacher', false) }, 'teacher')).toEqual({ kind: 'allow' });
  });

  it("4. sends a user without the route's role to their own dashboard", () => {
    expect(decideAccess({ loading: false, user: user('teacher') }, 'admin')).toEqual({ kind: 'redirect', to: '/dashboard/teacher' });
    expect(decideAccess({ loading: false, user: user('admin') }, 'student')).toEqual({ kind: 'redirect', to: '/dashboard/admin' });
    expect(decideAccess({ loading: false, user: user('student_admin') }, 'teacher')).toEqual({ kind: 'redirect', to: '/dashboard/student-admin' });
    expect(decideAccess({ loading: false, user: user('student') }, 'student_admin')).toEqual({ kind: 'redirect', to: '/dashboard/student' });
  });

  it('4b. falls back to the student dashboard for a role it does not know', () => {
    const unknown = { role: 'janitor' as Role, firstLoginCompleted: true };
    expect(decideAccess({ loading: false, user: unknown }, 'admin')).toEqual({ kind: 'redirect', to: '/dashboard/student' });
    expect(dashboardPathFor(undefined)).toBe('/dashboard/student');
    expect(dashboardPathFor('toString')).toBe('/dashboard/student');
  });

  it('5. shows the page to a user with the role', () => {
    for (const role of Object.keys(DASHBOARD_PATHS) as Role[]) {
      expect(decideAccess({ loading: false, user: user(role) }, role)).toEqual({ kind: 'allow' });
    }
  });
});
