// Issue 18 §6, the small things, where a browser shows them: toasts clear of the header, one empty
// value "—", counts in the right number, no "Getting started" once enrolled. (No refresh request on
// signed-out pages: auth-and-dashboards.e2e.spec.ts.) The session and the reads are answered here,
// checked against the shared contracts, as in shell.e2e.spec.ts: these are about the frontends.
import type { Page } from 'playwright-core';
import { sessionSchema, studentDashboardResponseSchema, usersListResponseSchema, type Role, type StudentDashboardResponse } from '@academy/contracts';
import { launchBrowser, startApi, statFigure, waitForToast, withSessionHint, type BrowserSession, type RunningApi, type TrackedPage } from '@academy/testing';

const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

function sessionOf(role: Role) {
  return sessionSchema.parse({
    access_token: `e2e-${role}`,
    expires_at: Math.floor(Date.now() / 1000) + 900,
    user: { id: `u-${role}`, email: `${role}@academy.test`, fullName: `A ${role}`, role, firstLoginCompleted: true },
  });
}

/** The student's dashboard reads, answered with `figures`. */
async function answerStudentReads(page: Page, figures: StudentDashboardResponse) {
  await page.route('**/api/student/dashboard', (route) => route.fulfill(json(studentDashboardResponseSchema.parse(figures))));
  await page.route('**/api/student/enrollment', (route) => route.fulfill(json({ enrollment: null })));
  await page.route('**/api/notifications', (route) => route.fulfill(json({ unread: 0, notifications: [] })));
}

const notEnrolled: StudentDashboardResponse = { currentWeek: null, tasksCompleted: 0, tasksTotal: 5, averageGrade: null, activeCourse: null };

describe('the small things (issue 18 §6) in a browser', () => {
  let api: RunningApi;
  let browser: BrowserSession;
  const pages: TrackedPage[] = [];

  beforeAll(async () => {
    [api, browser] = await Promise.all([startApi(), launchBrowser()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((t) => t.page.close()));
    await browser.context.clearCookies();
  });
  async function newPage(): Promise<TrackedPage> {
    const tracked = await browser.newPage();
    pages.push(tracked);
    // Every role's dashboard reads its pinned announcements (issue 19 §2); unanswered, the real API's
    // 401 for this test's made-up token would end the session.
    await tracked.page.route('**/api/announcements/mine', (route) => route.fulfill(json({ announcements: [] })));
    return tracked;
  }

  it.each([
    [1366, 800],
    [375, 740],
  ])('keeps the header’s email and Sign Out visible and clickable while the welcome toast is shown (%ipx)', async (width, height) => {
    const { page } = await newPage();
    await page.setViewportSize({ width, height });
    await page.route('**/api/auth/sign-in', (route) => route.fulfill(json(sessionOf('student'))));
    await answerStudentReads(page, notEnrolled);
    await page.goto(`${api.url}/auth`);
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Email').fill('student@academy.test');
    await login.getByLabel('Password').fill('a long enough passphrase');
    await login.getByRole('button', { name: 'Sign In' }).click();
    await waitForToast(page, 'Welcome back!');
    const signOut = page.getByRole('button', { name: 'Sign Out' });
    await signOut.waitFor();
    // In one go in the page, while the toast is there: nothing lies over the header's controls.
    const seen = await page.evaluate(() => {
      // Run in the browser; this file is type-checked without the DOM library: this is what it reads there.
      interface Box { left: number; right: number; top: number; bottom: number; width: number; height: number }
      interface Target { getBoundingClientRect(): Box; textContent: string; contains(other: unknown): boolean }
      const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<Target>; elementFromPoint(x: number, y: number): unknown } }).document;
      const toasts = [...doc.querySelectorAll('[data-sonner-toast]')].map((t) => t.getBoundingClientRect());
      const targets = [...doc.querySelectorAll('header button, [data-testid="user-email"]')].filter((el) => el.getBoundingClientRect().width > 0 && /Sign Out|@/.test(el.textContent));
      return {
        toasts: toasts.length,
        targets: targets.map((el) => {
          const r = el.getBoundingClientRect();
          const hit = doc.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          const overlaps = toasts.some((t) => t.left < r.right && r.left < t.right && t.top < r.bottom && r.top < t.bottom);
          return { text: el.textContent.trim(), onTop: el === hit || el.contains(hit), overlaps };
        }),
      };
    });
    expect(seen.toasts).toBeGreaterThan(0);
    expect(seen.targets.map((t) => t.text)).toEqual(width >= 640 ? ['student@academy.test', 'Sign Out'] : ['Sign Out']);
    for (const target of seen.targets) expect(target).toMatchObject({ onTop: true, overlaps: false });
  });

  it('shows "—" for an empty figure and the Getting started note only before enrollment', async () => {
    const { page } = await newPage();
    await withSessionHint(page);
    await page.route('**/api/auth/refresh', (route) => route.fulfill(json(sessionOf('student'))));
    let figures = notEnrolled;
    await page.route('**/api/student/dashboard', (route) => route.fulfill(json(figures)));
    await page.route('**/api/student/enrollment', (route) => route.fulfill(json({ enrollment: null })));
    await page.route('**/api/notifications', (route) => route.fulfill(json({ unread: 0, notifications: [] })));
    await page.goto(`${api.url}/dashboard/student`);
    await statFigure(page, 'Active Course').filter({ hasText: '—' }).waitFor();
    expect(await statFigure(page, 'Current Week').innerText()).toBe('—');
    await page.getByRole('region', { name: 'Getting started' }).waitFor();

    figures = { currentWeek: 3, tasksCompleted: 1, tasksTotal: 5, averageGrade: 80, activeCourse: { programId: 'p1', programName: 'Web Development', programType: 'evening' } };
    await page.reload();
    await statFigure(page, 'Active Course').filter({ hasText: 'Web Development' }).waitFor();
    expect(await page.getByText('Getting started').count()).toBe(0);
  });

  it('counts "1 admin", not "1 admins", on the admin dashboard', async () => {
    const { page } = await newPage();
    await withSessionHint(page);
    await page.route('**/api/auth/refresh', (route) => route.fulfill(json(sessionOf('admin'))));
    const users = usersListResponseSchema.parse({ counts: { total: 3, admins: 1, teachers: 2, students: 0, studentAdmins: 0 }, users: [] });
    await page.route('**/api/users', (route) => route.fulfill(json(users)));
    await page.route('**/api/enrollments', (route) => route.fulfill(json({ enrollments: [] })));
    await page.route('**/api/notifications', (route) => route.fulfill(json({ unread: 0, notifications: [] })));
    await page.goto(`${api.url}/dashboard/admin`);
    await page.getByRole('group', { name: 'Total Users' }).getByText('1 admin, 2 teachers, 0 students').waitFor();
    expect(await page.getByText(/Programs with at least one active enrollment; 0 enrollments pending/).count()).toBe(1);
  });
});
