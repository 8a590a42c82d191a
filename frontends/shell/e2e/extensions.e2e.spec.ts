// Extensions and deadline rules (issue 30 §4) in two Chromium browsers against the built API and worker
// and a real git host (`git http-backend`, libs/testing) that github.com is routed to: the teacher
// closes an item after its due date in the content editor; the student's lessons refuse it (no submit
// button, the notice) and so does the API (409), while an item that takes late work warns before
// submitting; the teacher grants the student an extension from the item's Extensions dialog, and the
// student's submission after the original due date is on time, shown "Extended to …" on both sides;
// an extension granted after a late submission turns it on time on both sides (the read models judge
// it again, ADR 0041), and the student is told in the bell and by mail. Then (issue 30 §3) a reply
// thread both ways on that graded submission, each side told in the bell. Then (issue 30 §2) the
// teacher attaches a rubric to Day 2 and grades the student's on-time submission with it; the score is
// computed before saving, and the student sees the breakdown under the grade in My Grades.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { CONVERSATION_MESSAGES, EXTENSION_MESSAGES, submissionResponseSchema, teacherSubmissionsResponseSchema, weekResponseSchema } from '@academy/contracts';
import { chooseLevelsShowingTheScore, fillTwoCriteriaRubric } from './rubric.steps.js';
import {
  apiJson,
  type RunningApi,
  signInThroughUi,
  type TeachingWorld,
  type TestGitServer,
  type TestSmtpCatcher,
  type TrackedPage,
  waitForToast,
  startTeachingStage,
  type TeachingStage,
} from '@academy/testing';

const repoUrl = 'https://github.com/lerato/forms';
const CLOSED_DAY = 'Day 2';
const LATE_DAY = 'Day 3';

