// Times in the reader's zone (issue 18 §2), in Chromium set to a time zone: a due date entered as
// 23:59 is sent as the instant of 23:59 in the academy's zone (ACADEMY_TIME_ZONE, default
// Africa/Johannesburg) and shown as 23:59 with the zone's name, never as "21:59 UTC"; a reader in
// another zone sees the same due date, and what happened (a submission) in their own zone. The session
// and the reads are answered here, parsed with the shared contracts; the API serves the built apps
// and the runtime manifest with the zone.
import type { Page } from 'playwright-core';
import { lessonsResponseSchema, mySubjectsResponseSchema, sessionSchema, weekResponseSchema, weeksResponseSchema, type Role, type Week } from '@academy/contracts';
import { launchBrowser, startApi, waitForToast, withSessionHint, type BrowserSession, type RunningApi } from '@academy/testing';

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
const emptyWeek: Week = {
  id: 'w1',
  subjectId: subject.id,
  subjectName: subject.name,
  programId: subject.programId,
  programName: subject.programName,
  weekNumber: 1,
  title: 'Semantic markup',
  objectives: '',
  isPublished: false,
  tasks: [],
  capstone: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  version: 1,
};
const DUE = '2026-11-30T21:59:00.000Z'; // 23:59 in Johannesburg (UTC+2)

describe('times in the reader’s zone, due dates in the academy’s (issue 18 §2)', () => {
  let api: RunningApi;
  const browsers: BrowserSession[] = [];

  beforeAll(async () => {
    api = await startApi();
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled(browsers.map((b) => b.close()));
    await api?.stop();
  });
  async function pageIn(timezoneId: string): Promise<Page> {
    const browser = await launchBrowser({ timezoneId });
    browsers.push(browser);
    const { page, pageErrors } = await browser.newPage();
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
    page.on('close', () => expect(pageErrors).toEqual([]));
    return page;
  }

  it.each(['Africa/Johannesburg', 'America/New_York'])('a teacher in %s enters a due date of 23:59: it is 23:59 Johannesburg time, sent and shown', async (zone) => {
    const page = await pageIn(zone);
    await signedInAs(page, 'teacher');
    let week = emptyWeek;
    const sent: unknown[] = [];
    await page.route('**/api/teacher/subjects', (route) => route.fulfill(json(mySubjectsResponseSchema.parse({ subjects: [subject] }))));
    await page.route('**/api/teacher/weeks*', (route) => route.fulfill(json(weeksResponseSchema.parse({ weeks: [week] }))));
    await page.route('**/api/weeks/w1/tasks', async (route) => {
      const body = route.request().postDataJSON() as { dayNumber: number; title: string; description: string; instructions: string; dueAt: string | null };
      sent.push(body);
      week = { ...week, version: 2, tasks: [{ id: 't1', weekId: 'w1', dayNumber: body.dayNumber, title: body.title, description: body.description, instructions: body.instructions, dueAt: body.dueAt, latePolicy: 'accept' }] };
      await route.fulfill(json(weekResponseSchema.parse({ message: 'Task added successfully', week }), 201));
    });
    await page.goto(`${api.url}/dashboard/teacher/weeks`);
    await page.getByRole('article', { name: 'Week 1: Semantic markup' }).getByRole('button', { name: 'Edit Content' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Content: Week 1' });
    await editor.getByRole('button', { name: 'Add Task' }).first().click();
    const form = editor.getByRole('form', { name: 'New task' });
    // The form says in which zone the due date is read.
    await form.getByText('Optional, in Johannesburg time: a submission after it is flagged late.').waitFor();
    await form.getByLabel('Task Title').fill('Semantic page skeleton');
    await form.getByLabel('Due Date').fill('2026-11-30T23:59');
    await form.getByRole('button', { name: 'Add Task' }).click();
    await waitForToast(page, 'Task added successfully');
    expect(sent).toEqual([expect.objectContaining({ dueAt: DUE })]);
    const item = editor.getByRole('listitem', { name: 'Day 1: Semantic page skeleton' });
    await item.getByText('Due 30 Nov 2026, 23:59 Johannesburg time').waitFor();
    expect(await item.innerText()).not.toMatch(/21:59|UTC/);

    // Editing it again shows the same wall time in the input.
    await item.getByRole('button', { name: 'Edit Day 1' }).click();
    expect(await editor.getByRole('form', { name: 'Edit Day 1' }).getByLabel('Due Date').inputValue()).toBe('2026-11-30T23:59');
    await page.close();
  });

  it('a student in New York reads the due date as 23:59 Johannesburg time, and their own submission in New York time', async () => {
    const page = await pageIn('America/New_York');
    await signedInAs(page, 'student');
    const submission = { submissionId: 's1', githubUrl: 'https://github.com/a/b', notes: '', submittedAt: '2026-11-30T20:00:00.000Z', late: false, attempt: 1, gradeStatus: null, score: null, feedback: null, canResubmit: false };
    const lessons = lessonsResponseSchema.parse({
      enrollment: { enrollmentId: 'e1', programId: 'p1', programName: 'Web Development', programType: 'evening', currentWeek: 1 },
      weeks: [{ id: 'w1', subjectId: subject.id, subjectName: subject.name, weekNumber: 1, past: false, title: 'Semantic markup', objectives: '', tasks: [{ id: 't1', weekId: 'w1', dayNumber: 1, title: 'Semantic page skeleton', description: 'Mark up a page.', instructions: '', dueAt: DUE, latePolicy: 'accept', submission, extendedDueAt: null }], capstone: null }],
    });
    await page.route('**/api/student/lessons', (route) => route.fulfill(json(lessons)));
    await page.goto(`${api.url}/dashboard/student/lessons`);
    await page.getByRole('button', { name: /Semantic page skeleton/ }).click();
    await page.getByText('Due 30 Nov 2026, 23:59 Johannesburg time').waitFor();
    // 20:00 UTC is 15:00 in New York: the reader's clock, no zone to name.
    await page.getByText('Submitted 30 Nov 2026, 15:00').waitFor();
    await page.close();
  });
});
