// Programs, subjects, teacher assignments and enrollments against the real API, worker and an SMTP
// catcher, in three Chromium browsers (admin, teacher, student, each with its own refresh cookie):
// the admin builds a program, assigns a teacher and enrolls a student; the teacher sees the subject,
// the student the course while the enrollment is active; then a CSV import is checked and applied.
// The tests run in order and share what they create.
import type { Page } from 'playwright-core';
import { type BrowserSession, launchBrowser, type RunningApi, startApi, startSmtpCatcher, statFigure, type TestSmtpCatcher, type TrackedPage, waitForToast, openDashboardMenu, signInThroughUi, expectLogReplaysEqual } from '@academy/testing';

interface Account {
  email: string;
  password: string;
  fullName: string;
}

const stamp = Date.now();
const teacher: Account = { email: `teacher-${stamp}@academy.test`, fullName: 'Tendai Moyo', password: '' };
const student: Account = { email: `student-${stamp}@academy.test`, fullName: 'Lerato Mokoena', password: '' };
const secondStudent: Account = { email: `student2-${stamp}@academy.test`, fullName: 'Sipho Dube', password: '' };
const program = 'Web Development';
const subject = 'HTML & CSS';

describe('catalog and enrollment in a browser, against the API, worker and mail', () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  const browsers: BrowserSession[] = [];
  let admin: TrackedPage;
  let teacherPage: TrackedPage;
  let studentPage: TrackedPage;
  const adminAccount: Account = { email: '', password: '', fullName: '' };
  let subjectId = '';

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    const started = await Promise.all([startApi({ withWorker: true, env: { SMTP_URL: smtp.url } }), launchBrowser(), launchBrowser(), launchBrowser()]);
    api = started[0];
    browsers.push(started[1], started[2], started[3]);
    [admin, teacherPage, studentPage] = await Promise.all(browsers.map((b) => b.newPage()));
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled(browsers.map((b) => b.close()));
    await api?.stop();
    await smtp?.stop();
  });
  afterEach(() => {
    for (const page of [admin, teacherPage, studentPage]) expect(page.pageErrors).toEqual([]);
  });

  const toast = waitForToast;
  const figure = statFigure;
  const rows = (page: Page, table: string, text: string) => page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

  const signIn = (page: Page, email: string, password: string) => signInThroughUi(page, api.url, email, password);

  const openMenu = openDashboardMenu;

  async function openDashboard(page: Page, title: string) {
    await page.getByRole('navigation', { name: /menu$/ }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  }

  async function invitedPassword(email: string): Promise<string> {
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.includes(email)) && /Temporary password: /.test(m.text));
    return /Temporary password: (\S+)/.exec(mail.text)![1];
  }

  async function createUser(page: Page, account: Account, role: 'Student' | 'Teacher') {
    await page.getByLabel('Full Name').fill(account.fullName);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Role').selectOption({ label: role });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, `${role} account created successfully! Credentials sent via email.`);
  }

  async function setStatus(page: Page, email: string, status: string) {
    await rows(page, 'Enrollments', email).first().getByRole('combobox').selectOption({ label: status });
    await toast(page, 'Enrollment status updated');
  }

  it('the admin creates a teacher and a student; the student completes the profile, the teacher has no subject yet', async () => {
    const { page } = admin;
    await page.goto(`${api.url}/setup`);
    await page.getByRole('button', { name: 'Create Admin Account' }).click();
    adminAccount.email = await page.getByTestId('admin-email').innerText();
    adminAccount.password = await page.getByTestId('admin-password').innerText();
    await signIn(page, adminAccount.email, adminAccount.password);
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await figure(page, 'System Status').filter({ hasText: 'Active' }).waitFor();
    await figure(page, 'Active Programs').filter({ hasText: /^0$/ }).waitFor();

    await openMenu(page, 'Create User');
    await createUser(page, teacher, 'Teacher');
    await createUser(page, student, 'Student');
    [teacher.password, student.password] = await Promise.all([invitedPassword(teacher.email), invitedPassword(student.email)]);

    const s = studentPage.page;
    await signIn(s, student.email, student.password);
    await s.waitForURL((url) => url.pathname === '/complete-profile');
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
    await figure(s, 'Active Course').filter({ hasText: '—' }).waitFor();
    await openMenu(s, 'My Course');
    await s.getByRole('heading', { name: 'No Active Enrollment' }).waitFor();

    const t = teacherPage.page;
    await signIn(t, teacher.email, teacher.password);
    await t.waitForURL((url) => url.pathname === '/dashboard/teacher');
    await openMenu(t, 'My Subjects');
    await t.getByRole('heading', { name: 'No Subjects Assigned' }).waitFor();
  }, 90_000);

  it('Programs and Subjects: inline checks keep the input; add, edit; a program in use cannot be deleted', async () => {
    const { page } = admin;
    await openMenu(page, 'Programs');
    await page.getByRole('button', { name: 'Add Program' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Program' });
    await dialog.getByLabel('Description').fill('HTML to React');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Name is required').waitFor();
    expect(await dialog.getByLabel('Description').inputValue()).toBe('HTML to React');
    expect(await dialog.getByLabel('Type').inputValue()).toBe('evening');
    await dialog.getByLabel('Name').fill(program);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Program created successfully');
    await dialog.waitFor({ state: 'detached' });
    expect(await rows(page, 'Programs', program).getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining([program, 'Evening', 'HTML to React', '0']));

    await page.getByRole('button', { name: `Edit ${program}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Program' });
    expect(await edit.getByLabel('Name').inputValue()).toBe(program);
    await edit.getByLabel('Description').fill('HTML, CSS, JavaScript and React');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Program updated successfully');
    await rows(page, 'Programs', 'HTML, CSS, JavaScript and React').waitFor();

    await openMenu(page, 'Subjects');
    await page.getByRole('button', { name: 'Add Subject' }).click();
    const add = page.getByRole('dialog', { name: 'Add Subject' });
    await add.getByLabel('Name').fill(subject);
    await add.getByLabel('Week Number').fill('21');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText('Choose a program').waitFor();
    await add.getByText('Week number must be a whole number from 1 to 20').waitFor();
    await add.getByLabel('Program').selectOption({ label: `${program} (Evening)` });
    await add.getByLabel('Week Number').fill('1');
    await add.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Subject created successfully');
    const row = rows(page, 'Subjects', subject);
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining([subject, '1']));
    subjectId = (await row.getAttribute('data-subject-id'))!;
    expect(subjectId).toMatch(/^[0-9a-f-]{36}$/);

    await openMenu(page, 'Programs');
    await page.getByRole('button', { name: `Delete ${program}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Program' }).click();
    await toast(page, 'This program has subjects or enrollments: remove them first.');
    await rows(page, 'Programs', program).waitFor();
  }, 60_000);

  it('Teacher Assignments: assign, a duplicate is refused; the teacher sees the subject with Manage Content', async () => {
    const { page } = admin;
    await openMenu(page, 'Teacher Assignments');
    const assign = async () => {
      await page.getByRole('button', { name: 'Assign Teacher' }).click();
      const dialog = page.getByRole('dialog', { name: 'Assign Teacher' });
      await dialog.getByLabel('Teacher').selectOption({ label: `${teacher.fullName} (${teacher.email})` });
      await dialog.getByLabel('Subject').selectOption({ label: `${subject} — ${program}` });
      await dialog.getByRole('button', { name: 'Assign' }).click();
      return dialog;
    };
    const first = await assign();
    await toast(page, 'Teacher assigned successfully');
    await first.waitFor({ state: 'detached' });
    await rows(page, 'Teacher assignments', teacher.email).waitFor(); // the list is read again after the write
    expect(await rows(page, 'Teacher assignments', teacher.email).getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining([teacher.fullName, teacher.email, subject, program]));
    const again = await assign();
    await toast(page, 'This teacher is already assigned to this subject.');
    await again.getByRole('button', { name: 'Close' }).click();
    expect(await rows(page, 'Teacher assignments', teacher.email).count()).toBe(1);

    const t = teacherPage.page;
    await t.reload();
    const card = t.getByRole('article', { name: subject });
    await card.waitFor();
    expect(await card.innerText()).toEqual(expect.stringContaining(program));
    expect(await card.innerText()).toEqual(expect.stringContaining('Week 1'));
    const link = card.getByRole('link', { name: /Manage Content/ });
    expect(await link.getAttribute('href')).toBe(`/dashboard/teacher/weeks?subject=${subjectId}`);
    await link.click();
    await t.waitForURL((url) => url.pathname === '/dashboard/teacher/weeks' && url.searchParams.get('subject') === subjectId);
  }, 60_000);

  it('Enrollments: the subject list follows the program; pending, then active shows My Course; completed hides it', async () => {
    const { page } = admin;
    await openMenu(page, 'Enrollments');
    await page.getByRole('button', { name: 'Enroll Student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enroll Student' });
    expect(await dialog.getByLabel('Subject (Cohort)').isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Enroll' }).click();
    await dialog.getByText('Choose a student').waitFor();
    await dialog.getByLabel('Student').selectOption({ label: `${student.fullName} (${student.email})` });
    await dialog.getByLabel('Program').selectOption({ label: `${program} (Evening)` });
    expect(await dialog.getByLabel('Subject (Cohort)').locator('option').allInnerTexts()).toEqual(['Select a subject', subject]);
    await dialog.getByLabel('Subject (Cohort)').selectOption({ label: subject });
    await dialog.getByLabel('Program').selectOption({ label: 'Select a program' });
    expect(await dialog.getByLabel('Subject (Cohort)').inputValue()).toBe('');
    await dialog.getByLabel('Program').selectOption({ label: `${program} (Evening)` });
    await dialog.getByLabel('Subject (Cohort)').selectOption({ label: subject });
    await dialog.getByRole('button', { name: 'Enroll' }).click();
    await toast(page, 'Student enrolled successfully');
    await dialog.waitFor({ state: 'detached' });
    const row = rows(page, 'Enrollments', student.email);
    expect(await row.getByRole('combobox').inputValue()).toBe('pending');
    expect(await row.getByRole('cell').first().innerText()).toMatch(/^ENR-/);

    await openDashboard(page, 'Admin Dashboard');
    // Pending Approvals counts applications (none here); the pending enrollment is under Active Programs.
    await page.getByRole('group', { name: 'Active Programs' }).getByText('Programs with at least one active enrollment; 1 enrollment pending').waitFor();
    await figure(page, 'Pending Approvals').filter({ hasText: /^0$/ }).waitFor();
    await openMenu(page, 'Enrollments');
    await setStatus(page, student.email, 'Active');
    expect(await rows(page, 'Enrollments', student.email).getByRole('combobox').inputValue()).toBe('active');

    const s = studentPage.page;
    await s.reload();
    await s.getByRole('heading', { level: 1, name: 'My Course' }).waitFor();
    await s.getByTestId('course-progress').filter({ hasText: 'Week 1 of 20 · 5%' }).waitFor();
    expect(await s.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
    expect(await s.getByTestId('course-schedule').innerText()).toBe('Mon-Fri, 1 hour daily');
    expect(await s.getByTestId('enrollment-status').innerText()).toBe('Active');
    await openDashboard(s, 'Student Dashboard');
    await figure(s, 'Current Week').filter({ hasText: 'Week 1 of 20' }).waitFor();
    expect(await figure(s, 'Active Course').innerText()).toBe(program);

    await setStatus(page, student.email, 'Completed');
    await openMenu(s, 'My Course');
    await s.reload();
    await s.getByRole('heading', { name: 'No Active Enrollment' }).waitFor();
    await s.getByText('You are not enrolled in an active program yet. Please contact an administrator to get enrolled.').waitFor();
  }, 60_000);

  it('CSV import: a file with a bad row shows that row’s problem and enrolls nothing; a clean file enrolls every row', async () => {
    const { page } = admin;
    await openMenu(page, 'Create User');
    await createUser(page, secondStudent, 'Student');
    await openMenu(page, 'Enrollments');
    // Count only once the list has loaded (the student's enrollment of the previous test is in it).
    await rows(page, 'Enrollments', student.email).first().waitFor();
    const before = await page.getByRole('table', { name: 'Enrollments' }).getByRole('row').count();

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    await dialog.getByText('student_email,program,subject').first().waitFor();
    expect(await dialog.getByRole('button', { name: 'Check file' }).isDisabled()).toBe(true);
    const header = 'student_email,program,subject';
    const file = (name: string, lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from([header, ...lines].join('\n') + '\n') });
    await dialog.getByLabel('CSV file').setInputFiles(file('bad.csv', [`${student.email},${program},${subject}`, `nobody-${stamp}@academy.test,${program},${subject}`]));
    await dialog.getByRole('button', { name: 'Check file' }).click();
    const bad = dialog.getByRole('table', { name: 'Rows of the file' }).getByRole('row').filter({ hasText: `nobody-${stamp}@academy.test` });
    await bad.getByText(`No account has the email nobody-${stamp}@academy.test`).waitFor();
    expect(await dialog.getByRole('table', { name: 'Rows of the file' }).getByRole('row').filter({ hasText: student.email }).getByRole('cell').last().innerText()).toBe('OK');
    expect(await dialog.getByRole('button', { name: 'Enroll all' }).isDisabled()).toBe(true);

    await dialog.getByLabel('CSV file').setInputFiles(file('good.csv', [`${student.email},${program},${subject}`, `${secondStudent.email},${program},${subject}`]));
    // A new file clears the previous report (waits for the re-render instead of reading at once).
    await dialog.getByRole('table', { name: 'Rows of the file' }).waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await dialog.getByText('All 2 rows are fine.').waitFor();
    await dialog.getByRole('button', { name: 'Enroll all' }).click();
    await toast(page, '2 students enrolled successfully');
    await dialog.waitFor({ state: 'detached' });
    await rows(page, 'Enrollments', secondStudent.email).waitFor();
    expect(await rows(page, 'Enrollments', student.email).count()).toBe(2);
    // Exactly the clean file's two rows were added: the file with a bad row enrolled nothing.
    expect(await page.getByRole('table', { name: 'Enrollments' }).getByRole('row').count()).toBe(before + 2);
  }, 60_000);

  it('a status change on a stale row is refused with the server’s message, and the list is read again', async () => {
    const { page } = admin;
    await page.goto(`${api.url}/dashboard/admin/enrollments`);
    await rows(page, 'Enrollments', secondStudent.email).waitFor();
    // Another admin tab changes the enrollment meanwhile.
    const other = await browsers[0].newPage();
    await other.page.goto(`${api.url}/dashboard/admin/enrollments`);
    await setStatus(other.page, secondStudent.email, 'Active');
    await other.page.close();

    await rows(page, 'Enrollments', secondStudent.email).getByRole('combobox').selectOption({ label: 'Dropped' });
    await toast(page, 'This enrollment was changed by someone else meanwhile. Reload and try again.');
    // The list is read again: the row shows the other admin's status.
    const select = await rows(page, 'Enrollments', secondStudent.email).getByRole('combobox').elementHandle();
    await page.waitForFunction((el) => (el as unknown as { value: string }).value === 'active', select);
  }, 60_000);

  // Issue 15: the log these journeys wrote verifies, and a replay from position 0 gives the very tables the screens read.
  it('leaves a log that verifies and replays to the live read models ("equal")', async () => {
    await expectLogReplaysEqual({ DATABASE_URL: api.db.url });
  }, 120_000);
});
