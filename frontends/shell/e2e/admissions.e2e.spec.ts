// Admissions end to end (issue 7) against the real API, worker and an SMTP catcher, in three Chromium
// browsers (admin, student admin, visitor; each with its own refresh cookie): a visitor applies on the
// landing page; the acknowledgement and the staff notice reach the mail catcher; the student admin
// sees the bell and the dashboard count, opens Prospective from the notice, marks the applicant
// contacted and converts them; the credentials mail arrives and the applicant signs in (and is sent to
// complete their profile). Then the admin declines a second applicant, whose row can no longer be
// converted, and a convert from a screen that is out of date is refused with the server's message.
// The tests run in order and share what they create.
import type { Page } from 'playwright-core';
import { ADMISSIONS_MESSAGES } from '@academy/contracts';
import { type BrowserSession, launchBrowser, type RunningApi, startApi, startSmtpCatcher, statFigure, type TestSmtpCatcher, type TrackedPage, waitForToast, openDashboardMenu, signInThroughUi, expectLogReplaysEqual } from '@academy/testing';

interface Account {
  email: string;
  password: string;
  fullName: string;
}

const stamp = Date.now();
const studentAdmin: Account = { email: `student-admin-${stamp}@academy.test`, fullName: 'Nomsa Dlamini', password: '' };
const applicant = { firstName: 'Thandi', lastName: 'Nkosi', email: `thandi-${stamp}@example.org`, phone: '+27 82 555 0199', course: 'Software Engineering', message: 'I would like to join the next evening intake.' };
const second = { firstName: 'Bongani', lastName: 'Mthembu', email: `bongani-${stamp}@example.org`, phone: '+27 83 555 0142', course: 'IT Support', message: 'Is there a daytime class?' };
const third = { firstName: 'Farai', lastName: 'Moyo', email: `farai-${stamp}@example.org`, phone: '+263 77 123 4567', course: 'Web Development', message: 'Do you take students from Harare?' };
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

