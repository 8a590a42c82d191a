// The auth screens against the real identity endpoints of the built API (no answer is made up here):
// first-admin setup, sign in, the admin dashboard, a reload that restores the session from the
// refresh cookie, sign out; and a sign-up followed through the real verification mail.
import { launchBrowser, startApi, startSmtpCatcher, type BrowserSession, type RunningApi, type TestSmtpCatcher, type TrackedPage } from '@academy/testing';

describe('identity flow in a browser, against the API', () => {
  let api: RunningApi;
  let browser: BrowserSession;
  let smtp: TestSmtpCatcher;
  const pages: TrackedPage[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    // The worker runs the projections that a command waits for before it answers, and sends the mail.
    [api, browser] = await Promise.all([startApi({ withWorker: true, env: { SMTP_URL: smtp.url } }), launchBrowser()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    await smtp?.stop();
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((t) => t.page.close()));
    await browser.context.clearCookies();
  });

  async function newPage(): Promise<TrackedPage> {
    const tracked = await browser.newPage();
    pages.push(tracked);
    return tracked;
  }

  it('/setup creates the admin; the admin signs in and every menu entry of the admin dashboard opens its page', async () => {
    const { page, pageErrors } = await newPage();
    await page.goto(`${api.url}/setup`);
    await page.getByRole('button', { name: 'Create Admin Account' }).click();
    await page.getByText('Admin account created successfully!').waitFor();
    const email = await page.getByTestId('admin-email').innerText();
    const password = await page.getByTestId('admin-password').innerText();
    expect(email).toContain('@');
    expect(password.length).toBeGreaterThanOrEqual(8);

    await page.getByRole('button', { name: 'Go to Login' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    const login = page.getByRole('tabpanel', { name: 'Login' });

    // A wrong password: the server's message, and the input stays.
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill(`${password}-wrong`);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect(await login.getByLabel('Email').inputValue()).toBe(email);

    await login.getByLabel('Password').fill(password);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Welcome back!').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('banner').getByText(email, { exact: true }).waitFor();

    const menu = page.getByRole('navigation', { name: 'Admin menu' });
    const entries = ['Programs', 'Subjects', 'Users', 'Create User', 'Prospective Students', 'Teacher Assignments', 'Enrollments', 'Schedules', 'Holidays', 'Announcements', 'Queues', 'Settings'];
    for (const entry of entries) {
      await menu.getByRole('link', { name: entry, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: entry, exact: true }).waitFor();
      expect(await page.getByText('Oops! Page not found').count()).toBe(0);
    }

    // The access token was only in memory: a reload comes back through the refresh cookie.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings', exact: true }).waitFor();
    await page.getByRole('banner').getByText(email, { exact: true }).waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`${api.url}/dashboard/admin`);
    await page.waitForURL((url) => url.pathname === '/auth');

    await page.goto(`${api.url}/setup`);
    await page.getByText('Setup is already done: an administrator exists.').waitFor();
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('signs up a student, who verifies through the mailed link, signs in and completes the profile', async () => {
    const { page, pageErrors } = await newPage();
    const email = `student-${Date.now()}@academy.test`;
    await page.goto(`${api.url}/auth`);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const signUp = page.getByRole('tabpanel', { name: 'Sign Up' });
    await signUp.getByLabel('Full Name').fill('Lerato Mokoena');
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password').fill('a-Long-enough-passw0rd');
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Account created! Please check your email to verify.').waitFor();

    // Back on Login with the address filled in; signing in before verifying gives the server's reason.
    const login = page.getByRole('tabpanel', { name: 'Login' });
    expect(await login.getByLabel('Email').inputValue()).toBe(email);
    await login.getByLabel('Password').fill('a-Long-enough-passw0rd');
    await login.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please verify your email before signing in.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');

    // The verification mail, as the worker sent it over SMTP; its link is opened like a person would.
    const mail = await smtp.waitFor((m) => m.to.includes(email), 20_000);
    const link = mail.text.match(/http:\/\/\S+\/auth\/verify\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeDefined();
    await page.goto(`${api.url}${new URL(link!).pathname}${new URL(link!).search}`);
    await page.getByText('Your email is verified. You can sign in now.').waitFor();
    await page.getByRole('link', { name: 'Go to Login' }).click();

    // First sign-in of a student: forced through /complete-profile, then the student dashboard.
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill('a-Long-enough-passw0rd');
    await login.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/complete-profile');
    await page.getByLabel('Full Name').fill('Lerato Mokoena');
    await page.getByLabel('Phone', { exact: true }).fill('+27 82 555 0101');
    await page.getByLabel('Address').fill('12 Long Street, Cape Town');
    await page.getByLabel('Date of Birth').fill('1999-04-12');
    await page.getByLabel('Emergency Contact Name').fill('Thabo Mokoena');
    await page.getByLabel('Emergency Contact Phone').fill('+27 82 555 0102');
    await page.getByLabel('New Password').fill('another-Long-passw0rd');
    await page.getByLabel('Confirm Password').fill('another-Long-passw0rd');
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await page.getByText('Profile completed successfully!').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/student');
    await page.getByRole('banner').getByText(email, { exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('/auth/verify shows the server’s answer for a token that is not valid', async () => {
    const { page } = await newPage();
    await page.goto(`${api.url}/auth/verify?token=not-a-real-token`);
    await page.getByText('This verification link is invalid or has expired.').waitFor();
    expect(await page.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/auth');
  });
});
