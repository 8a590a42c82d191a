import { describe, expect, it } from '@jest/globals';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Enrollment, SessionUser, UsersListResponse } from '@academy/contracts';
import { admissionsKeys, catalogKeys, healthKey, userAdminKeys } from '@academy/web-dashboard';
import { SessionClient, SessionProvider } from '@academy/web-session';
import { DashboardHome } from './dashboard-home';
import { UsersPage } from './users-page';

const me: SessionUser = { id: 'u-admin', email: 'admin@academy.test', fullName: 'Ada Admin', role: 'admin', firstLoginCompleted: true };
const list: UsersListResponse = {
  counts: { total: 3, admins: 1, teachers: 1, students: 0, studentAdmins: 1 },
  users: [
    { id: 'u-sa', email: 'nomsa@academy.test', fullName: 'Nomsa Dlamini', role: 'student_admin', createdAt: '2026-11-22T09:00:00.000Z', verified: true, firstLoginCompleted: false },
    { id: 'u-t', email: 'tendai@academy.test', fullName: 'Tendai Moyo', role: 'teacher', createdAt: '2026-11-21T09:00:00.000Z', verified: true, firstLoginCompleted: false },
    { id: me.id, email: me.email, fullName: me.fullName, role: 'admin', createdAt: '2026-11-20T09:00:00.000Z', verified: true, firstLoginCompleted: true },
  ],
};

/** Server-renders `ui` signed in as the admin, with `users` (or nothing yet) in the query cache. */
function render(ui: ReactNode, users?: UsersListResponse, more: [readonly unknown[], unknown][] = []) {
  const session = new SessionClient({ fetch: () => Promise.reject(new Error('no network in unit tests')) });
  Object.assign(session, { getState: () => ({ status: 'signed-in', user: me }) });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (users) queries.setQueryData(userAdminKeys.users, users);
  for (const [key, value] of more) queries.setQueryData(key, value);
  return renderToStaticMarkup(
    <StaticRouter location="/dashboard/admin/users">
      <SessionProvider client={session}>
        <QueryClientProvider client={queries}>{ui}</QueryClientProvider>
      </SessionProvider>
    </StaticRouter>,
  );
}

const rowOf = (html: string, email: string) => [...html.matchAll(/<tr[^>]*>.*?<\/tr>/g)].map((m) => m[0]).find((row) => row.includes(email)) ?? '';
const cells = (row: string) => [...row.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));

