// Phones and narrow windows (issue 18 §4): every table is the one DataTable, a real table from 768 px
// and one card per row below. At 375 px the admin's enrollment status selector and the teacher's Grade
// button are on screen and work, with no horizontal scrolling of the page; at 1366 px with the menu open
// the Prospective actions are not clipped. Screenshots at 375 and 1366 px of Lessons (past weeks),
// Submissions, Enrollments and Prospective go to test-results/screenshots/ (for people, never compared):
// the assertions are on layout (bounding boxes inside the viewport and inside their scroll container).
// The session and the reads are answered here, parsed with the shared contracts; the API serves the
// built apps and the runtime manifest.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import {
  certificatesResponseSchema,
  enrollmentResponseSchema,
  enrollmentsResponseSchema,
  gradeHistoryResponseSchema,
  lessonsResponseSchema,
  mySubjectsResponseSchema,
  prospectsResponseSchema,
  sessionSchema,
  submissionDetailResponseSchema,
  teacherSubmissionsResponseSchema,
  type Enrollment,
  type Prospect,
  type Role,
  type Submission,
} from '@academy/contracts';
import { launchBrowser, startApi, waitForToast, withSessionHint, type BrowserSession, type RunningApi } from '@academy/testing';

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

const subject = { id: '0b5e7a43-5a4c-4c2a-9f7e-6a1c7f0e2b11', name: 'HTML & CSS', programId: 'p1', programName: 'Web Development', programType: 'evening', weekNumber: 1, description: '', createdAt: '2026-11-01T08:00:00.000Z' } as const;

const enrollment = (n: number, status: Enrollment['status']): Enrollment => ({
  id: `0193c3a6-6a3c-7c8e-9f11-00000000000${n}`,
  code: `ENR-2026-000${n}`,
  studentId: `s${n}`,
  studentName: ['Lerato Mokoena', 'Tendai Chikwanha-Mutasa', 'Sipho Dlamini'][n - 1],
  studentEmail: ['lerato.mokoena@academy.test', 'tendai.chikwanha-mutasa@academy.test', 'sipho@academy.test'][n - 1],
  programId: 'p1',
  programName: 'Web Development',
  programType: 'evening',
  programDescription: '',
  subjectId: subject.id,
  subjectName: subject.name,
  status,
  currentWeek: n,
  enrolledAt: `2026-11-2${n}T08:00:00.000Z`,
  activatedAt: null,
  completedAt: null,
  version: 1,
});
const enrollments = [enrollment(1, 'pending'), enrollment(2, 'active'), enrollment(3, 'dropped')];

const submission = (n: number, graded: boolean): Submission => ({
  id: `sub-${n}`,
  kind: n === 3 ? 'capstone' : 'task',
  itemId: `item-${n}`,
  title: ['Semantic page skeleton', 'Responsive navigation bar with a long title', 'Portfolio capstone'][n - 1],
  dayNumber: n === 3 ? null : n,
  weekId: 'w1',
  weekNumber: 1,
  subjectId: subject.id,
  subjectName: subject.name,
  studentId: `s${n}`,
  studentName: enrollments[n - 1].studentName,
  studentEmail: enrollments[n - 1].studentEmail,
  githubUrl: `https://github.com/student${n}/work`,
  notes: '',
  submittedAt: `2026-11-2${n}T10:00:00.000Z`,
  dueAt: null,
  late: n === 2,
  attempt: 1,
  latest: true,
  grade: graded ? { score: 80, status: 'passed', feedback: 'Good', teacherId: 'u-teacher', teacherName: 'A teacher', gradedAt: '2026-11-24T10:00:00.000Z' } : null,
  version: 1,
});
const pending = [submission(1, false), submission(2, false), submission(3, false)];

const prospect = (n: number, status: Prospect['status']): Prospect => ({
  id: `pr-${n}`,
  kind: 'application',
  name: ['Nomvula Khumalo-Ndlovu', 'Farai Mapfumo', 'Thabo Nkosi'][n - 1],
  firstName: ['Nomvula', 'Farai', 'Thabo'][n - 1],
  lastName: ['Khumalo-Ndlovu', 'Mapfumo', 'Nkosi'][n - 1],
  email: ['nomvula.khumalondlovu.applications@example.co.za', 'farai.mapfumo@example.co.zw', 'thabo@example.co.za'][n - 1],
  phone: '+27 82 555 0199',
  courseInterest: 'Web Development (Evening)',
  message: 'I work during the day and would like to join the evening program. Is there a payment plan for the full twenty weeks?',
  status,
  appliedAt: `2026-11-2${n}T08:00:00.000Z`,
  statusChangedAt: status === 'pending' ? null : '2026-11-24T09:00:00.000Z',
  statusChangedBy: status === 'pending' ? null : { id: 'u-admin', name: 'A admin' },
  studentId: null,
  version: 1,
});
const prospects = [prospect(1, 'pending'), prospect(2, 'contacted'), prospect(3, 'pending')];

