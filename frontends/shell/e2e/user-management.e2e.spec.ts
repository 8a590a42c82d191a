// User management against the real API, worker and an SMTP catcher, in two Chromium browsers (one
// per person, each with its own refresh cookie): the first admin creates accounts through the
// Create User page, the new users sign in with the password of their invitation mail, the student
// admin edits a student, the admin deletes a user and changes a role, and Settings changes the
// password. The tests run in order and share the accounts they create.
import type { Page } from 'playwright-core';
import { auditEventDetailSchema, auditEventsResponseSchema, sessionSchema } from '@academy/contracts';
import { apiCaller, bodyOf, type BrowserSession, launchBrowser, type RunningApi, startApi, startSmtpCatcher, statFigure, type TestSmtpCatcher, type TrackedPage, waitForToast, openDashboardMenu, signInThroughUi, expectLogReplaysEqual } from '@academy/testing';

interface Account {
  email: string;
  password: string;
  fullName: string;
}

const stamp = Date.now();
const teacher = { email: `teacher-${stamp}@academy.test`, fullName: 'Tendai Moyo', password: '' };
const student = { email: `student-${stamp}@academy.test`, fullName: 'Lerato Mokoena', password: '' };
const studentAdmin = { email: `student-admin-${stamp}@academy.test`, fullName: 'Nomsa Dlamini', password: '' };

