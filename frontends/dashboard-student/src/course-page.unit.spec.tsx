import { describe, expect, it } from '@jest/globals';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CERTIFICATE_MESSAGES, type CertificatesResponse, type Enrollment, type MyEnrollmentResponse } from '@academy/contracts';
import { catalogKeys, certificateKeys } from '@academy/web-dashboard';
import { SessionClient, SessionProvider } from '@academy/web-session';
import { CoursePage, courseProgress, weekOf } from './course-page';

function render(ui: ReactNode, answer?: MyEnrollmentResponse, certificates?: CertificatesResponse) {
  const session = new SessionClient({ fetch: () => Promise.reject(new Error('no network in unit tests')) });
  Object.assign(session, { getState: () => ({ status: 'signed-in', user: { id: 'u-s', email: 's@academy.test', fullName: 'Lerato Mokoena', role: 'student', firstLoginCompleted: true } }) });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (answer) queries.setQueryData(catalogKeys.myEnrollment, answer);
  if (certificates) queries.setQueryData(certificateKeys.mine, certificates);
  return renderToStaticMarkup(
    <StaticRouter location="/dashboard/student">
      <SessionProvider client={session}>
        <QueryClientProvider client={queries}>{ui}</QueryClientProvider>
      </SessionProvider>
    </StaticRouter>,
  );
}
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/\s+/g, ' ').trim();

const enrollment: Enrollment = {
  id: 'e-1',
  code: 'ENR-2026-0001',
  studentId: 'u-s',
  studentName: 'Lerato Mokoena',
  studentEmail: 's@academy.test',
  programId: 'p-web',
  programName: 'Web Development',
  programType: 'evening',
  programDescription: 'HTML to React in 20 weeks',
  subjectId: 's-html',
  subjectName: 'HTML & CSS',
  status: 'active',
  currentWeek: 1,
  enrolledAt: '2026-11-20T09:00:00.000Z',
  activatedAt: '2026-11-23T09:00:00.000Z',
  completedAt: null,
  version: 2,
};

describe('My Course', () => {
  it('turns the current week into a whole percent of the 20 weeks', () => {
    expect([1, 7, 10, 20].map(courseProgress)).toEqual([5, 35, 50, 100]);
    expect([courseProgress(0), courseProgress(25)]).toEqual([0, 100]);
    expect(weekOf(1)).toBe('Week 1 of 20');
  });

  it('shows the program, its status, type, dates, duration, progress, details and the schedule of its type', () => {
    const html = render(<CoursePage />, { enrollment });
    const all = text(html);
    for (const part of ['Web Development', 'HTML to React in 20 weeks', 'Active', 'Evening', '20 Nov 2026', '20 Weeks', 'Enrollment ID ENR-2026-0001', 'Current Week Week 1 of 20', 'Activated 23 Nov 2026'])
      expect(all).toContain(part);
    expect(text(/data-testid="course-progress">(.*?)<\/span>/.exec(html)?.[1] ?? '')).toBe('Week 1 of 20 · 5%');
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="5"/);
    expect(html).toContain('style="width:5%"');
    expect(/data-testid="course-schedule">([^<]*)</.exec(html)?.[1]).toBe('Mon-Fri, 1 hour daily');

    const daytime = render(<CoursePage />, { enrollment: { ...enrollment, programType: 'daytime', currentWeek: 10, activatedAt: null } });
    expect(/data-testid="course-schedule">([^<]*)</.exec(daytime)?.[1]).toBe('Mon-Fri, 1hr lecture + 8hr support');
    expect(daytime).toMatch(/aria-valuenow="50"/);
    expect(text(daytime)).not.toContain('Activated');
  });

  it('says so when there is no active enrollment', () => {
    const all = text(render(<CoursePage />, { enrollment: null }));
    expect(all).toContain('No Active Enrollment');
    expect(all).toContain('You are not enrolled in an active program yet. Please contact an administrator to get enrolled.');
  });
});

describe('My Course: certificates (ADR 0030)', () => {
  it('lists each certificate with its programme, completion date, a Download PDF button and its verification page', () => {
    const certificate = {
      enrollmentId: 'e-0',
      code: 'q3Jx0-bT5yZ_aW9kLm2n4p',
      studentId: 'u-s',
      studentName: 'Lerato Mokoena',
      programId: 'p-data',
      programName: 'Data Science',
      activatedAt: '2026-06-01T08:00:00.000Z',
      completedAt: '2026-11-02T10:00:00.000Z',
      issuedAt: '2026-11-02T10:00:00.000Z',
      revokedAt: null,
      revokedReason: null,
      log: { position: 42, hash: 'a'.repeat(64) },
    };
    const html = render(<CoursePage />, { enrollment: null }, { certificates: [certificate] });
    const all = text(html);
    expect(all).toContain('Certificates Data Science Completed 2 Nov 2026 Verification page Download PDF');
    expect(html).toContain('href="/verify/q3Jx0-bT5yZ_aW9kLm2n4p"');
    expect(text(render(<CoursePage />, { enrollment: null }, { certificates: [{ ...certificate, revokedAt: '2026-11-03T10:00:00.000Z' }] }))).toContain('Completed 2 Nov 2026 · Revoked');
    expect(text(render(<CoursePage />, { enrollment: null }, { certificates: [] }))).toContain(CERTIFICATE_MESSAGES.noCertificates);
  });
});
