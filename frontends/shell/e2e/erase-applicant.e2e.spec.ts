// 'Erase applicant' (right to erasure, issue 13) end to end against the real API and worker, in two
// Chromium browsers: the admin erases an application from Prospective Students (a confirmation that
// Cancel leaves alone, then the toast, the row leaves the list, the count drops, and the bell's notice
// no longer names the person); the student admin erases a quick-contact message from Prospective.
// Afterwards the API lists neither, and converting the erased applicant is refused (409).
import { setupResponseSchema, sessionSchema, prospectsResponseSchema } from '@academy/contracts';
import type { Page } from 'playwright-core';
import { bodyOf, type BrowserSession, launchBrowser, type RunningApi, startApi, startSmtpCatcher, statFigure, type TestSmtpCatcher, type TrackedPage, waitForToast, openDashboardMenu, signInThroughUi, expectLogReplaysEqual } from '@academy/testing';

const stamp = Date.now();
const applicant = { firstName: 'Zanele', lastName: 'Mokoena', email: `zanele-${stamp}@example.org`, phone: '+27 82 555 0123', course: 'Web Development', message: 'Please erase me later.' };
const messenger = { name: 'Kudzai Banda', email: `kudzai-${stamp}@example.zw`, message: 'Do you have weekend classes?' };
const studentAdmin = { email: `desk-${stamp}@academy.test`, fullName: 'Nomsa Dlamini', password: '' };

describe('Erase applicant in a browser (admin and student admin)', () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  const browsers: BrowserSession[] = [];
  let admin: TrackedPage;
  let staff: TrackedPage;
  let adminToken = '';
  let prospectId = '';

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    const started = await Promise.all([startApi({ withWorker: true, env: { SMTP_URL: smtp.url } }), launchBrowser(), launchBrowser()]);
    api = started[0];
    browsers.push(started[1], started[2]);
    [admin, staff] = await Promise.all(browsers.map((b) => b.newPage()));
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled(browsers.map((b) => b.close()));
    await api?.stop();
    await smtp?.stop();
  });
  afterEach(() => {
    for (const page of [admin, staff]) expect(page.pageErrors).toEqual([]);
  });

  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${api.url}/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer: unknown = await res.json().catch(() => null);
    return { status: res.status, body: answer };
  };
  const table = (page: Page, name: string) => page.getByRole('table', { name });
  const row = (page: Page, name: string, email: string) => table(page, name).getByRole('row').filter({ hasText: email });

  const signIn = (page: Page, email: string, password: string) => signInThroughUi(page, api.url, email, password);

  const openMenu = openDashboardMenu;

  it('sets up an admin and a student admin; an application and a quick-contact message arrive', async () => {
    const setup = await call('POST', '/setup');
    expect(setup.status).toBe(201);
    const { email, password } = bodyOf(setup, setupResponseSchema);
    const signedIn = await call('POST', '/auth/sign-in', { email, password });
    adminToken = bodyOf(signedIn, sessionSchema).access_token;
    expect((await call('POST', '/users', { fullName: studentAdmin.fullName, email: studentAdmin.email, role: 'student_admin' }, adminToken)).status).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.includes(studentAdmin.email)) && /Temporary password: /.test(m.text), 20_000);
    studentAdmin.password = /Temporary password: (\S+)/.exec(mail.text)![1];
    expect((await call('POST', '/public/applications', { ...applicant })).status).toBe(201);
    expect((await call('POST', '/public/quick-contacts', { ...messenger })).status).toBe(201);
    await signIn(admin.page, email, password);
    await admin.page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await statFigure(admin.page, 'Pending Approvals').filter({ hasText: /^1$/ }).waitFor();
  }, 90_000);

  it('the admin erases the application after a confirmation: the row leaves, the count drops, the bell no longer names them', async () => {
    const { page } = admin;
    // The bell names the applicant while they exist.
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const notices = page.getByRole('list', { name: 'Notifications list' });
    await notices.getByText(`${applicant.firstName} ${applicant.lastName} applied for ${applicant.course}.`).waitFor();
    await page.keyboard.press('Escape');

    await openMenu(page, 'Prospective Students');
    const applicantRow = row(page, 'Applications', applicant.email);
    await applicantRow.waitFor();
    prospectId = (await applicantRow.getAttribute('data-prospect-id'))!;
    const erase = applicantRow.getByRole('button', { name: `Erase ${applicant.firstName} ${applicant.lastName}` });
    await erase.click();
    const confirm = page.getByRole('alertdialog', { name: 'Erase this applicant?' });
    const text = await confirm.innerText();
    expect(text).toContain(applicant.email);
    expect(text).toContain('permanently erased');
    expect(text).toContain('This cannot be undone.');
    // Cancel changes nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await applicantRow.waitFor();

    await erase.click();
    await confirm.getByRole('button', { name: 'Erase applicant' }).click();
    await waitForToast(page, 'Applicant erased');
    await applicantRow.waitFor({ state: 'detached' });
    await page.getByText('No applications yet').waitFor();

    // The notice stays, showing the person as erased.
    await bell.click();
    await notices.getByText(`An erased applicant applied for ${applicant.course}.`).waitFor();
    expect(await notices.innerText()).not.toContain(applicant.lastName);
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: /menu$/ }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await statFigure(page, 'Pending Approvals').filter({ hasText: /^0$/ }).waitFor();
  }, 90_000);

  it('the student admin erases a quick-contact message from Prospective', async () => {
    const { page } = staff;
    await signIn(page, studentAdmin.email, studentAdmin.password);
    await page.getByRole('heading', { level: 1, name: 'Student Admin Dashboard' }).waitFor();
    await openMenu(page, 'Prospective');
    await page.getByLabel('Show').selectOption({ label: 'Quick contact messages' });
    const messageRow = row(page, 'Quick contact messages', messenger.email);
    await messageRow.getByRole('button', { name: `Erase ${messenger.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Erase this applicant?' });
    expect(await confirm.innerText()).toContain(messenger.email);
    await confirm.getByRole('button', { name: 'Erase applicant' }).click();
    await waitForToast(page, 'Applicant erased');
    await messageRow.waitFor({ state: 'detached' });
    await page.getByText('No quick contact messages yet').waitFor();
  }, 90_000);

  it('the API lists neither any more, and the erased applicant can be neither erased again nor converted (409)', async () => {
    for (const kind of ['application', 'quick_contact']) {
      const list = await call('GET', `/admissions/prospects?kind=${kind}`, undefined, adminToken);
      expect(list.status).toBe(200);
      expect(bodyOf(list, prospectsResponseSchema).prospects).toEqual([]);
    }
    const convert = await call('POST', `/admissions/prospects/${prospectId}/convert`, {}, adminToken);
    expect(convert).toMatchObject({ status: 409, body: { message: 'This applicant has been erased.' } });
    expect((await call('POST', `/admissions/prospects/${prospectId}/erase`, undefined, adminToken)).status).toBe(409);
  }, 30_000);

  // Issue 15: the log these journeys wrote verifies, and a replay from position 0 gives the very tables the screens read.
  it('leaves a log that verifies and replays to the live read models ("equal")', async () => {
    await expectLogReplaysEqual({ DATABASE_URL: api.db.url });
  }, 120_000);
});
