import { describe, expect, it } from '@jest/globals';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdmissionsCounts, EnrollmentCountsResponse, SessionUser, StudentsListResponse } from '@academy/contracts';
import { admissionsKeys, catalogKeys, userAdminKeys } from '@academy/web-dashboard';
import { SessionClient, SessionProvider } from '@academy/web-session';
import { DashboardHome } from './dashboard-home';
import { StudentsPage } from './students-page';

const me: SessionUser = { id: 'u-sa', email: 'nomsa@academy.test', fullName: 'Nomsa Dlamini', role: 'student_admin', firstLoginCompleted: true };
const list: StudentsListResponse = {
  students: [
    { id: 's1', email: 'lerato@academy.test', fullName: 'Lerato Mokoena', phone: '+27 82 555 0101', address: '12 Long Street', createdAt: '2026-11-22T09:00:00.000Z', firstLoginCompleted: true },
    { id: 's2', email: 'sipho@academy.test', fullName: 'Sipho Dube', phone: '', address: '', createdAt: '2026-11-22T10:00:00.000Z', firstLoginCompleted: false },
  ],
};

function render(ui: ReactNode, students?: StudentsListResponse, counts?: AdmissionsCounts, enrollments?: EnrollmentCountsResponse) {
  const session = new SessionClient({ fetch: () => Promise.reject(new Error('no network in unit tests')) });
  Object.assign(session, { getState: () => ({ status: 'signed-in', user: me }) });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (students) queries.setQueryData(userAdminKeys.students, students);
  if (counts) queries.setQueryData(admissionsKeys.counts, counts);
  if (enrollments) queries.setQueryData(catalogKeys.enrollmentCounts, enrollments);
  return renderToStaticMarkup(
    <StaticRouter location="/dashboard/student-admin/students">
      <SessionProvider client={session}>
        <QueryClientProvider client={queries}>{ui}</QueryClientProvider>
      </SessionProvider>
    </StaticRouter>,
  );
}

const rows = (html: string) => [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) => [...m[1].matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => c[1].replace(/<[^>]+>/g, '')));

describe('StudentsPage', () => {
  it('lists name, email, phone and address, a dash for what is missing, and Re-issue password and Edit buttons named after the student', () => {
    const html = render(<StudentsPage />, list);
    expect(/<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]).toBe('Students');
    expect(rows(html)).toEqual([
      ['Name', 'Email', 'Phone', 'Address', 'Actions'],
      ['Lerato Mokoena', 'lerato@academy.test', '+27 82 555 0101', '12 Long Street', 'Re-issue passwordEdit'],
      ['Sipho Dube', 'sipho@academy.test', '—', '—', 'Re-issue passwordEdit'],
    ]);
    expect(html).toMatch(/<button[^>]*aria-label="Edit Lerato Mokoena"/);
    expect(html).toMatch(/<button[^>]*aria-label="Re-issue password of lerato@academy.test"/);
  });

  it('shows a spinner while loading and says so when there is no student', () => {
    expect(render(<StudentsPage />)).toContain('Loading students…');
    expect(render(<StudentsPage />, { students: [] })).toContain('No students yet.');
  });
});

describe('student-admin DashboardHome', () => {
  it('counts the students, the pending applications and the active enrollments from the API', () => {
    const html = render(<DashboardHome />, list, { pendingApplications: 3, openApplications: 5, pendingQuickContacts: 2 }, { counts: { pending: 4, active: 17, completed: 2, dropped: 1 } });
    expect(html).toMatch(/data-testid="stat-total-students-value">2</);
    expect(html).toMatch(/data-testid="stat-pending-applications-value">3</);
    expect(html).toContain('Waiting for a reply; 5 open in all (pending or contacted)');
    expect(html).toMatch(/data-testid="stat-active-enrollments-value">17</);
    expect(html).toContain('4 pending activation');
    expect(html).toMatch(/<a[^>]*href="\/dashboard\/student-admin\/prospective"[^>]*>.*View Applications<\/a>/);
  });

  it('shows the applications figure as loading before the answer', () => {
    expect(render(<DashboardHome />, list)).toMatch(/data-testid="stat-pending-applications-value">…</);
  });
});