describe('admissions in a browser: apply, notify, convert, decline', () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  const browsers: BrowserSession[] = [];
  let admin: TrackedPage;
  let staff: TrackedPage;
  let visitor: TrackedPage;
  const adminAccount: Account = { email: '', password: '', fullName: '' };
  let applicantPassword = '';

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    const started = await Promise.all([startApi({ withWorker: true, env: { SMTP_URL: smtp.url } }), launchBrowser(), launchBrowser(), launchBrowser()]);
    api = started[0];
    browsers.push(started[1], started[2], started[3]);
    [admin, staff, visitor] = await Promise.all(browsers.map((b) => b.newPage()));
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled(browsers.map((b) => b.close()));
    await api?.stop();
    await smtp?.stop();
  });
  afterEach(() => {
    for (const page of [admin, staff, visitor]) expect(page.pageErrors).toEqual([]);
  });

  const toast = waitForToast;
  const figure = statFigure;
  const applications = (page: Page) => page.getByRole('table', { name: 'Applications' });
  const row = (page: Page, email: string) => applications(page).getByRole('row').filter({ hasText: email });
  const status = (page: Page, email: string) => row(page, email).getByTestId('prospect-status');

  const signIn = (page: Page, email: string, password: string) => signInThroughUi(page, api.url, email, password);

  const openMenu = openDashboardMenu;

  async function openDashboard(page: Page, title: string) {
    await page.getByRole('navigation', { name: /menu$/ }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  }

  async function temporaryPassword(email: string): Promise<string> {
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.includes(email)) && /Temporary password: /.test(m.text), 20_000);
    return /Temporary password: (\S+)/.exec(mail.text)![1];
  }

  /** The visitor's way in: the landing page's Application Form. */
  async function apply(page: Page, person: typeof applicant) {
    await page.goto(`${api.url}/`);
    // The form loads when its section comes into view.
    await page.locator('#contact').scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Application Form' });
    await form.getByLabel('First Name').fill(person.firstName);
    await form.getByLabel('Last Name').fill(person.lastName);
    await form.getByLabel('Email').fill(person.email);
    await form.getByLabel('Phone').fill(person.phone);
    await form.getByLabel('Course').selectOption({ label: person.course });
    await form.getByLabel('Message').fill(person.message);
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await toast(page, 'Application submitted!');
    await toast(page, 'Our admissions team will contact you soon.');
    expect(await form.getByLabel('Email').inputValue()).toBe('');
  }

  it('the admin sets up the academy and creates a student admin', async () => {
    const { page } = admin;
    await page.goto(`${api.url}/setup`);
    await page.getByRole('button', { name: 'Create Admin Account' }).click();
    adminAccount.email = await page.getByTestId('admin-email').innerText();
    adminAccount.password = await page.getByTestId('admin-password').innerText();
    await signIn(page, adminAccount.email, adminAccount.password);
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    // Nothing applied yet: a real zero, not a placeholder.
    await figure(page, 'Pending Approvals').filter({ hasText: /^0$/ }).waitFor();

    await openMenu(page, 'Prospective Students');
    await page.getByText('No applications yet').waitFor();

    await openMenu(page, 'Create User');
    await page.getByLabel('Full Name').fill(studentAdmin.fullName);
    await page.getByLabel('Email').fill(studentAdmin.email);
    await page.getByLabel('Role').selectOption({ label: 'Student admin' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Student admin account created successfully! Credentials sent via email.');
    studentAdmin.password = await temporaryPassword(studentAdmin.email);
  }, 90_000);

  it('a visitor applies on the landing page; the applicant gets an acknowledgement and the admissions staff a notice', async () => {
    await apply(visitor.page, applicant);
    const ack = await smtp.waitFor((m) => m.to.some((to) => to.includes(applicant.email)), 20_000);
    expect(ack.subject).toBe('We received your application to Academy');
    expect(ack.text).toContain(`Thank you for applying for ${applicant.course}. Our admissions team will contact you soon.`);
    const notice = await smtp.waitFor((m) => m.subject === `New application: ${fullName(applicant)} (${applicant.course})`, 20_000);
    // Every admin and student admin is told (both keep the default preference on).
    expect(notice.to.join(' ')).toContain(studentAdmin.email);
    expect(notice.to.join(' ')).toContain(adminAccount.email);
    expect(notice.text).toContain(`Phone: ${applicant.phone}`);
    expect(notice.text).toContain('/dashboard/student-admin/prospective');
  }, 60_000);

  it('the student admin sees the bell and the count, opens Prospective from the notice, contacts and converts the applicant', async () => {
    const { page } = staff;
    await signIn(page, studentAdmin.email, studentAdmin.password);
    await page.getByRole('heading', { level: 1, name: 'Student Admin Dashboard' }).waitFor();
    await figure(page, 'Pending Applications').filter({ hasText: /^1$/ }).waitFor();
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await page.getByTestId('notifications-unread').filter({ hasText: /^1$/ }).waitFor();
    expect(await bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await bell.click();
    const notice = page.getByRole('list', { name: 'Notifications list' }).getByRole('button').filter({ hasText: 'New application' });
    expect(await notice.innerText()).toContain(`${fullName(applicant)} applied for ${applicant.course}.`);
    await notice.click();
    await page.waitForURL((url) => url.pathname === '/dashboard/student-admin/prospective');
    await page.getByRole('heading', { level: 1, name: 'Prospective', exact: true }).waitFor();
    await page.getByTestId('notifications-unread').waitFor({ state: 'detached' });

    // The spec's columns, then the message (once the list has loaded).
    await row(page, applicant.email).waitFor();
    const cells = await row(page, applicant.email).getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 5)).toEqual([fullName(applicant), applicant.email, applicant.phone, applicant.course, 'Pending']);
    expect(cells[6]).toBe(applicant.message);

    // Search and status filter (on the server): a search that matches nothing, then one that matches.
    await page.getByLabel('Search').fill('nobody-like-this');
    await page.getByText('No applications match these filters').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('nobody-like-this');
    await page.getByLabel('Search').fill(applicant.lastName.toLowerCase());
    await row(page, applicant.email).waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Contacted' });
    await page.getByText('No applications match these filters').waitFor();
    await page.getByLabel('Status').selectOption({ label: 'All statuses' });
    await page.getByLabel('Search').fill('');
    // The search reaches the address (and the list) after a short pause: wait for it, as a person
    // would see the list settle, before acting on a row.
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await row(page, applicant.email).waitFor();

    await row(page, applicant.email).getByRole('button', { name: `Mark ${fullName(applicant)} as contacted` }).click();
    await toast(page, 'Applicant marked as contacted');
    await status(page, applicant.email).filter({ hasText: 'Contacted' }).waitFor();
    expect(await row(page, applicant.email).getByRole('cell').nth(4).innerText()).toContain(`by ${studentAdmin.fullName}`);
    expect(await row(page, applicant.email).getByRole('button', { name: /as contacted$/ }).count()).toBe(0);

    await row(page, applicant.email).getByRole('button', { name: `Convert ${fullName(applicant)} to student` }).click();
    const dialog = page.getByRole('dialog', { name: 'Convert to student' });
    await dialog.waitFor();
    // Pre-filled from the application; the account is always a student.
    expect(await dialog.getByLabel('Full Name').inputValue()).toBe(fullName(applicant));
    expect(await dialog.getByLabel('Email').inputValue()).toBe(applicant.email);
    expect(await dialog.getByLabel('Phone').inputValue()).toBe(applicant.phone);
    expect(await dialog.getByLabel('Role').inputValue()).toBe('Student');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    // The API waits up to CONVERSION_WAIT_MS (10 s) for the worker's two reactions, then answers 202 and
    // the screen says the account is on its way; either answer is right, and the row then shows Converted.
    await Promise.any([
      toast(page, 'Student account created successfully! Credentials sent via email.', 30_000),
      toast(page, ADMISSIONS_MESSAGES.conversionPending, 30_000),
    ]).catch((e: AggregateError) => {
      throw new Error(e.errors.map((x: Error) => x.message).join('\n'));
    });
    await dialog.waitFor({ state: 'detached' });
    await status(page, applicant.email).filter({ hasText: 'Converted' }).waitFor({ timeout: 30_000 });
    expect(await row(page, applicant.email).getByRole('button').allInnerTexts()).toEqual(['Erase applicant']);
    expect(await row(page, applicant.email).innerText()).toContain('Student account created');

    // The new student is in the student list, and nothing is pending any more.
    await openMenu(page, 'Students');
    await page.getByRole('table', { name: 'Students' }).getByRole('row').filter({ hasText: applicant.email }).waitFor();
    await openDashboard(page, 'Student Admin Dashboard');
    await figure(page, 'Pending Applications').filter({ hasText: /^0$/ }).waitFor();
  }, 90_000);

  it('the credentials mail reaches the applicant, who signs in and is sent to complete their profile', async () => {
    applicantPassword = await temporaryPassword(applicant.email);
    const { page } = visitor;
    await signIn(page, applicant.email, applicantPassword);
    await page.waitForURL((url) => url.pathname === '/complete-profile');
    expect(await page.getByLabel('Full Name').inputValue()).toBe(fullName(applicant));
  }, 60_000);

  it('the admin declines an applicant, whose row can then no longer be converted; a convert from an out-of-date screen is refused', async () => {
    await apply(visitor.page, second);
    await apply(visitor.page, third);

    // The student admin's list shows both as pending (and stays as it is while the admin works). An
    // application answers the visitor at once; the staff's list shows it once the worker's projection
    // has it (a moment later on a busy machine), so the list is opened again until it does.
    const s = staff.page;
    await openMenu(s, 'Prospective');
    for (let tries = 0; ; tries++) {
      const shown = await row(s, third.email)
        .waitFor({ timeout: 1_000 })
        .then(() => true, () => false);
      if (shown || tries === 20) break;
      await s.reload();
    }
    await row(s, third.email).waitFor();
    await status(s, second.email).filter({ hasText: 'Pending' }).waitFor();

    const { page } = admin;
    await openDashboard(page, 'Admin Dashboard');
    await figure(page, 'Pending Approvals').filter({ hasText: /^2$/ }).waitFor();
    await openMenu(page, 'Prospective Students');
    await page.getByLabel('Status').selectOption({ label: 'Pending' });
    // The converted applicant leaves the list once the filtered answer is in.
    await row(page, applicant.email).waitFor({ state: 'detached' });
    await row(page, second.email).waitFor();

    await row(page, second.email).getByRole('button', { name: `Decline ${fullName(second)}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Decline this application?' });
    expect(await confirm.innerText()).toContain('can no longer be converted to a student');
    // Cancel changes nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await status(page, second.email).filter({ hasText: 'Pending' }).waitFor();
    await row(page, second.email).getByRole('button', { name: `Decline ${fullName(second)}` }).click();
    await confirm.getByRole('button', { name: 'Decline', exact: true }).click();
    await toast(page, 'Application declined');
    // Declined is no longer pending: the filtered list drops it; under Declined it has no action.
    await row(page, second.email).waitFor({ state: 'detached' });
    await page.getByLabel('Status').selectOption({ label: 'Declined' });
    await status(page, second.email).filter({ hasText: 'Declined' }).waitFor();
    expect(await row(page, second.email).getByRole('button').allInnerTexts()).toEqual(['Erase applicant']);
    expect(await row(page, second.email).getByRole('cell').nth(4).innerText()).toContain('by Administrator');
    await page.getByLabel('Status').selectOption({ label: 'Converted' });
    await status(page, applicant.email).filter({ hasText: 'Converted' }).waitFor();
    expect(await row(page, applicant.email).getByRole('button', { name: /to student$/ }).count()).toBe(0);

    // The student admin still sees the old list and tries to convert the declined applicant: refused
    // with the server's message, nothing created, and the row then shows where it stands.
    await row(s, second.email).getByRole('button', { name: `Convert ${fullName(second)} to student` }).click();
    const dialog = s.getByRole('dialog', { name: 'Convert to student' });
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'This application was changed by someone else meanwhile. Reload and try again.' }).waitFor();
    await toast(s, 'This application was changed by someone else meanwhile. Reload and try again.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await status(s, second.email).filter({ hasText: 'Declined' }).waitFor();
    expect(await row(s, second.email).getByRole('button').allInnerTexts()).toEqual(['Erase applicant']);
    const { rows } = await api.db.pool.query("SELECT count(*)::int AS n FROM event_store.events WHERE type = 'ApplicantConverted'");
    expect(rows[0].n).toBe(1);

    await openDashboard(page, 'Admin Dashboard');
    await figure(page, 'Pending Approvals').filter({ hasText: /^1$/ }).waitFor();
  }, 120_000);

  it('a quick-contact message is listed apart from the applications, from the notice’s link; it can be contacted but never converted', async () => {
    const v = visitor.page;
    await v.goto(`${api.url}/`);
    await v.getByRole('button', { name: 'Quick Contact' }).click();
    const quick = v.getByRole('dialog', { name: 'Quick Contact' });
    await quick.getByLabel('Name').fill('Sizwe');
    await quick.getByLabel('Email').fill(`sizwe-${stamp}@example.org`);
    await quick.getByLabel('Message').fill('Do you teach on Saturdays?');
    await quick.getByRole('button', { name: 'Send Message' }).click();
    await toast(v, 'Message sent!');

    // The worker writes the notice after the message is stored; the bell reads its inbox on load.
    const { page } = admin;
    const notice = page.getByRole('list', { name: 'Notifications list' }).getByRole('button').filter({ hasText: 'New quick-contact message' });
    for (let tries = 0; ; tries++) {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
      await page.getByRole('banner').getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('list', { name: 'Notifications list' }).waitFor();
      if ((await notice.count()) > 0 || tries === 20) break;
      await page.waitForTimeout(500);
    }
    await notice.click();
    await page.waitForURL((url) => url.pathname === '/dashboard/admin/prospective' && url.searchParams.get('kind') === 'quick_contact');
    expect(await page.getByLabel('Show').inputValue()).toBe('quick_contact');
    const messages = page.getByRole('table', { name: 'Quick contact messages' });
    const message = messages.getByRole('row').filter({ hasText: `sizwe-${stamp}@example.org` });
    // The list loads after the navigation: wait for the row before reading it.
    await message.waitFor();
    expect((await message.getByRole('cell').allInnerTexts()).slice(0, 5)).toEqual(['Sizwe', `sizwe-${stamp}@example.org`, '—', '—', 'Pending']);
    expect(await message.getByRole('button', { name: /to student$/ }).count()).toBe(0);
    expect(await messages.getByRole('row').filter({ hasText: applicant.email }).count()).toBe(0);
    await message.getByRole('button', { name: 'Mark Sizwe as contacted' }).click();
    await toast(page, 'Applicant marked as contacted');
    await message.getByTestId('prospect-status').filter({ hasText: 'Contacted' }).waitFor();

    // Back to the applications: the address follows the selector.
    await page.getByLabel('Show').selectOption({ label: 'Applications' });
    await row(page, applicant.email).waitFor();
    expect(new URL(page.url()).searchParams.get('kind')).toBeNull();
  }, 60_000);

  // Issue 15: the log these journeys wrote verifies, and a replay from position 0 gives the very tables the screens read.
  it('leaves a log that verifies and replays to the live read models ("equal")', async () => {
    await expectLogReplaysEqual({ DATABASE_URL: api.db.url });
  }, 120_000);
});
