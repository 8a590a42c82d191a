// Temporary passwords and the first-login gate in a browser, against the built API, worker and an
// SMTP catcher (issue 13, defect 9): a student with an incomplete profile who types a dashboard URL
// lands on /complete-profile, also when the browser believes the profile complete and only the server
// knows better (403 PROFILE_INCOMPLETE); the admin's "Re-issue password" mails a new password, the old
// one and the student's session end, and the new one signs in.
import { setupResponseSchema, sessionSchema } from '@academy/contracts';
import type { Page, Route } from 'playwright-core';
import { bodyOf, type BrowserSession, launchBrowser, type RunningApi, startApi, startSmtpCatcher, type TestSmtpCatcher, type TrackedPage, waitForToast } from '@academy/testing';

const stamp = Date.now();
const student = { email: `gated-${stamp}@academy.test`, fullName: 'Rudo Chikore', password: '' };

describe('temporary passwords and the profile gate in a browser', () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  let adminBrowser: BrowserSession;
  let studentBrowser: BrowserSession;
  let admin: TrackedPage;
  let s: TrackedPage;
  let adminToken = '';

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    [api, adminBrowser, studentBrowser] = await Promise.all([startApi({ withWorker: true, env: { SMTP_URL: smtp.url } }), launchBrowser(), launchBrowser()]);
    [admin, s] = await Promise.all([adminBrowser.newPage(), studentBrowser.newPage()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled([adminBrowser?.close(), studentBrowser?.close()]);
    await api?.stop();
    await smtp?.stop();
  });
  afterEach(() => {
    expect(admin.pageErrors).toEqual([]);
    expect(s.pageErrors).toEqual([]);
  });

  async function call(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
    const res = await fetch(`${api.url}/api${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const body: unknown = await res.json().catch(() => null);
    return { status: res.status, body };
  }

  async function signIn(page: Page, email: string, password: string, expectToast = 'Welcome back!') {
    await page.goto(`${api.url}/auth`);
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill(password);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await waitForToast(page, expectToast);
  }

  const mailedPassword = async (subject: string) =>
    /Temporary password: (\S+)/.exec((await smtp.waitFor((m) => m.to.some((to) => to.includes(student.email)) && m.subject === subject)).text)![1];

  it('an incomplete student who types a dashboard URL lands on /complete-profile', async () => {
    const setup = await call('/setup', { method: 'POST' });
    expect(setup.status).toBe(201);
    const { email, password } = bodyOf(setup, setupResponseSchema);
    adminToken = bodyOf(await call('/auth/sign-in', { body: { email, password } }), sessionSchema).access_token;
    await signIn(admin.page, email, password);
    expect((await call('/users', { token: adminToken, body: { fullName: student.fullName, email: student.email, role: 'student' } })).status).toBe(201);
    student.password = await mailedPassword('Your Academy account');

    await signIn(s.page, student.email, student.password);
    await s.page.waitForURL((url) => url.pathname === '/complete-profile');
    await s.page.goto(`${api.url}/dashboard/student/lessons`);
    await s.page.waitForURL((url) => url.pathname === '/complete-profile');
    await s.page.getByRole('heading', { level: 1, name: 'Complete Your Profile' }).waitFor();
  });

  it('the server’s 403 PROFILE_INCOMPLETE sends the student to /complete-profile even when the browser believes the profile complete', async () => {
    // The browser is told the profile is complete (as a stale or tampered client would be); the API is not.
    const lie = async (route: Route) => {
      const answer = await route.fetch();
      const body = await answer.json();
      if (body?.user) body.user.firstLoginCompleted = true;
      await route.fulfill({ response: answer, json: body });
    };
    await s.page.route('**/api/auth/refresh', lie);
    // The first gated call of the dashboard (the header's bell or the page's read) is refused.
    const refused: string[] = [];
    s.page.on('response', (r) => {
      if (r.status() === 403 && r.url().includes('/api/')) refused.push(new URL(r.url()).pathname);
    });
    await s.page.goto(`${api.url}/dashboard/student/lessons`);
    await s.page.waitForURL((url) => url.pathname === '/complete-profile');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((p) => p !== '/api/auth/me' && p !== '/api/auth/refresh')).toBe(true);
    await s.page.unroute('**/api/auth/refresh', lie);
  });

  it('the admin re-issues the password from Users: mailed, the old one and the session end, the new one signs in', async () => {
    const { page } = admin;
    await page.goto(`${api.url}/dashboard/admin/users`);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByRole('button', { name: `Re-issue password of ${student.email}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Re-issue password?').waitFor();
    await dialog.getByRole('button', { name: 'Send New Password' }).click();
    await waitForToast(page, 'New temporary password sent via email.');
    await dialog.waitFor({ state: 'hidden' });
    const fresh = await mailedPassword('Your new Academy password');
    expect(fresh).not.toBe(student.password);

    // The student's session ended: a reload finds no session.
    await s.page.reload();
    await s.page.waitForURL((url) => url.pathname === '/auth');
    await signIn(s.page, student.email, student.password, 'Invalid email or password');
    await signIn(s.page, student.email, fresh);
    await s.page.waitForURL((url) => url.pathname === '/complete-profile');
  });
});
