// Dark theme (issue 18 §7) in Chromium set to a dark or light OS: the page follows prefers-color-scheme,
// the header's toggle overrides it and is remembered across loads, and in both themes the grade badges,
// the score chart and the attendance warning stay readable (axe's color-contrast, and the chart's marks measured here). The
// session and the student's reads are answered here, parsed with the shared contracts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { myAttendanceResponseSchema, myGradesResponseSchema, progressResponseSchema, sessionSchema, type GradeStatus } from '@academy/contracts';
import { launchBrowser, startApi, withSessionHint, type BrowserSession, type RunningApi } from '@academy/testing';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

const submission = (i: number, status: GradeStatus | null) => ({
  id: `s${i}`, kind: 'task', itemId: `t${i}`, title: `Task ${i}`, dayNumber: i, weekId: 'w1', weekNumber: 1, subjectId: 'sj', subjectName: 'HTML & CSS',
  studentId: 'u-student', studentName: 'A student', studentEmail: 'student@academy.test', githubUrl: `https://github.com/a/t${i}`, notes: '',
  submittedAt: `2026-11-2${i}T10:00:00.000Z`, dueAt: null, extended: false, awaitingReply: false, late: i === 2, attempt: 1, latest: true, version: 1, pin: null,
  grade: status && { score: 40 + i * 10, status, feedback: 'ok', teacherId: 't', teacherName: 'Tess', gradedAt: `2026-11-2${i}T12:00:00.000Z` },
});
const grades = myGradesResponseSchema.parse({
  submissions: [submission(1, 'passed'), submission(2, 'failed'), submission(3, 'needs_revision'), submission(4, 'pending'), submission(5, null)],
  summary: { averageScore: 65, total: 5, graded: 4, passRate: 25 },
});
const progress = progressResponseSchema.parse({
  currentWeek: 2,
  percent: 10,
  weeks: [{ weekNumber: 1, tasksSubmitted: 5, tasksGraded: 4, capstonesSubmitted: 1, capstonesPassed: 1, averageScore: 65 }],
  trend: [50, 72, 64, 90].map((score, i) => ({ gradedAt: `2026-11-2${i + 1}T12:00:00.000Z`, score, title: `Task ${i + 1}`, kind: 'task', weekNumber: 1 })),
});
// Under the threshold: My Attendance shows its warning (issue 31 §2).
const attendance = myAttendanceResponseSchema.parse({
  threshold: 80,
  rate: 50,
  flagged: true,
  weeks: [
    {
      week: 1, present: 1, late: 0, absent: 1, excused: 1, rate: 50,
      sessions: (['present', 'absent', 'excused'] as const).map((status, i) => ({ sessionId: `se${i}`, subjectName: 'HTML & CSS', kind: 'lecture', startsAt: `2026-11-2${i + 3}T16:00:00.000Z`, status })),
    },
  ],
});

async function asStudent(page: Page) {
  await withSessionHint(page);
  const session = sessionSchema.parse({
    access_token: 'e2e-student',
    expires_at: Math.floor(Date.now() / 1000) + 900,
    user: { id: 'u-student', email: 'student@academy.test', fullName: 'A student', role: 'student', firstLoginCompleted: true },
  });
  await page.route('**/api/auth/refresh', (route) => route.fulfill(json(session)));
  await page.route('**/api/notifications', (route) => route.fulfill(json({ unread: 0, notifications: [] })));
  await page.route('**/api/student/grades', (route) => route.fulfill(json(grades)));
  await page.route('**/api/student/progress', (route) => route.fulfill(json(progress)));
  await page.route('**/api/attendance/mine', (route) => route.fulfill(json(attendance)));
}

// The page functions run in the browser; this file is type-checked without the DOM library: the
// interfaces below are what they read there (as libs/testing/src/layout.ts does).
interface ThemedElement {
  parentElement: ThemedElement;
  querySelector(selector: string): ThemedElement;
  classList: { contains(name: string): boolean };
}
interface Canvas2d {
  fillStyle: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  getImageData(x: number, y: number, w: number, h: number): { data: Iterable<number> };
}
interface ThemedWindow {
  document: ThemedElement & { body: ThemedElement; documentElement: ThemedElement; createElement(tag: 'canvas'): { getContext(kind: '2d'): Canvas2d } };
  getComputedStyle(el: ThemedElement): Record<'backgroundColor' | 'stroke' | 'fill', string>;
  localStorage: { getItem(key: string): string | null };
}
interface AxeWindow {
  document: unknown;
  axe: { run(context: unknown, options: unknown): Promise<{ violations: { nodes: { target: string[]; any: { message: string }[] }[] }[] }> };
}

