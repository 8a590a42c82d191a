// Phones and narrow windows (issue 18 §4): every table is the one DataTable, a real table from 768 px
// and one card per row below. At 375 px the admin's enrollment status selector and the teacher's Grade
// button are on screen and work, with no horizontal scrolling of the page; at 1366 px with the menu open
// the Prospective actions are not clipped. Screenshots at 375 and 1366 px of Lessons (past weeks),
// Submissions, Enrollments and Prospective go to test-results/screenshots/ (for people, never compared):
// the assertions are on layout (bounding boxes inside the viewport and inside their scroll container).
// On a 375×667 phone the success toast is at the top, not over the bottom of the screen (issue 28 §6a).
// The session and the reads (rows in phones.fixtures.ts) are answered here, parsed with the shared
// contracts; the API serves the built apps and the runtime manifest. The public pages at phone width:
// certificates.e2e.spec.ts, which has a real certificate to show.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import {
  certificatesResponseSchema,
  enrollmentResponseSchema,
  enrollmentsResponseSchema,
  gradeHistoryResponseSchema,
  mySubjectsResponseSchema,
  prospectsResponseSchema,
  sessionSchema,
  submissionDetailResponseSchema,
  teacherSubmissionsResponseSchema,
  type Enrollment,
  type Role,
} from '@academy/contracts';
import { clippedProblems, launchBrowser, pageWidth, startApi, toastClashes, waitForToast, withSessionHint, type BrowserSession, type RunningApi } from '@academy/testing';
import { enrollments, lessons, pending, prospects, subject } from './phones.fixtures.js';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots');
const PHONE = { width: 375, height: 812 };
const LAPTOP = { width: 1366, height: 768 };

const json = (body: unknown, status = 200) => ({ status, contentType: 'application/json', body: JSON.stringify(body) });

async function signedInAs(page: Page, role: Role) {
  await withSessionHint(page);
  const session = sessionSchema.parse({
    access_token: `e2e-${role}`,
    expires_at: Math.floor(Date.now() / 1000) + 900,
    user: { id: `u-${role}`, email: `${role}@academy.test`, fullName: `A ${role}`, role, firstLoginCompleted: true },
  });
  await page.route('**/api/auth/refresh', (route) => route.fulfill(json(session)));
  await page.route('**/api/notifications', (route) => route.fulfill(json({ unread: 0, notifications: [] })));
}

/** The page scrolls only down: nothing sticks out on the right. */
async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await pageWidth(page);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** `target` is wholly on screen across: in the viewport, in its scrolling ancestors, its text not cut. */
async function expectWhollyVisible(target: Locator) {
  expect(await clippedProblems(target)).toEqual([]);
}

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const { width } = page.viewportSize()!;
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
}

