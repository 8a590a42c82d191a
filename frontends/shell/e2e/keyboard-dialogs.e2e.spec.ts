// Issue 18 §8: the grading, enroll and content-editor dialogs used by keyboard alone, against the real
// API and worker. Each is reached with Tab, opened with Enter, filled and submitted with the keyboard
// (no click, no fill), and closes with focus back on what opened it (or, where that control is gone
// because the work moved on, inside the page's main content, never lost to <body>).
import { completeProfileResponseSchema, enrollmentResponseSchema, programResponseSchema, sessionSchema, setupResponseSchema, subjectResponseSchema, submissionResponseSchema, teacherAssignmentResponseSchema, teacherSubmissionsResponseSchema, userResponseSchema, weekResponseSchema } from '@academy/contracts';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { bodyOf, apiCaller, launchBrowser, signInThroughUi, startApi, startSmtpCatcher, waitForToast, type BrowserSession, type RunningApi, type TestSmtpCatcher, type TrackedPage } from '@academy/testing';

const stamp = Date.now();

/** The little of a focused element that `focused` reads (these files compile without the DOM library). */
interface FocusTarget {
  labels?: { textContent: string | null }[] | null;
  textContent: string | null;
  tagName?: string;
  getAttribute?(name: string): string | null;
  closest?(selector: string): unknown;
}

/** What has the keyboard focus: its accessible name as a person hears it, and where it sits. */
async function focused(page: Page): Promise<{ name: string; tag: string; inDialog: boolean; inMain: boolean; onBody: boolean }> {
  return page.evaluate(() => {
    const g = globalThis as unknown as { document: { body: unknown; activeElement: FocusTarget | null } };
    const el = g.document.activeElement;
    const label = el?.labels?.[0]?.textContent ?? '';
    const name = (el?.getAttribute?.('aria-label') || label || el?.textContent || '').replace(/\s+/g, ' ').trim();
    return {
      name,
      tag: (el?.tagName ?? '').toLowerCase(),
      inDialog: !!el?.closest?.('[role="dialog"]'),
      inMain: !!el?.closest?.('main'),
      onBody: el === g.document.body || !el,
    };
  });
}

/**
 * Where focus lands once a dialog is gone. Radix gives it back in an effect that runs after the
 * dialog left the DOM: in between, <body> holds focus for a moment (on a busy machine, long enough for
 * the test to look), so wait for that moment to pass (bounded: focus that stays on <body> still fails).
 */
async function focusedAfterClose(page: Page): Promise<Awaited<ReturnType<typeof focused>>> {
  await page
    .waitForFunction(() => (globalThis as unknown as { document: { activeElement: unknown; body: unknown } }).document.activeElement !== (globalThis as unknown as { document: { body: unknown } }).document.body, undefined, { timeout: 5_000 })
    .catch(() => undefined);
  return focused(page);
}

/** Presses Tab until the focused control's accessible name starts with `name` (a person tabbing to it). */
async function tabTo(page: Page, name: string | RegExp, max = 80): Promise<void> {
  const matches = (n: string) => (typeof name === 'string' ? n.startsWith(name) : name.test(n));
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (matches((await focused(page)).name)) return;
  }
  throw new Error(`no control named ${name} within ${max} Tab presses (last: ${JSON.stringify(await focused(page))})`);
}

