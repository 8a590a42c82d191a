// Announcements against the real API, worker and an SMTP catcher, in two Chromium browsers (teacher,
// students): the admin's set-up goes through the API as a fixture (two programs, a subject each, a
// teacher of the first, an active student in each). The teacher posts from the Announcements page
// (inline validation first, keeping what was typed); the student of their subject sees it pinned on the
// dashboard, in the bell and by mail; the student of the other subject sees nothing and gets no mail;
// an edit shows the new text, a withdrawal takes it off the dashboard. The tests run in order.
import type { Page } from 'playwright-core';
import { type BrowserSession, expectLogReplaysEqual, launchBrowser, openDashboardMenu, type RunningApi, signInThroughUi, startApi, startSmtpCatcher, type TestSmtpCatcher, type TrackedPage, waitForToast } from '@academy/testing';

interface Account {
  id: string;
  email: string;
  password: string;
  fullName: string;
}

const stamp = Date.now();
const teacher: Account = { id: '', email: `ann-teacher-${stamp}@academy.test`, fullName: 'Tendai Moyo', password: '' };
const student: Account = { id: '', email: `ann-student-${stamp}@academy.test`, fullName: 'Lerato Mokoena', password: 'Lerato-s-own-passw0rd' };
const outsider: Account = { id: '', email: `ann-outsider-${stamp}@academy.test`, fullName: 'Sipho Dube', password: 'Sipho-s-own-passw0rd' };
const title = 'Exam moved to Friday';
const body = 'The HTML & CSS exam moves to Friday 10:00, room 2.';