describe('phones and narrow windows (issue 18 §4)', () => {
  let api: RunningApi;
  let browser: BrowserSession;

  beforeAll(async () => {
    api = await startApi();
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  async function open(role: Role, size: { width: number; height: number }) {
    const tracked = await browser.newPage();
    await tracked.page.setViewportSize(size);
    await signedInAs(tracked.page, role);
    return tracked;
  }

  async function adminEnrollments(page: Page) {
    const changes: unknown[] = [];
    await page.route('**/api/enrollments', (route) => route.fulfill(json(enrollmentsResponseSchema.parse({ enrollments }))));
    await page.route('**/api/certificates', (route) => route.fulfill(json(certificatesResponseSchema.parse({ certificates: [] }))));
    await page.route('**/api/enrollments/*/status', async (route) => {
      const body = route.request().postDataJSON() as { status: Enrollment['status'] };
      changes.push(body);
      await route.fulfill(json(enrollmentResponseSchema.parse({ message: 'Enrollment status updated', enrollment: { ...enrollments[0], status: body.status, version: 2 } })));
    });
    await page.goto(`${api.url}/dashboard/admin/enrollments`);
    await page.getByRole('heading', { level: 1, name: 'Enrollments' }).waitFor();
    return changes;
  }

  async function teacherSubmissions(page: Page) {
    await page.route('**/api/teacher/subjects', (route) => route.fulfill(json(mySubjectsResponseSchema.parse({ subjects: [subject] }))));
    await page.route('**/api/teacher/submissions?*', (route) =>
      route.fulfill(json(teacherSubmissionsResponseSchema.parse({ counts: { pending: 3, graded: 0 }, tab: 'pending', items: pending, nextCursor: null }))),
    );
    await page.route('**/api/submissions/*', (route) => {
      const id = route.request().url().split('/').pop()!;
      const s = pending.find((p) => p.id === id)!;
      return route.fulfill(json(submissionDetailResponseSchema.parse({ submission: s, attempts: [s] })));
    });
    await page.route('**/api/submissions/*/history', (route) => route.fulfill(json(gradeHistoryResponseSchema.parse({ changes: [] }))));
    await page.goto(`${api.url}/dashboard/teacher/submissions`);
    await page.getByRole('heading', { level: 1, name: 'Submissions' }).waitFor();
  }

  async function adminProspective(page: Page) {
    await page.route('**/api/admissions/prospects?*', (route) => route.fulfill(json(prospectsResponseSchema.parse({ prospects }))));
    await page.goto(`${api.url}/dashboard/admin/prospective`);
    await page.getByRole('heading', { level: 1, name: 'Prospective Students' }).waitFor();
  }

  async function studentLessons(page: Page) {
    await page.route('**/api/student/lessons', (route) => route.fulfill(json(lessons)));
    await page.goto(`${api.url}/dashboard/student/lessons`);
    await page.getByRole('heading', { level: 1, name: 'Weekly Lessons' }).waitFor();
    await page.getByText('Semantic markup').first().waitFor();
  }

  it('at 375 px the enrollments are cards whose status selector is on screen and changes the status, with no horizontal scrolling', async () => {
    const { page, pageErrors } = await open('admin', PHONE);
    const changes = await adminEnrollments(page);
    // One card per enrollment, named by the student; no table.
    const cards = page.getByRole('list', { name: 'Enrollments' });
    await cards.getByRole('listitem', { name: 'Lerato Mokoena' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await cards.getByRole('listitem').count()).toBe(3);
    await expectNoHorizontalScroll(page);

    for (const e of enrollments) await expectWhollyVisible(page.getByRole('combobox', { name: `Status of ${e.code}` }));
    await page.getByRole('combobox', { name: 'Status of ENR-2026-0001' }).selectOption('active');
    await waitForToast(page, 'Enrollment status updated');
    expect(changes).toEqual([expect.objectContaining({ status: 'active' })]);
    await screenshot(page, 'enrollments');
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('at 375×667 the success toast is at the top under the header, clear of the bottom of the screen and of the selectors (issue 28 §6a)', async () => {
    const { page, pageErrors } = await open('admin', { width: 375, height: 667 });
    await adminEnrollments(page);
    const used = page.getByRole('combobox', { name: 'Status of ENR-2026-0001' });
    await used.selectOption('active');
    await waitForToast(page, 'Enrollment status updated');
    const header = page.locator('header');
    const clashes = await toastClashes(page, 'Enrollment status updated', {
      'the selector just used': used,
      'the next selector': page.getByRole('combobox', { name: 'Status of ENR-2026-0002' }),
      'the menu button': header.getByRole('button').first(),
      'Sign Out': header.getByRole('button', { name: 'Sign Out' }),
    });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'toast-375x667.png') });
    expect(clashes).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it("at 375 px the teacher's Grade button of every submission is on screen and opens the grading dialog", async () => {
    const { page, pageErrors } = await open('teacher', PHONE);
    await teacherSubmissions(page);
    const cards = page.getByRole('list', { name: 'Pending review' });
    await cards.getByRole('listitem').first().waitFor();
    expect(await cards.getByRole('listitem').count()).toBe(3);
    await expectNoHorizontalScroll(page);
    for (const s of pending) await expectWhollyVisible(page.getByRole('button', { name: `Grade: ${s.title} by ${s.studentEmail}` }));
    await screenshot(page, 'submissions');

    await page.getByRole('button', { name: `Grade: ${pending[1].title} by ${pending[1].studentEmail}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Grade' });
    await dialog.waitFor();
    await expectWhollyVisible(dialog.getByRole('button', { name: /Submit Grade|Save/ }).first());
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('at 1366 px with the menu open the Prospective actions are not clipped, and the table is a table with sortable headers', async () => {
    const { page, pageErrors } = await open('admin', LAPTOP);
    await adminProspective(page);
    await page.getByRole('navigation', { name: /menu$/ }).getByRole('link', { name: 'Prospective Students', exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Applications' });
    await table.waitFor();
    await expectNoHorizontalScroll(page);
    for (const p of prospects) {
      const row = table.locator(`[data-prospect-id="${p.id}"]`);
      for (const button of await row.getByRole('button').all()) await expectWhollyVisible(button);
    }
    await expectWhollyVisible(table.getByRole('button', { name: 'Convert Nomvula Khumalo-Ndlovu to student' }));
    await screenshot(page, 'prospective');

    // A sortable header is a button and says how the rows are ordered.
    const name = table.getByRole('columnheader', { name: 'Name' });
    expect(await name.getAttribute('aria-sort')).toBe('none');
    await name.getByRole('button').click();
    expect(await name.getAttribute('aria-sort')).toBe('ascending');
    expect(await table.locator('tbody tr').first().getAttribute('data-prospect-id')).toBe('pr-2');
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('screenshots at 375 and 1366 px of Lessons (past weeks), Submissions, Enrollments and Prospective, every control inside the viewport', async () => {
    const pages: [Role, string, (page: Page) => Promise<unknown>][] = [
      ['student', 'lessons', studentLessons],
      ['teacher', 'submissions', teacherSubmissions],
      ['admin', 'enrollments', adminEnrollments],
      ['admin', 'prospective', adminProspective],
    ];
    for (const size of [PHONE, LAPTOP]) {
      for (const [role, name, show] of pages) {
        const { page, pageErrors } = await open(role, size);
        await show(page);
        await page.locator('main [role="status"]').first().waitFor({ state: 'detached' });
        await expectNoHorizontalScroll(page);
        const controls = page.locator('main').locator('button:visible, select:visible, a:visible');
        for (const control of await controls.all()) await expectWhollyVisible(control);
        await screenshot(page, name);
        expect(pageErrors).toEqual([]);
        await page.close();
      }
    }
  });
});