/** Whether <html> is dark, and the relative luminance of the page's background. */
const themeOf = (page: Page) =>
  page.evaluate(() => {
    const { document: doc, getComputedStyle } = globalThis as unknown as ThemedWindow;
    const c = doc.createElement('canvas').getContext('2d');
    c.fillStyle = getComputedStyle(doc.body).backgroundColor;
    c.fillRect(0, 0, 1, 1);
    const [r, g, b] = [...c.getImageData(0, 0, 1, 1).data].map((v: number) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return { dark: doc.documentElement.classList.contains('dark'), luminance: 0.2126 * r + 0.7152 * g + 0.0722 * b };
  });

/** axe-core's colour-contrast rule on the page: the targets that fail it. */
async function contrastViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const g = globalThis as unknown as AxeWindow;
    const result = await g.axe.run(g.document, { runOnly: ['color-contrast'], resultTypes: ['violations'] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? ''}`));
  });
}

/** Contrast ratios of the score chart against the card it is drawn on: line and points (graphics), labels (text). */
const chartContrast = (page: Page) =>
  page.evaluate(() => {
    const { document: doc, getComputedStyle } = globalThis as unknown as ThemedWindow;
    const c = doc.createElement('canvas').getContext('2d');
    const lum = (color: string) => {
      c.clearRect(0, 0, 1, 1);
      c.fillStyle = color;
      c.fillRect(0, 0, 1, 1);
      const [r, g, b] = [...c.getImageData(0, 0, 1, 1).data].map((v: number) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const chart = doc.querySelector('[data-testid="score-chart"]');
    let el = chart.parentElement;
    while (getComputedStyle(el).backgroundColor === 'rgba(0, 0, 0, 0)') el = el.parentElement;
    const card = lum(getComputedStyle(el).backgroundColor);
    const of = (selector: string, prop: 'stroke' | 'fill') => ratio(lum(getComputedStyle(chart.querySelector(selector))[prop]), card);
    return { line: of('path', 'stroke'), point: of('circle', 'fill'), label: of('text', 'fill') };
  });

describe('dark theme (issue 18 §7) in a browser', () => {
  let api: RunningApi;
  const browsers: BrowserSession[] = [];
  beforeAll(async () => {
    api = await startApi();
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled(browsers.map((b) => b.close()));
    await api?.stop();
  });
  async function pageOn(colorScheme: 'light' | 'dark') {
    const browser = await launchBrowser({ colorScheme });
    browsers.push(browser);
    return browser.newPage();
  }

  it('follows a dark OS on a public page and a light one elsewhere, with no choice made', async () => {
    const dark = await pageOn('dark');
    await dark.page.goto(`${api.url}/auth`);
    await dark.page.getByRole('tab', { name: 'Login' }).waitFor();
    expect(await themeOf(dark.page)).toEqual({ dark: true, luminance: expect.any(Number) });
    expect((await themeOf(dark.page)).luminance).toBeLessThan(0.05);
    await dark.page.goto(`${api.url}/`);
    expect(await dark.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed')).toBe('true');

    const light = await pageOn('light');
    await light.page.goto(`${api.url}/auth`);
    await light.page.getByRole('tab', { name: 'Login' }).waitFor();
    expect(await themeOf(light.page)).toEqual({ dark: false, luminance: 1 });
    expect(dark.pageErrors.concat(light.pageErrors)).toEqual([]);
  });

  it('the header toggle overrides the OS and is remembered; badges and the chart stay readable in both themes', async () => {
    const { page, pageErrors } = await pageOn('dark');
    await asStudent(page);
    await page.goto(`${api.url}/dashboard/student/grades`);
    await page.getByRole('table', { name: 'My grades' }).getByText('Needs Revision').waitFor();
    const toggle = page.locator('header').getByRole('button', { name: 'Dark theme' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect((await themeOf(page)).dark).toBe(true);
    expect(await contrastViolations(page)).toEqual([]);
    await page.goto(`${api.url}/dashboard/student/attendance`);
    await page.getByRole('alert').getByText("Your attendance is below the academy's 80% threshold").waitFor();
    expect(await contrastViolations(page)).toEqual([]);
    await page.goto(`${api.url}/dashboard/student/progress`);
    await page.getByTestId('score-chart').waitFor();
    const darkChart = await chartContrast(page);
    expect(darkChart.line).toBeGreaterThanOrEqual(3);
    expect(darkChart.point).toBeGreaterThanOrEqual(3);
    expect(darkChart.label).toBeGreaterThanOrEqual(4.5);

    // Light, chosen in the header, though the OS says dark; still light after a reload.
    await toggle.click();
    await page.waitForFunction(() => !(globalThis as unknown as ThemedWindow).document.documentElement.classList.contains('dark'));
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.reload();
    await page.getByTestId('score-chart').waitFor();
    expect(await themeOf(page)).toEqual({ dark: false, luminance: 1 });
    expect(await page.evaluate(() => (globalThis as unknown as ThemedWindow).localStorage.getItem('academy-theme'))).toBe('light');
    const lightChart = await chartContrast(page);
    expect(lightChart.line).toBeGreaterThanOrEqual(3);
    expect(lightChart.label).toBeGreaterThanOrEqual(4.5);
    await page.goto(`${api.url}/dashboard/student/grades`);
    await page.getByRole('table', { name: 'My grades' }).getByText('Needs Revision').waitFor();
    expect(await contrastViolations(page)).toEqual([]);
    await page.goto(`${api.url}/dashboard/student/attendance`);
    await page.getByRole('alert').getByText("Your attendance is below the academy's 80% threshold").waitFor();
    expect(await contrastViolations(page)).toEqual([]);

    // And back to dark.
    await page.locator('header').getByRole('button', { name: 'Dark theme' }).click();
    await page.waitForFunction(() => (globalThis as unknown as ThemedWindow).document.documentElement.classList.contains('dark'));
    expect(await page.evaluate(() => (globalThis as unknown as ThemedWindow).localStorage.getItem('academy-theme'))).toBe('dark');
    expect(pageErrors).toEqual([]);
  });
});