describe('dialogs by keyboard alone (issue 18 §8)', () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  let browser: BrowserSession;
  let tracked: TrackedPage;
  let call: ReturnType<typeof apiCaller>;
  const accounts: Record<'admin' | 'teacher' | 'student', { email: string; password: string; id: string }> = {
    admin: { email: '', password: '', id: '' },
    teacher: { email: `kb-teacher-${stamp}@academy.test`, password: '', id: '' },
    student: { email: `kb-student-${stamp}@academy.test`, password: 'Keyboard-only-2026', id: '' },
  };

  const ok = async <S extends z.ZodType>(method: string, p: string, schema: S, token?: string, body?: unknown) => {
    const r = await call(method, p, token, body);
    if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(r.body)}`);
    return bodyOf(r, schema);
  };
  const mailed = async (email: string) => /Temporary password: (\S+)/.exec((await smtp.waitFor((m) => m.to.includes(email) && /Temporary password/.test(m.text), 20_000)).text)![1];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    [api, browser] = await Promise.all([startApi({ withWorker: true, env: { SMTP_URL: smtp.url } }), launchBrowser()]);
    call = apiCaller(api.url);
    const setup = await ok('POST', '/setup', setupResponseSchema);
    Object.assign(accounts.admin, { email: setup.email, password: setup.password });
    const admin = (await ok('POST', '/auth/sign-in', sessionSchema, undefined, { email: setup.email, password: setup.password })).access_token;
    for (const role of ['teacher', 'student'] as const) {
      accounts[role].id = (await ok('POST', '/users', userResponseSchema, admin, { fullName: role === 'teacher' ? 'Kagiso Keys' : 'Naledi Keys', email: accounts[role].email, role })).user.id;
    }
    accounts.teacher.password = await mailed(accounts.teacher.email);
    const student = (await ok('POST', '/auth/sign-in', sessionSchema, undefined, { email: accounts.student.email, password: await mailed(accounts.student.email) })).access_token;
    await ok('POST', '/profile/complete', completeProfileResponseSchema, student, {
      fullName: 'Naledi Keys', phone: '+27 82 555 0101', address: '1 Main Road, Durban', dateOfBirth: '2002-02-02',
      emergencyContactName: 'Family', emergencyContactPhone: '+27 82 555 0102', password: accounts.student.password, confirmPassword: accounts.student.password,
    });
    const { program } = await ok('POST', '/programs', programResponseSchema, admin, { name: 'Web Development', type: 'evening', description: 'HTML to React' });
    const { subject } = await ok('POST', '/subjects', subjectResponseSchema, admin, { name: 'HTML & CSS', programId: program.id, description: 'Markup and layout' });
    // A second programme for the enroll dialog, with nobody in it yet.
    const { program: other } = await ok('POST', '/programs', programResponseSchema, admin, { name: 'Data Analytics', type: 'daytime', description: 'SQL to dashboards' });
    await ok('POST', '/subjects', subjectResponseSchema, admin, { name: 'SQL', programId: other.id, description: 'Queries' });
    await ok('POST', '/teacher-assignments', teacherAssignmentResponseSchema, admin, { teacherId: accounts.teacher.id, subjectId: subject.id });
    const { enrollment } = await ok('POST', '/enrollments', enrollmentResponseSchema, admin, { studentId: accounts.student.id, programId: program.id, subjectId: subject.id });
    await ok('PUT', `/enrollments/${enrollment.id}/status`, enrollmentResponseSchema, admin, { status: 'active' });
    const teacher = (await ok('POST', '/auth/sign-in', sessionSchema, undefined, { email: accounts.teacher.email, password: accounts.teacher.password })).access_token;
    const { week } = await ok('POST', '/weeks', weekResponseSchema, teacher, { subjectId: subject.id, weekNumber: 1, title: 'Semantic HTML', objectives: 'Structure' });
    const { week: withTask } = await ok('POST', `/weeks/${week.id}/tasks`, weekResponseSchema, teacher, { dayNumber: 1, title: 'Page skeleton' });
    await ok('PUT', `/weeks/${week.id}/capstone`, weekResponseSchema, teacher, { title: 'Landing page' });
    await ok('PUT', `/weeks/${week.id}/published`, weekResponseSchema, teacher, { published: true });
    await ok('POST', '/student/submissions', submissionResponseSchema, student, { kind: 'task', itemId: withTask.tasks[0].id, githubUrl: 'https://github.com/naledi/skeleton' });
    tracked = await browser.newPage();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    await smtp?.stop();
  });
  afterEach(() => expect(tracked.pageErrors).toEqual([]));

  async function signInAs(role: keyof typeof accounts, path: string, heading: string) {
    await browser.context.clearCookies();
    await signInThroughUi(tracked.page, api.url, accounts[role].email, accounts[role].password);
    await tracked.page.goto(`${api.url}${path}`);
    await tracked.page.getByRole('heading', { level: 1, name: heading }).waitFor();
  }

  it('grades a submission: Tab to Grade, Enter, Escape returns focus to it; then Score, Status and Feedback typed, Submit Grade by keyboard', async () => {
    const { page } = tracked;
    await signInAs('teacher', '/dashboard/teacher/submissions', 'Submissions');
    await tabTo(page, 'Grade');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Grade' }).waitFor();
    expect((await focused(page)).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await focusedAfterClose(page)).toMatchObject({ name: expect.stringMatching(/^Grade: Page skeleton by /), tag: 'button' });

    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Grade' }).waitFor();
    await tabTo(page, /^Score/);
    await page.keyboard.type('88');
    await tabTo(page, /^Status/);
    await page.keyboard.type('Passed'); // a closed select takes the option a person types
    await tabTo(page, /^Feedback/);
    await page.keyboard.type('Clean, semantic markup.');
    await tabTo(page, 'Submit Grade');
    await page.keyboard.press('Enter');
    await waitForToast(page, 'Grade submitted');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The graded row left the Pending tab with its button: focus goes to the page's heading, not <body>.
    expect(await focusedAfterClose(page)).toMatchObject({ tag: 'h1', name: 'Submissions', onBody: false });
    const graded = await ok('GET', '/teacher/submissions?tab=graded', teacherSubmissionsResponseSchema, (await ok('POST', '/auth/sign-in', sessionSchema, undefined, { email: accounts.teacher.email, password: accounts.teacher.password })).access_token);
    expect(graded.items[0].grade).toMatchObject({ status: 'passed', score: 88, feedback: 'Clean, semantic markup.' });
  }, 60_000);

  it('enrolls a student: Tab to Enroll Student, choose student, program and cohort by keyboard, Enroll', async () => {
    const { page } = tracked;
    await signInAs('admin', '/dashboard/admin/enrollments', 'Enrollments');
    await tabTo(page, 'Enroll Student');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Enroll Student' }).waitFor();
    expect((await focused(page)).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await focusedAfterClose(page)).toMatchObject({ name: 'Enroll Student', tag: 'button' });

    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Enroll Student' }).waitFor();
    await tabTo(page, /^Student/);
    await page.keyboard.type('Naledi');
    await tabTo(page, /^Program/);
    await page.keyboard.type('Data');
    await tabTo(page, /^Subject/);
    await page.keyboard.type('SQL');
    await tabTo(page, /^Enroll$/);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await focusedAfterClose(page)).toMatchObject({ name: 'Enroll Student', tag: 'button' });
    await page.getByRole('row').filter({ hasText: 'Data Analytics' }).filter({ hasText: 'Naledi' }).waitFor();
  }, 60_000);

  it('edits a week’s content: Tab to Edit Content, add a day’s task by keyboard, Escape returns focus to Edit Content', async () => {
    const { page } = tracked;
    await signInAs('teacher', '/dashboard/teacher/weeks', 'Weekly Content');
    await tabTo(page, 'Edit Content');
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog');
    await sheet.waitFor();
    expect((await focused(page)).inDialog).toBe(true);
    await tabTo(page, 'Add Task');
    await page.keyboard.press('Enter');
    await tabTo(page, /^Day/);
    await page.keyboard.type('Day 2');
    await tabTo(page, /^Task Title/);
    await page.keyboard.type('Forms that explain themselves');
    await tabTo(page, 'Add Task');
    await page.keyboard.press('Enter');
    await sheet.getByText('Forms that explain themselves').waitFor();
    expect((await focused(page)).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await focusedAfterClose(page)).toMatchObject({ name: 'Edit Content', tag: 'button' });
  }, 60_000);
});