const lessonItem = (n: number, past: boolean) => ({
  id: `t${n}`,
  weekId: past ? 'w1' : 'w2',
  dayNumber: n,
  title: `Day ${n} task`,
  description: 'Build it.',
  instructions: '',
  dueAt: null,
  submission: past ? { submissionId: `ls${n}`, githubUrl: `https://github.com/me/day${n}`, notes: '', submittedAt: '2026-11-20T10:00:00.000Z', late: false, attempt: 1, gradeStatus: 'passed', score: 90, feedback: 'Well done', canResubmit: false } : null,
});
const lessons = lessonsResponseSchema.parse({
  enrollment: { enrollmentId: 'e1', programId: 'p1', programName: 'Web Development', programType: 'evening', currentWeek: 2 },
  weeks: [
    { id: 'w2', subjectId: subject.id, subjectName: subject.name, weekNumber: 2, past: false, title: 'Flexbox and grid', objectives: 'Lay out pages.', tasks: [lessonItem(1, false), lessonItem(2, false)], capstone: null },
    {
      id: 'w1',
      subjectId: subject.id,
      subjectName: subject.name,
      weekNumber: 1,
      past: true,
      title: 'Semantic markup',
      objectives: 'Write meaningful HTML.',
      tasks: [lessonItem(1, true)],
      capstone: {
        id: 'c1',
        weekId: 'w1',
        title: 'A semantic landing page',
        description: 'Put it together.',
        instructions: '',
        dueAt: null,
        submission: { submissionId: 'lc1', githubUrl: 'https://github.com/me/capstone', notes: '', submittedAt: '2026-11-21T10:00:00.000Z', late: false, attempt: 1, gradeStatus: 'passed', score: 85, feedback: 'Passed', canResubmit: false },
      },
    },
  ],
});

// What the checks below read in the page (this file is type-checked without the DOM library).
interface Box {
  left: number;
  right: number;
  width: number;
  height: number;
}
interface PageElement {
  getBoundingClientRect(): Box;
  getAttribute(name: string): string | null;
  parentElement: PageElement | null;
  tagName: string;
  scrollWidth: number;
  clientWidth: number;
}
interface PageWindow {
  innerWidth: number;
  getComputedStyle(el: PageElement): { overflowX: string };
  document: { documentElement: { scrollWidth: number } };
}

/** The page scrolls only down: nothing sticks out on the right. */
async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => {
    const win = globalThis as unknown as PageWindow;
    return { scrollWidth: win.document.documentElement.scrollWidth, innerWidth: win.innerWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/**
 * `target` is wholly on screen across: inside the viewport, and inside the visible part of every scrolling
 * ancestor (a table container that scrolls sideways hides what is past its right edge), and its own
 * text is not cut ("Convert to stude…").
 */
async function expectWhollyVisible(target: Locator) {
  // Never scrolled into view: scrolling would move a sideways-scrolling table to it, hiding the fault.
  // Only the horizontal extent is checked, which the page's vertical scroll does not change.
  const clipped = await target.evaluate((node) => {
    const el = node as unknown as PageElement;
    const window = globalThis as unknown as PageWindow;
    const box = el.getBoundingClientRect();
    const problems: string[] = [];
    if (box.width === 0 || box.height === 0) problems.push('no size');
    if (box.left < 0 || box.right > window.innerWidth + 0.5) problems.push(`outside the viewport (${box.left}–${box.right} of ${window.innerWidth})`);
    for (let up = el.parentElement; up; up = up.parentElement) {
      const style = window.getComputedStyle(up);
      if (!/(auto|scroll|hidden|clip)/.test(style.overflowX)) continue;
      const frame = up.getBoundingClientRect();
      if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) problems.push(`cut by ${up.tagName.toLowerCase()}.${(up.getAttribute('class') ?? '').split(' ')[0]} (${box.left}–${box.right} of ${frame.left}–${frame.right})`);
    }
    if (el.scrollWidth > el.clientWidth + 1) problems.push(`its text is cut (${el.scrollWidth} > ${el.clientWidth})`);
    return problems;
  });
  expect(clipped).toEqual([]);
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
