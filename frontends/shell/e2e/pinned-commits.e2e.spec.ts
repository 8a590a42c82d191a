// Submissions pinned to a commit (issue 30 §1, ADR 0039) in two Chromium browsers against the built
// API and worker and a real git host (`git http-backend`, libs/testing) that github.com is routed to:
// a missing repository gets the inline message on the submit dialog, what was typed staying; the
// student submits, then pushes another commit, and the teacher still sees the FIRST commit; sent back
// for revision, the student resubmits and both sides see the new commit and the comparison with the first.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { GRADING_MESSAGES, shortSha } from '@academy/contracts';
import {
  apiJson,
  openDashboardMenu,
  type RunningApi,
  signInThroughUi,
  type TeachingWorld,
  type TestGitRepo,
  type TestGitServer,
  type TrackedPage,
  waitForToast,
  startTeachingStage,
  type TeachingStage,
} from '@academy/testing';
import { z } from 'zod';

const repoUrl = 'https://github.com/lerato/semantic-skeleton';

describe('a submission pinned to its commit, in a browser', () => {
  let api: RunningApi;
  let git: TestGitServer;
  let world: TeachingWorld;
  let repo: TestGitRepo;
  let first = '';
  let second = '';
  let stage: TeachingStage;
  let studentPage: TrackedPage;
  let teacherPage: TrackedPage;

  beforeAll(async () => {
    stage = await startTeachingStage();
    ({ api, git, world, studentPage, teacherPage } = stage);
    repo = await git.createRepo('lerato', 'semantic-skeleton');
    first = await repo.head();
  }, 90_000);
  afterAll(async () => stage?.stop());
  afterEach(() => {
    for (const page of [studentPage, teacherPage]) expect(page.pageErrors).toEqual([]);
  });

  const day1 = (page: Page) => page.getByRole('region', { name: 'Week 1: Semantic HTML' });
  async function openDay1(page: Page) {
    await page.goto(`${api.url}/dashboard/student/lessons`);
    await page.getByRole('heading', { level: 1, name: 'Weekly Lessons' }).waitFor();
    await day1(page).getByRole('button', { name: /^Day 1 / }).click();
  }
  async function gradeDialog(page: Page) {
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Submissions' }).waitFor();
    await page.getByRole('table', { name: 'Pending review' }).getByRole('row').filter({ hasText: 'Semantic page skeleton' }).getByRole('button', { name: /^Grade:/ }).click();
    return page.getByRole('dialog', { name: 'Grade' });
  }

  it('a missing repository gets the inline message and nothing is submitted; the right one is pinned to its commit', async () => {
    const s = studentPage.page;
    await signInThroughUi(s, api.url, world.student.email, world.student.password);
    await openDay1(s);
    await day1(s).getByRole('button', { name: 'Submit Task' }).click();
    const dialog = s.getByRole('dialog', { name: 'Submit Task' });
    await dialog.getByLabel('GitHub Repository URL').fill('https://github.com/lerato/semantic-skeletn');
    await dialog.getByLabel('Notes').fill('Landmarks everywhere.');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText(GRADING_MESSAGES.repositoryUnreadable).waitFor();
    expect(await dialog.getByLabel('GitHub Repository URL').inputValue()).toBe('https://github.com/lerato/semantic-skeletn');
    expect(await dialog.getByLabel('Notes').inputValue()).toBe('Landmarks everywhere.');

    await dialog.getByLabel('GitHub Repository URL').fill(repoUrl);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await waitForToast(s, 'Submission successful!');
    await dialog.waitFor({ state: 'detached' });
    const submitted = day1(s).getByTestId('submission').first();
    await submitted.getByTestId('commit-sha').filter({ hasText: shortSha(first) }).waitFor();
    expect(await submitted.getByRole('link', { name: `Commit ${shortSha(first)}` }).getAttribute('href')).toBe(`${repoUrl}/tree/${first}`);
  }, 90_000);

  it('the student pushes on; the teacher sees the commit that was submitted, not the branch as it is now', async () => {
    second = await repo.push('after submitting');
    expect(second).not.toBe(first);
    const t = teacherPage.page;
    await signInThroughUi(t, api.url, world.teacher.email, world.teacher.password);
    await t.waitForURL((url) => url.pathname === '/dashboard/teacher');
    await openDashboardMenu(t, 'Submissions');
    const dialog = await gradeDialog(t);
    const commit = dialog.getByTestId('pinned-commit').first();
    await commit.getByTestId('commit-sha').filter({ hasText: shortSha(first) }).waitFor();
    expect(await commit.getByRole('link', { name: `Commit ${shortSha(first)}` }).getAttribute('href')).toBe(`${repoUrl}/tree/${first}`);
    expect(await dialog.getByText(shortSha(second)).count()).toBe(0);
    await t.keyboard.press('Escape');
  }, 60_000);

  it('sent back, the student resubmits: both see the new commit and the comparison with the first', async () => {
    const call = apiJson(api.url);
    const { items } = await call(z.object({ items: z.array(z.object({ id: z.string() })) }), 'GET', '/teacher/submissions?tab=pending', { token: world.teacher.token });
    await call(z.unknown(), 'POST', `/submissions/${items[0]!.id}/grade`, { token: world.teacher.token, body: { status: 'needs_revision', score: 50, feedback: 'Add a skip link.' } });

    const s = studentPage.page;
    await openDay1(s);
    await day1(s).getByRole('button', { name: 'Resubmit Task' }).click();
    const dialog = s.getByRole('dialog', { name: 'Resubmit Task' });
    await dialog.getByLabel('GitHub Repository URL').fill(repoUrl);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await waitForToast(s, 'Submission successful!');
    const compare = `${repoUrl}/compare/${first}...${second}`;
    const submitted = day1(s).getByTestId('submission').first();
    await submitted.getByTestId('commit-sha').filter({ hasText: shortSha(second) }).waitFor();
    expect(await submitted.getByTestId('commit-compare').getAttribute('href')).toBe(compare);

    const t = teacherPage.page;
    const grading = await gradeDialog(t);
    await grading.getByTestId('commit-compare').first().waitFor();
    expect(await grading.getByTestId('commit-compare').first().getAttribute('href')).toBe(compare);
    // The attempts list names each attempt's commit.
    expect(await grading.getByTestId('attempt').allInnerTexts()).toEqual([expect.stringContaining(shortSha(first)), expect.stringContaining(shortSha(second))]);
    // Both views with their commit links pass axe (serious and critical), as every route does.
    for (const page of [t, s]) {
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    }
  }, 60_000);
});