describe('user management in a browser, against the API, worker and mail', () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  /** The admin's browser and the other users' browser. */
  let adminBrowser: BrowserSession;
  let otherBrowser: BrowserSession;
  let admin: TrackedPage;
  let other: TrackedPage;
  const adminAccount: Account = { email: '', password: '', fullName: '' };

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    // The worker runs the projections a command waits for, and sends the invitation mails.
    [api, adminBrowser, otherBrowser] = await Promise.all([startApi({ withWorker: true, env: { SMTP_URL: smtp.url } }), launchBrowser(), launchBrowser()]);
    [admin, other] = await Promise.all([adminBrowser.newPage(), otherBrowser.newPage()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled([adminBrowser?.close(), otherBrowser?.close()]);
    await api?.stop();
    await smtp?.stop();
  });
  afterEach(() => {
    // Nothing may have thrown in either page, whatever the test did, and the CSP blocked nothing of
    // the shell or the dashboard remotes.
    expect([...admin.cspViolations, ...other.cspViolations]).toEqual([]);
    expect(admin.pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });

  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const toast = waitForToast;

  const signIn = (page: Page, email: string, password: string) => signInThroughUi(page, api.url, email, password);

  async function signOut(page: Page) {
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  }

  /** The temporary password of the invitation mail sent to `email`. */
  async function invitedPassword(email: string): Promise<string> {
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.includes(email)) && /Temporary password: /.test(m.text));
    return /Temporary password: (\S+)/.exec(mail.text)![1];
  }

  const openMenu = openDashboardMenu;

  const figure = statFigure;
  const usersRow = (page: Page, email: string) => page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: email });

  async function createUser(page: Page, account: Account, role: 'Student' | 'Teacher' | 'Student admin' | 'Auditor', phone = '') {
    await page.getByLabel('Full Name').fill(account.fullName);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Phone').fill(phone);
    await page.getByLabel('Role').selectOption({ label: role });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, `${role} account created successfully! Credentials sent via email.`);
    // The form is empty again for the next account.
    expect(await page.getByLabel('Full Name').inputValue()).toBe('');
    expect(await page.getByLabel('Email').inputValue()).toBe('');
  }

  it('/setup, then the admin creates a teacher, a student and a student admin; the student’s first sign-in goes through /complete-profile', async () => {
    const { page } = admin;
    await page.goto(`${api.url}/setup`);
    await page.getByRole('button', { name: 'Create Admin Account' }).click();
    adminAccount.email = await page.getByTestId('admin-email').innerText();
    adminAccount.password = await page.getByTestId('admin-password').innerText();
    await signIn(page, adminAccount.email, adminAccount.password);
    await page.waitForURL((url) => url.pathname === '/dashboard/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await figure(page, 'Total Users').filter({ hasText: /^1$/ }).waitFor();
    // No enrollment yet: no program is active; no application: nothing waits for approval.
    await figure(page, 'Active Programs').filter({ hasText: /^0$/ }).waitFor();
    await figure(page, 'Pending Approvals').filter({ hasText: /^0$/ }).waitFor();

    await openMenu(page, 'Create User');
    expect(await page.getByLabel('Phone').getAttribute('placeholder')).toBe('+27 XX XXX XXXX');
    expect(await page.getByLabel('Role').locator('option').allInnerTexts()).toEqual(['Student', 'Teacher', 'Student admin', 'Auditor']);
    await createUser(page, teacher, 'Teacher');
    await createUser(page, student, 'Student', '+27 82 555 0101');
    await createUser(page, studentAdmin, 'Student admin');

    await openMenu(page, 'Users');
    for (const account of [adminAccount, teacher, student, studentAdmin]) await usersRow(page, account.email).waitFor();
    expect(await figure(page, 'Total Users').innerText()).toBe('4');
    expect(await figure(page, 'Admins').innerText()).toBe('1');
    expect(await figure(page, 'Teachers').innerText()).toBe('1');
    const studentRow = usersRow(page, student.email);
    expect(await studentRow.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining([student.fullName, 'Student']));
    // The admin cannot change their own role; the others can.
    expect(await page.getByLabel(`Role of ${adminAccount.email}`).isDisabled()).toBe(true);
    expect(await page.getByLabel(`Role of ${teacher.email}`).isDisabled()).toBe(false);

    // Each new user got a mail with a temporary password.
    [teacher.password, student.password, studentAdmin.password] = await Promise.all([invitedPassword(teacher.email), invitedPassword(student.email), invitedPassword(studentAdmin.email)]);

    const s = other.page;
    await signIn(s, student.email, student.password);
    await s.waitForURL((url) => url.pathname === '/complete-profile');
    expect(await s.getByLabel('Full Name').inputValue()).toBe(student.fullName);
    await s.getByLabel('Phone', { exact: true }).fill('+27 82 555 0101');
    await s.getByLabel('Address').fill('12 Long Street, Cape Town');
    await s.getByLabel('Date of Birth').fill('2001-04-09');
    await s.getByLabel('Emergency Contact Name').fill('Thabo Mokoena');
    await s.getByLabel('Emergency Contact Phone').fill('+27 83 555 0102');
    student.password = 'Lerato-s-own-passw0rd';
    await s.getByLabel('New Password').fill(student.password);
    await s.getByLabel('Confirm Password').fill(student.password);
    await s.getByRole('button', { name: 'Complete Profile' }).click();
    await toast(s, 'Profile completed successfully!');
    await s.waitForURL((url) => url.pathname === '/dashboard/student');
    await s.getByRole('heading', { level: 1, name: 'Student Dashboard' }).waitFor();
    await signOut(s);

    await page.goto(`${api.url}/setup`);
    await page.getByText('Setup is already done: an administrator exists.').waitFor();
    expect(await page.getByRole('button', { name: 'Create Admin Account' }).count()).toBe(0);
  }, 90_000);

  it('Create User: bad input shows inline messages and keeps what was typed; a taken email is refused under the field', async () => {
    const { page } = admin;
    await page.goto(`${api.url}/dashboard/admin/create-user`);
    await page.getByRole('heading', { level: 1, name: 'Create User' }).waitFor();
    await page.getByLabel('Full Name').fill('Sipho Dube');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Phone').fill('call me');
    await page.getByLabel('Role').selectOption({ label: 'Teacher' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Enter a valid email address').waitFor();
    await page.getByText('Phone must be a phone number').waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Sipho Dube');
    expect(await page.getByLabel('Email').inputValue()).toBe('not-an-email');
    expect(await page.getByLabel('Phone').inputValue()).toBe('call me');
    expect(await page.getByLabel('Role').inputValue()).toBe('teacher');

    // Valid for the form, refused by the API (409 with fields.email): the message goes under Email.
    await page.getByLabel('Email').fill(teacher.email.toUpperCase());
    await page.getByLabel('Phone').fill('');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('An account with this email already exists.').first().waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-describedby')).toBeTruthy();
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Sipho Dube');
    expect(await page.getByLabel('Email').inputValue()).toBe(teacher.email.toUpperCase());
    await page.getByLabel('Full Name').fill('');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Full name is required').waitFor();
  }, 60_000);

  it('the student admin sees the students, and edits one (inline check, toast, table updated)', async () => {
    const { page } = other;
    await signIn(page, studentAdmin.email, studentAdmin.password);
    await page.waitForURL((url) => url.pathname === '/dashboard/student-admin');
    await figure(page, 'Total Students').filter({ hasText: /^1$/ }).waitFor();
    // Nobody has applied on the landing page in this run: a real zero.
    await figure(page, 'Pending Applications').filter({ hasText: /^0$/ }).waitFor();
    // No enrollment exists in this run either: a real zero from GET /api/enrollment-counts, not '—'.
    await figure(page, 'Active Enrollments').filter({ hasText: /^0$/ }).waitFor();

    await openMenu(page, 'Students');
    const table = page.getByRole('table', { name: 'Students' });
    const row = table.getByRole('row').filter({ hasText: student.email });
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining([student.fullName, student.email, '+27 82 555 0101', '12 Long Street, Cape Town']));

    await row.getByRole('button', { name: `Edit ${student.fullName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Student' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Full Name').inputValue()).toBe(student.fullName);
    await dialog.getByLabel('Full Name').fill('');
    await dialog.getByLabel('Address').fill('7 Bree Street, Cape Town');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Full name is required').waitFor();
    // Still open, with what was typed.
    expect(await dialog.getByLabel('Address').inputValue()).toBe('7 Bree Street, Cape Town');

    student.fullName = 'Lerato M. Mokoena';
    await dialog.getByLabel('Full Name').fill(student.fullName);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Student updated successfully');
    await dialog.waitFor({ state: 'detached' });
    await row.filter({ hasText: student.fullName }).filter({ hasText: '7 Bree Street, Cape Town' }).waitFor();
  }, 60_000);

  it('the admin deletes a user after a confirmation: gone from Users, and from the student admin’s Students', async () => {
    const { page } = admin;
    await page.goto(`${api.url}/dashboard/admin/users`);
    const row = usersRow(page, student.email);
    // The admin's list is read on each visit: the student admin's edit shows.
    await row.filter({ hasText: student.fullName }).waitFor();
    await row.getByRole('button', { name: `Delete ${student.email}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this user?' });
    await confirm.waitFor();
    const warning = await confirm.innerText();
    expect(warning).toContain('irreversible');
    expect(warning).toContain('enrollments and submissions');
    // Cancel changes nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: `Delete ${student.email}` }).click();
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await toast(page, 'User deleted successfully');
    await row.waitFor({ state: 'detached' });
    expect(await figure(page, 'Total Users').innerText()).toBe('3');

    const s = other.page;
    // Away and back: Students reads the list again on each visit.
    await openMenu(s, 'Create');
    await openMenu(s, 'Students');
    await s.getByText('No students yet.').waitFor();
    expect(await s.getByText(student.email).count()).toBe(0);

    // The deleted student cannot sign in any more.
    const res = await fetch(`${api.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: student.email, password: student.password }) });
    expect(res.status).toBe(401);
  }, 60_000);

  it('Settings: sessions, notification preferences, and a password change after which the new password signs in', async () => {
    const { page } = admin;
    // A second session of the admin, elsewhere.
    const elsewhere = await fetch(`${api.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Gecko/20100101 Firefox/132.0' },
      body: JSON.stringify({ email: adminAccount.email, password: adminAccount.password }),
    });
    expect(elsewhere.status).toBe(200);

    await openMenu(page, 'Settings');
    const sessions = page.getByRole('list', { name: 'Signed-in sessions' });
    await sessions.getByRole('listitem').nth(1).waitFor();
    expect(await sessions.getByRole('listitem').count()).toBe(2);
    expect(await sessions.getByText('This device').count()).toBe(1);
    await sessions.getByText('Firefox on Windows').waitFor();
    await page.getByRole('button', { name: 'Sign out of other sessions' }).click();
    await toast(page, 'Signed out of all other sessions');
    await sessions.getByText('Firefox on Windows').waitFor({ state: 'detached' });
    expect(await sessions.getByRole('listitem').count()).toBe(1);

    // Only the admin's preferences (new applications, announcements), saved and read back.
    expect(await page.getByRole('switch').count()).toBe(2);
    expect(await page.getByLabel('Announcements').getAttribute('aria-checked')).toBe('true');
    const newApplications = page.getByLabel('New applications');
    expect(await newApplications.getAttribute('aria-checked')).toBe('true');
    await newApplications.click();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await toast(page, 'Notification preferences saved');

    // Wrong current password: the API's message under the field; a mismatch: the form's own.
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current Password').fill('not-the-password');
    await form.getByLabel('New Password', { exact: true }).fill('A-new-admin-passw0rd');
    await form.getByLabel('Confirm New Password').fill('A-new-admin-passw0rd');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('Current password is incorrect').waitFor();
    expect(await form.getByLabel('New Password', { exact: true }).inputValue()).toBe('A-new-admin-passw0rd');
    await form.getByLabel('Current Password').fill(adminAccount.password);
    await form.getByLabel('Confirm New Password').fill('something-else');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('Passwords do not match').waitFor();
    await form.getByLabel('Confirm New Password').fill('A-new-admin-passw0rd');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Password changed successfully');
    expect(await form.getByLabel('Current Password').inputValue()).toBe('');
    adminAccount.password = 'A-new-admin-passw0rd';

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('switch', { name: 'New applications' }).and(page.locator('[aria-checked="false"]')).waitFor();

    await signOut(page);
    await signIn(page, adminAccount.email, adminAccount.password);
    await page.waitForURL((url) => url.pathname === '/dashboard/admin');
  }, 60_000);

  it('a role change: the user’s next API call is refused, and after signing in again they land on their new dashboard', async () => {
    // The student admin is on Students, signed in (the previous tests).
    const s = other.page;
    expect(pathOf(s)).toBe('/dashboard/student-admin/students');

    const { page } = admin;
    await page.goto(`${api.url}/dashboard/admin/users`);
    const select = page.getByLabel(`Role of ${studentAdmin.email}`);
    // A student admin is not one of the roles the selector assigns: shown, not offered.
    expect(await select.inputValue()).toBe('student_admin');
    expect(await select.locator('option:not([disabled])').allInnerTexts()).toEqual(['Student', 'Teacher', 'Admin', 'Auditor']);
    await select.selectOption('teacher');
    await toast(page, 'Role assigned successfully');
    // The Role column (the third) shows the new role once the list is read again.
    await usersRow(page, studentAdmin.email).getByRole('cell').nth(2).filter({ hasText: /^Teacher$/ }).waitFor();
    expect(await select.inputValue()).toBe('teacher');
    expect(await figure(page, 'Teachers').innerText()).toBe('2');

    // Their next call (Settings reads their sessions) is refused: back to /auth.
    await s.getByRole('navigation', { name: /menu$/ }).getByRole('link', { name: 'Settings', exact: true }).click();
    await s.waitForURL((url) => url.pathname === '/auth');
    await signIn(s, studentAdmin.email, studentAdmin.password);
    await s.waitForURL((url) => url.pathname === '/dashboard/teacher');
    await s.getByRole('heading', { level: 1, name: 'Teacher Dashboard' }).waitFor();
  }, 60_000);

  it("an auditor's access to personal data: the admin's switch on Users grants it and takes it back, and the auditor's view follows", async () => {
    const { page } = admin;
    const auditor: Account = { email: `auditor-${Date.now()}@academy.test`, fullName: 'Ruth Auditor', password: '' };
    await page.goto(`${api.url}/dashboard/admin/create-user`);
    await createUser(page, auditor, 'Auditor');
    auditor.password = await invitedPassword(auditor.email);
    const call = apiCaller(api.url);
    const signInApi = async (a: Account) => bodyOf(await call('POST', '/auth/sign-in', undefined, { email: a.email, password: a.password }), sessionSchema).access_token;
    const auditorToken = await signInApi(auditor);
    // An event with personal data (a registration), as the auditor sees it.
    const withPersonal = bodyOf(await call('GET', '/audit/events?limit=100', auditorToken), auditEventsResponseSchema).events.find((e) => e.personal === 'present' && e.type === 'UserRegistered');
    const detail = async () => bodyOf(await call('GET', `/audit/events/${withPersonal?.position}`, auditorToken), auditEventDetailSchema).personal.state;
    expect(await detail()).toBe('masked');

    await page.goto(`${api.url}/dashboard/admin/users`);
    const access = usersRow(page, auditor.email).getByRole('switch', { name: `Personal data of ${auditor.email}` });
    await access.waitFor();
    expect(await access.getAttribute('aria-checked')).toBe('false');
    // No switch on anyone but auditors.
    expect(await page.getByRole('table', { name: 'Users' }).getByRole('switch').count()).toBe(1);
    await access.click();
    await toast(page, 'Personal data access granted');
    await page.getByRole('switch', { name: `Personal data of ${auditor.email}`, checked: true }).waitFor();
    expect(await detail()).toBe('clear');
    // Read again from the log after a reload: the grant stands.
    await page.reload();
    await page.getByRole('switch', { name: `Personal data of ${auditor.email}`, checked: true }).click();
    await toast(page, 'Personal data access revoked');
    await page.getByRole('switch', { name: `Personal data of ${auditor.email}`, checked: false }).waitFor();
    expect(await detail()).toBe('masked');
  }, 60_000);

  // Issue 15: the log these journeys wrote verifies, and a replay from position 0 gives the very tables the screens read.
  it('leaves a log that verifies and replays to the live read models ("equal")', async () => {
    await expectLogReplaysEqual({ DATABASE_URL: api.db.url });
  }, 120_000);
});