describe('extensions and closed items, in a browser', () => {
  let api: RunningApi;
  let git: TestGitServer;
  let smtp: TestSmtpCatcher;
  let world: TeachingWorld;
  let stage: TeachingStage;
  let studentPage: TrackedPage;
  let teacherPage: TrackedPage;

  beforeAll(async () => {
    stage = await startTeachingStage();
    ({ api, git, smtp, world, studentPage, teacherPage } = stage);
    await git.createRepo('lerato', 'forms');
    // Day 3 was due yesterday and takes late work (the default policy).
    const call = apiJson(api.url);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await call(weekResponseSchema, 'PUT', `/weeks/${world.weekId}/tasks/${world.taskIds[2]}`, { token: world.teacher.token, body: { dayNumber: 3, title: 'Flexbox layout', dueAt: yesterday } });
    await Promise.all([signInThroughUi(studentPage.page, api.url, world.student.email, world.student.password), signInThroughUi(teacherPage.page, api.url, world.teacher.email, world.teacher.password)]);
  }, 120_000);
  afterAll(async () => stage?.stop());
  afterEach(() => {
    for (const page of [studentPage, teacherPage]) expect(page.pageErrors).toEqual([]);
  });

  /** Axe's serious and critical findings on `page` as it stays (a toast half faded in is no colour anyone reads). */
  async function seriousViolations(page: Page) {
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
    const { violations } = await new AxeBuilder({ page }).analyze();
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`);
  }
  const week1 = (page: Page) => page.getByRole('region', { name: 'Week 1: Semantic HTML' });
  async function openDay(page: Page, day: string) {
    await page.goto(`${api.url}/dashboard/student/lessons`);
    await page.getByRole('heading', { level: 1, name: 'Weekly Lessons' }).waitFor();
    await week1(page).getByRole('button', { name: new RegExp(`^${day} `) }).click();
    return week1(page).getByRole('region', { name: new RegExp(`^${day} `) });
  }
  async function openEditor(page: Page) {
    await page.goto(`${api.url}/dashboard/teacher/weeks`);
    await page.getByRole('heading', { level: 1, name: 'Weekly Content' }).waitFor();
    await page.getByRole('button', { name: 'Edit Content' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Content: Week 1' });
    await editor.waitFor();
    return editor;
  }
  const submitThroughApi = (itemId: string) =>
    fetch(`${api.url}/api/student/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${world.student.token}` },
      body: JSON.stringify({ kind: 'task', itemId, githubUrl: repoUrl }),
    });

  it('a closed item refuses in the UI and the API; an item that takes late work warns before submitting', async () => {
    const t = teacherPage.page;
    const editor = await openEditor(t);
    await editor.getByRole('button', { name: `Edit ${CLOSED_DAY}` }).click();
    const form = editor.getByRole('form', { name: `Edit ${CLOSED_DAY}` });
    await form.getByLabel('Due Date').fill('2020-01-06T17:00');
    await form.getByLabel('Late Submissions').selectOption({ label: EXTENSION_MESSAGES.latePolicyLabels.closed });
    await form.getByRole('button', { name: 'Save Task' }).click();
    await waitForToast(t, 'Task updated successfully');
    await editor.getByRole('listitem', { name: /^Day 2:/ }).getByText(EXTENSION_MESSAGES.latePolicyLabels.closed, { exact: false }).waitFor();

    const s = studentPage.page;
    const closed = await openDay(s, CLOSED_DAY);
    await closed.getByTestId('closed-notice').waitFor();
    expect(await closed.getByRole('button', { name: 'Submit Task' }).count()).toBe(0);
    const refused = await submitThroughApi(world.taskIds[1]!);
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([409, EXTENSION_MESSAGES.closedAfterDue]);

    const late = await openDay(s, LATE_DAY);
    await late.getByRole('button', { name: 'Submit Task' }).click();
    const dialog = s.getByRole('dialog', { name: 'Submit Task' });
    await dialog.getByTestId('late-warning').waitFor();
    expect(await dialog.getByTestId('late-warning').innerText()).toMatch(/This submission will be marked late\.$/);
    // Submitted anyway: late (the next test excuses it with an extension).
    await dialog.getByLabel('GitHub Repository URL').fill(repoUrl);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await waitForToast(s, 'Submission successful!');
    await late.getByTestId('submission').getByText('Late', { exact: true }).waitFor();
  }, 90_000);

  it('an extension turns a late submission on time, and both sides see the new date', async () => {
    const t = teacherPage.page;
    const editor = await openEditor(t);
    await editor.getByRole('button', { name: /^Extensions for Day 2:/ }).click();
    const dialog = t.getByRole('dialog', { name: 'Extensions' });
    await dialog.getByText('No student has an extension for this item.').waitFor();
    await dialog.getByLabel('Student').selectOption({ label: `${world.student.fullName} (${world.student.email})` });
    await dialog.getByLabel('New Due Date').fill('2099-01-05T17:00');
    // The shared text rule on the reason, inline, what was typed kept.
    await dialog.getByLabel('Reason').fill('Ill \u0007 all week');
    await dialog.getByRole('button', { name: 'Grant Extension' }).click();
    await dialog.getByText('Contains characters that are not allowed').waitFor();
    await dialog.getByLabel('Reason').fill('Medical certificate for the week');
    await dialog.getByRole('button', { name: 'Grant Extension' }).click();
    await waitForToast(t, EXTENSION_MESSAGES.granted);
    const granted = dialog.getByTestId('extension');
    await granted.getByText('Medical certificate for the week').waitFor();
    expect(await granted.innerText()).toContain('Extended to 5 Jan 2099, 17:00');
    expect(await seriousViolations(t)).toEqual([]);
    await t.keyboard.press('Escape');

    const s = studentPage.page;
    const day = await openDay(s, CLOSED_DAY);
    await day.getByTestId('extended-due').filter({ hasText: 'Extended to 5 Jan 2099, 17:00' }).waitFor();
    expect(await day.getByTestId('closed-notice').count()).toBe(0);
    await day.getByRole('button', { name: 'Submit Task' }).click();
    const submit = s.getByRole('dialog', { name: 'Submit Task' });
    await submit.getByLabel('GitHub Repository URL').fill(repoUrl);
    expect(await submit.getByTestId('late-warning').count()).toBe(0);
    await submit.getByRole('button', { name: 'Submit' }).click();
    await waitForToast(s, 'Submission successful!');
    const submitted = day.getByTestId('submission');
    await submitted.waitFor();
    expect(await submitted.getByText('Late', { exact: true }).count()).toBe(0);

    await t.goto(`${api.url}/dashboard/teacher/submissions`);
    await t.getByRole('heading', { level: 1, name: 'Submissions' }).waitFor();
    const row = t.getByRole('table', { name: 'Pending review' }).getByRole('row').filter({ hasText: 'Forms that explain themselves' });
    await row.getByTestId('extended-to').filter({ hasText: 'Extended to 5 Jan 2099, 17:00' }).waitFor();
    expect(await row.getByText('Late', { exact: true }).count()).toBe(0);
  }, 90_000);

  it('an extension granted after a late submission turns it on time for the teacher and the student, who is told in the bell and by mail', async () => {
    const t = teacherPage.page;
    const editor = await openEditor(t);
    await editor.getByRole('button', { name: /^Extensions for Day 3:/ }).click();
    const dialog = t.getByRole('dialog', { name: 'Extensions' });
    await dialog.getByLabel('Student').selectOption({ label: `${world.student.fullName} (${world.student.email})` });
    await dialog.getByLabel('New Due Date').fill('2099-02-05T17:00');
    await dialog.getByLabel('Reason').fill('Hospital stay');
    await dialog.getByRole('button', { name: 'Grant Extension' }).click();
    await waitForToast(t, EXTENSION_MESSAGES.granted);
    await t.keyboard.press('Escape');

    await t.goto(`${api.url}/dashboard/teacher/submissions`);
    const row = t.getByRole('table', { name: 'Pending review' }).getByRole('row').filter({ hasText: 'Flexbox layout' });
    await row.getByTestId('extended-to').filter({ hasText: 'Extended to 5 Feb 2099, 17:00' }).waitFor();
    expect(await row.getByText('Late', { exact: true }).count()).toBe(0);

    const s = studentPage.page;
    await s.goto(`${api.url}/dashboard/student`);
    await s.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await s.getByRole('list', { name: 'Notifications list' }).getByText('Task "Flexbox layout": you have more time.', { exact: false }).waitFor();
    await s.keyboard.press('Escape');
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.includes(world.student.email.toLowerCase())) && m.subject === 'More time for "Flexbox layout"');
    expect(mail.text).toContain('to 5 Feb 2099, 17:00 Johannesburg time');

    const day = await openDay(s, LATE_DAY);
    await day.getByTestId('extended-due').filter({ hasText: 'Extended to 5 Feb 2099, 17:00' }).waitFor();
    await day.getByTestId('submission').waitFor();
    expect(await day.getByTestId('submission').getByText('Late', { exact: true }).count()).toBe(0);
    await s.goto(`${api.url}/dashboard/student/grades`);
    const mine = s.getByRole('table', { name: 'My grades' }).getByRole('row').filter({ hasText: 'Flexbox layout' });
    await mine.getByTestId('extended-to').filter({ hasText: 'Extended to 5 Feb 2099, 17:00' }).waitFor();
    expect(await mine.innerText()).not.toContain('· late');
  }, 90_000);

  it('a reply thread both ways with the bell: the student answers the feedback, the teacher sees the marker and answers in the grading dialog', async () => {
    const call = apiJson(api.url);
    const { items } = await call(teacherSubmissionsResponseSchema, 'GET', '/teacher/submissions', { token: world.teacher.token });
    const flexbox = items.find((i) => i.title === 'Flexbox layout')!;
    await call(submissionResponseSchema, 'POST', `/submissions/${flexbox.id}/grade`, { token: world.teacher.token, body: { score: 80, status: 'passed', feedback: 'Use gap, not margins.' } });

    const s = studentPage.page;
    const day = await openDay(s, LATE_DAY);
    const submission = day.getByTestId('submission');
    await submission.getByTestId('feedback').filter({ hasText: 'Use gap, not margins.' }).waitFor();
    await submission.getByRole('button', { name: 'Conversation' }).click();
    await submission.getByText(CONVERSATION_MESSAGES.noReplies).waitFor();
    // The shared text rule, inline, what was typed kept.
    const box = submission.getByLabel('Your reply');
    await box.fill('Why \u0007 not margins?');
    await submission.getByRole('button', { name: 'Send Reply' }).click();
    await submission.getByText('Contains characters that are not allowed').waitFor();
    expect(await box.inputValue()).toBe('Why \u0007 not margins?');
    await box.fill('Why not margins?');
    await submission.getByRole('button', { name: 'Send Reply' }).click();
    await waitForToast(s, CONVERSATION_MESSAGES.sent);
    await submission.getByTestId('reply').filter({ hasText: 'Why not margins?' }).waitFor();
    expect(await box.inputValue()).toBe('');
    expect(await submission.getByTestId('reply').innerText()).toContain(`Student · ${world.student.fullName}`);
    expect(await seriousViolations(s)).toEqual([]);

    const t = teacherPage.page;
    await t.goto(`${api.url}/dashboard/teacher`);
    await t.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await t.getByRole('list', { name: 'Notifications list' }).getByText(`${world.student.fullName} replied on Task "Flexbox layout"`).click();
    await t.waitForURL(/\/dashboard\/teacher\/submissions\?unanswered=1$/);
    expect(await t.getByRole('switch', { name: 'Only unanswered replies' }).getAttribute('aria-checked')).toBe('true');
    await t.getByRole('tab', { name: 'Graded (1)' }).click();
    const row = t.getByRole('table', { name: 'Graded' }).getByRole('row').filter({ hasText: 'Flexbox layout' });
    await row.getByTestId('unanswered-reply').filter({ hasText: CONVERSATION_MESSAGES.unanswered }).waitFor();
    await row.getByRole('button', { name: /^Edit Grade: Flexbox layout/ }).click();
    const conversation = t.getByRole('dialog', { name: 'Edit Grade' }).getByRole('region', { name: 'Conversation' });
    await conversation.getByTestId('reply').filter({ hasText: 'Why not margins?' }).waitFor();
    await conversation.getByLabel('Your reply').fill('Gap keeps the spacing in one place.');
    await conversation.getByRole('button', { name: 'Send Reply' }).click();
    await waitForToast(t, CONVERSATION_MESSAGES.sent);
    await conversation.getByTestId('reply').filter({ hasText: 'Gap keeps the spacing in one place.' }).waitFor();
    expect(await seriousViolations(t)).toEqual([]);
    await t.keyboard.press('Escape');
    // Answered: off the list of unanswered replies.
    await row.waitFor({ state: 'detached' });

    await s.goto(`${api.url}/dashboard/student`);
    await s.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await s.getByRole('list', { name: 'Notifications list' }).getByText(`${world.teacher.fullName} replied on Task "Flexbox layout"`).click();
    await s.waitForURL(new RegExp(`/dashboard/student/grades\\?conversation=${flexbox.id}$`));
    const thread = s.getByRole('dialog', { name: 'Conversation' });
    await thread.getByTestId('reply').filter({ hasText: 'Gap keeps the spacing in one place.' }).waitFor();
    expect(await thread.getByTestId('reply').allInnerTexts()).toEqual([expect.stringContaining('Why not margins?'), expect.stringMatching(new RegExp(`^Teacher · ${world.teacher.fullName}[\\s\\S]*Gap keeps`))]);
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.includes(world.student.email.toLowerCase())) && m.subject === CONVERSATION_MESSAGES.repliedMailSubject('Flexbox layout'));
    expect(mail.text).toContain('Gap keeps the spacing in one place.');
  }, 90_000);

  it('a teacher grades with a rubric and the student sees the breakdown', async () => {
    const t = teacherPage.page;
    const editor = await openEditor(t);
    await editor.getByRole('button', { name: /^Rubric for Day 2:/ }).click();
    await fillTwoCriteriaRubric(t.getByRole('dialog', { name: 'Rubric' }));
    await t.keyboard.press('Escape');

    await t.goto(`${api.url}/dashboard/teacher/submissions`);
    await t.getByRole('heading', { level: 1, name: 'Submissions' }).waitFor();
    await t.getByRole('button', { name: /^Grade: Forms that explain themselves/ }).click();
    const dialog = t.getByRole('dialog', { name: 'Grade' });
    await chooseLevelsShowingTheScore(dialog.getByRole('region', { name: 'Rubric' }));
    await dialog.getByLabel('Status').selectOption('passed');
    expect(await seriousViolations(t)).toEqual([]);
    await dialog.getByRole('button', { name: 'Submit Grade' }).click();
    await waitForToast(t, 'Grade submitted successfully');

    const s = studentPage.page;
    await s.goto(`${api.url}/dashboard/student/grades`);
    const mine = s.getByRole('table', { name: 'My grades' }).getByRole('row').filter({ hasText: 'Forms that explain themselves' });
    await mine.getByTestId('rubric-breakdown').waitFor();
    expect(await mine.getByRole('cell', { name: '66.67', exact: true }).count()).toBe(1);
    expect(await mine.getByTestId('rubric-criterion').allInnerTexts()).toEqual([expect.stringMatching(/^Labels: Clear \(4\/4\)\s+Every input has a label\.$/), 'Validation: Not yet (0/2)']);
    expect(await seriousViolations(s)).toEqual([]);
  }, 90_000);
});