describe('announcements in a browser: a teacher tells their students, and no one else', () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  const browsers: BrowserSession[] = [];
  let teacherPage: TrackedPage;
  let studentPage: TrackedPage;

  async function call<T>(path: string, { method = 'GET', body: payload, token }: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { accept: 'application/json', ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const signInApi = async (email: string, password: string) => (await call<{ access_token: string }>('/api/auth/sign-in', { method: 'POST', body: { email, password } })).access_token;
  async function invitedPassword(email: string): Promise<string> {
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.includes(email)) && /Temporary password: /.test(m.text));
    return /Temporary password: (\S+)/.exec(mail.text)![1];
  }

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    const started = await Promise.all([startApi({ withWorker: true, env: { PUBLIC_URL: 'http://academy.test', SMTP_URL: smtp.url } }), launchBrowser(), launchBrowser()]);
    api = started[0];
    browsers.push(started[1], started[2]);
    [teacherPage, studentPage] = await Promise.all(browsers.map((b) => b.newPage()));

    const admin = await call<{ email: string; password: string }>('/api/setup', { method: 'POST' });
    const adminToken = await signInApi(admin.email, admin.password);
    for (const [account, role] of [
      [teacher, 'teacher'],
      [student, 'student'],
      [outsider, 'student'],
    ] as const) {
      const { user } = await call<{ user: { id: string } }>('/api/users', { method: 'POST', token: adminToken, body: { fullName: account.fullName, email: account.email, role } });
      account.id = user.id;
    }
    teacher.password = await invitedPassword(teacher.email);
    for (const s of [student, outsider]) {
      const token = await signInApi(s.email, await invitedPassword(s.email));
      await call('/api/profile/complete', {
        method: 'POST',
        token,
        body: { fullName: s.fullName, phone: '+27 82 555 0101', address: '12 Long Street, Cape Town', dateOfBirth: '2001-04-09', emergencyContactName: 'Next Of Kin', emergencyContactPhone: '+27 83 555 0102', password: s.password, confirmPassword: s.password },
      });
    }
    const courses = [
      { program: 'Web Development', subject: 'HTML & CSS', who: student },
      { program: 'Data Science', subject: 'Statistics', who: outsider },
    ];
    for (const [i, c] of courses.entries()) {
      const { program } = await call<{ program: { id: string } }>('/api/programs', { method: 'POST', token: adminToken, body: { name: c.program, type: 'evening', description: c.program } });
      const { subject } = await call<{ subject: { id: string } }>('/api/subjects', { method: 'POST', token: adminToken, body: { name: c.subject, programId: program.id, weekNumber: 1, description: c.subject } });
      if (i === 0) await call('/api/teacher-assignments', { method: 'POST', token: adminToken, body: { teacherId: teacher.id, subjectId: subject.id } });
      const { enrollment } = await call<{ enrollment: { id: string } }>('/api/enrollments', { method: 'POST', token: adminToken, body: { studentId: c.who.id, programId: program.id, subjectId: subject.id } });
      await call(`/api/enrollments/${enrollment.id}/status`, { method: 'PUT', token: adminToken, body: { status: 'active' } });
    }
  }, 90_000);
  afterAll(async () => {
    await Promise.allSettled(browsers.map((b) => b.close()));
    await api?.stop();
    await smtp?.stop();
  });
  afterEach(() => {
    for (const page of [teacherPage, studentPage]) expect(page.pageErrors).toEqual([]);
  });

  const pinned = (page: Page) => page.getByRole('list', { name: 'Pinned announcements' });
  const form = (page: Page) => page.getByRole('form', { name: 'New announcement' });

  it('the teacher posts to their subject from the Announcements page; the form checks inline and keeps what was typed', async () => {
    const t = teacherPage.page;
    await signInThroughUi(t, api.url, teacher.email, teacher.password);
    await t.getByRole('heading', { level: 1, name: 'Teacher Dashboard' }).waitFor();
    await openDashboardMenu(t, 'Announcements');
    const f = form(t);
    // The form is drawn once the audiences are loaded (allInnerTexts does not wait).
    await f.getByLabel('Subject').waitFor();
    expect((await f.getByLabel('Audience').locator('option').allInnerTexts()).map((o) => o.trim())).toEqual(['One subject', 'All my subjects']);
    expect((await f.getByLabel('Subject').locator('option').allInnerTexts()).map((o) => o.trim())).toEqual(['Choose a subject', 'HTML & CSS (Web Development)']);
    // Nothing chosen and nothing typed: each field says what it needs, nothing is sent.
    await f.getByLabel('Title').fill(title);
    await f.getByRole('button', { name: 'Post announcement' }).click();
    await f.getByText('Choose a subject').last().waitFor();
    await f.getByText('Message is required').waitFor();
    expect(await f.getByLabel('Title').inputValue()).toBe(title);
    await f.getByLabel('Subject').selectOption({ label: 'HTML & CSS (Web Development)' });
    await f.getByLabel('Message').fill(body);
    await f.getByRole('button', { name: 'Post announcement' }).click();
    await waitForToast(t, 'Announcement posted');
    const posted = t.getByRole('list', { name: 'Your announcements' });
    await posted.getByRole('heading', { name: title }).waitFor();
    await posted.getByText('1 recipient', { exact: false }).waitFor();
  }, 60_000);

  it('reaches the student of that subject: pinned on the dashboard, in the bell and by mail', async () => {
    const s = studentPage.page;
    await signInThroughUi(s, api.url, student.email, student.password);
    await s.getByRole('heading', { level: 1, name: 'Student Dashboard' }).waitFor();
    await pinned(s).getByRole('heading', { name: title }).waitFor();
    await pinned(s).getByText(body).waitFor();
    await pinned(s).getByText(`From ${teacher.fullName} · HTML & CSS`, { exact: false }).waitFor();
    await s.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await s.getByRole('list', { name: 'Notifications list' }).getByText(`Announcement: ${title}`).waitFor();
    await s.keyboard.press('Escape');
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.includes(student.email)) && m.subject === `Announcement: ${title}`);
    expect(mail.text).toContain(body);
    expect(mail.text).toContain('http://academy.test/dashboard/student');
  }, 60_000);

  it('reaches no one else: the student of another subject has nothing pinned, nothing in the bell and no mail', async () => {
    const s = studentPage.page;
    await s.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await s.waitForURL((url) => url.pathname === '/');
    const answered = s.waitForResponse((r) => r.url().endsWith('/api/announcements/mine') && r.ok());
    await signInThroughUi(s, api.url, outsider.email, outsider.password);
    await s.getByRole('heading', { level: 1, name: 'Student Dashboard' }).waitFor();
    // The pinned list has its answer (an empty one) before anything is said to be absent.
    expect(((await (await answered).json()) as { announcements: unknown[] }).announcements).toEqual([]);
    await s.getByText('Data Science').first().waitFor();
    expect(await s.getByText(title).count()).toBe(0);
    await s.getByRole('banner').getByRole('button', { name: 'Notifications' }).click();
    await s.getByText('No notifications yet').waitFor();
    await s.keyboard.press('Escape');
    // The post's one mail job sent every message of it before the student's mail above was caught.
    expect(smtp.messages().filter((m) => m.subject === `Announcement: ${title}`).map((m) => m.to)).toEqual([[student.email.toLowerCase()]]);
    await s.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await s.waitForURL((url) => url.pathname === '/');
  }, 60_000);

  it('an edit shows the new text on the dashboard; a withdrawal takes the post off it', async () => {
    const t = teacherPage.page;
    const posted = t.getByRole('list', { name: 'Your announcements' });
    await posted.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = t.getByRole('form', { name: `Edit ${title}` });
    await edit.getByLabel('Message').fill('Friday 11:00 now, room 3.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await waitForToast(t, 'Announcement updated');

    const s = studentPage.page;
    await signInThroughUi(s, api.url, student.email, student.password);
    await pinned(s).getByText('Friday 11:00 now, room 3.').waitFor();
    expect(await pinned(s).getByText(body).count()).toBe(0);

    await posted.getByRole('button', { name: `Withdraw ${title}` }).click();
    await t.getByRole('alertdialog').getByRole('button', { name: 'Withdraw' }).click();
    await waitForToast(t, 'Announcement withdrawn');
    await posted.getByText('Withdrawn', { exact: true }).waitFor();
    const answered = s.waitForResponse((r) => r.url().endsWith('/api/announcements/mine') && r.ok());
    await s.reload();
    await s.getByRole('heading', { level: 1, name: 'Student Dashboard' }).waitFor();
    expect(((await (await answered).json()) as { announcements: unknown[] }).announcements).toEqual([]);
    await s.getByText('Web Development').first().waitFor();
    expect(await s.getByText('Friday 11:00 now, room 3.').count()).toBe(0);

    await expectLogReplaysEqual({ DATABASE_URL: api.db.url });
  }, 120_000);
});