describe('UsersPage', () => {
  it('shows the counts, and a row per user: email, full name, role, joined date', () => {
    const html = render(<UsersPage />, list);
    expect(/<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]).toBe('Users');
    expect(html).toMatch(/data-testid="stat-total-users-value">3</);
    expect(html).toMatch(/data-testid="stat-admins-value">1</);
    expect(html).toMatch(/data-testid="stat-teachers-value">1</);
    expect([...html.matchAll(/<th[^>]*>(.*?)<\/th>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''))).toEqual(['Email', 'Full Name', 'Role', 'Joined', 'Change Role', 'Actions']);
    expect(cells(rowOf(html, 'tendai@academy.test')).slice(0, 4)).toEqual(['tendai@academy.test', 'Tendai Moyo', 'Teacher', '21 Nov 2026']);
    expect(html).toMatch(/<a[^>]*href="\/dashboard\/admin\/create-user"[^>]*>.*Create User<\/a>/);
  });

  it('offers student, teacher and admin in each role selector, and disables the admin’s own row', () => {
    const html = render(<UsersPage />, list);
    const teacherRow = rowOf(html, 'tendai@academy.test');
    expect(teacherRow).toMatch(/<select[^>]*aria-label="Role of tendai@academy.test"(?![^>]*disabled="")[^>]*>/);
    expect([...teacherRow.matchAll(/<option value="([^"]+)"[^>]*>/g)].map((m) => m[1])).toEqual(['student', 'teacher', 'admin', 'auditor']);
    expect(teacherRow).toMatch(/<button[^>]*aria-label="Delete tendai@academy.test"/);
    expect(teacherRow).toMatch(/<button[^>]*aria-label="Re-issue password of tendai@academy.test"(?![^>]*disabled="")[^>]*>/);

    const ownRow = rowOf(html, me.email);
    expect(ownRow).toMatch(/<select[^>]*aria-label="Role of admin@academy.test"[^>]*disabled=""/);
    expect(ownRow).toMatch(/<button[^>]*aria-label="Delete admin@academy.test"[^>]*disabled=""/);
    expect(ownRow).toMatch(/<button[^>]*aria-label="Re-issue password of admin@academy.test"[^>]*disabled=""/);
    expect(ownRow).toContain('(you)');
  });

  it('shows a student admin’s role without offering it', () => {
    const row = rowOf(render(<UsersPage />, list), 'nomsa@academy.test');
    expect(row).toMatch(/<option value="student_admin" disabled=""[^>]*>Student admin<\/option>/);
    expect([...row.matchAll(/<option value="([^"]+)"(?! disabled)[^>]*>/g)].map((m) => m[1])).toEqual(['student', 'teacher', 'admin', 'auditor']);
  });

  it('shows a spinner while the list is read, and says so when there is no user', () => {
    expect(render(<UsersPage />)).toContain('Loading users…');
    expect(render(<UsersPage />, { counts: { total: 0, admins: 0, teachers: 0, students: 0, studentAdmins: 0 }, users: [] })).toContain('No users yet.');
  });
});

describe('admin DashboardHome', () => {
  const enrollment = (id: string, programId: string, status: Enrollment['status']) => ({ id, programId, status }) as Enrollment;
  const enrollments = {
    enrollments: [enrollment('e1', 'p-web', 'active'), enrollment('e2', 'p-web', 'active'), enrollment('e3', 'p-data', 'pending'), enrollment('e4', 'p-ux', 'completed'), enrollment('e5', 'p-ux', 'pending')],
  };
  const healthy = { status: 'ok', details: { db: { status: 'up' }, redis: { status: 'up' }, worker: { status: 'up' } } };

  it('reads every figure from the API: users, programs with an active enrollment, pending applications, the health check', () => {
    const html = render(<DashboardHome />, list, [
      [catalogKeys.enrollments, enrollments],
      [healthKey, healthy],
      [admissionsKeys.counts, { pendingApplications: 4, openApplications: 6, pendingQuickContacts: 1 }],
    ]);
    expect(html).toMatch(/data-testid="stat-total-users-value">3</);
    expect(html).toContain('1 admin, 1 teacher, 0 students');
    expect(html).toMatch(/data-testid="stat-active-programs-value">1</);
    expect(html).toContain('Programs with at least one active enrollment; 2 enrollments pending');
    // Pending Approvals counts the applications from the landing page nobody has answered yet.
    expect(html).toMatch(/data-testid="stat-pending-approvals-value">4</);
    expect(html).toContain('Applications waiting for a reply; 6 open in all (pending or contacted)');
    expect(html).toMatch(/<a[^>]*href="\/dashboard\/admin\/prospective"[^>]*>.*Prospective Students<\/a>/);
    expect(html).toMatch(/data-testid="stat-system-status-value">Active</);
    expect(html).toContain('All systems healthy');
    expect(html).not.toMatch(/>11</);
  });

  it('says what is down when the health check is not ok', () => {
    const html = render(<DashboardHome />, list, [
      [catalogKeys.enrollments, { enrollments: [] }],
      [healthKey, { status: 'error', details: { db: { status: 'up' }, redis: { status: 'down', message: 'timeout' } } }],
    ]);
    expect(html).toMatch(/data-testid="stat-system-status-value">Down</);
    expect(html).toContain('redis down (timeout)');
    expect(html).toMatch(/data-testid="stat-active-programs-value">0</);
  });

  it('shows the figures as loading before the answers', () => {
    const html = render(<DashboardHome />);
    expect(html).toMatch(/aria-busy="true"[^]*data-testid="stat-total-users-value">…</);
    expect(html).toMatch(/data-testid="stat-active-programs-value">…</);
    expect(html).toMatch(/data-testid="stat-pending-approvals-value">…</);
  });
});
