// Attendance in Chromium against the built API and worker (issue 31 §1–§2), one shared fixture made
// through the API as an admin would: a teacher, thirty active students of an evening cohort (the
// first signs in; the others exist only on the roll), a schedule that started two weeks ago. The
// teacher takes the roll of a session for thirty students by keyboard only in under a minute, then of
// another session on a 375 px phone by taps; the student sees their rate flagged under the threshold;
// a session the teacher cancels reaches the student's bell. The tests run in order.
import { z } from 'zod';
import { attendanceSheetResponseSchema, classSessionsResponseSchema, enrollmentResponseSchema, notificationsResponseSchema, programResponseSchema, sessionSchema, setupResponseSchema, subjectResponseSchema, userResponseSchema } from '@academy/contracts';
import { apiJson, type BrowserSession, launchBrowser, openDashboardMenu, pageWidth, type RunningApi, signInThroughUi, startApi, startSmtpCatcher, type TestSmtpCatcher, type TrackedPage, until, waitForToast } from '@academy/testing';

const stamp = Date.now();
const DAY = 86_400_000;
const ROLL = 30;
const viewer = { id: '', email: `att-viewer-${stamp}@academy.test`, fullName: 'Aaliyah Mokoena', password: 'Aaliyah-s-own-passw0rd' };
const teacher = { id: '', email: `att-teacher-${stamp}@academy.test`, fullName: 'Tendai Moyo', password: '' };

/** The Monday two weeks before today: sessions of the first two weeks are in the past. */
function mondayTwoWeeksAgo(): string {
  const d = new Date(Date.now() - 14 * DAY);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
}

describe('attendance in a browser: the roll by keyboard and on a phone, the student’s rate, a cancelled session in the bell', () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  let call: ReturnType<typeof apiJson>;
  let adminToken = '';
  let subjectId = '';
  const browsers: BrowserSession[] = [];
  let teacherPage: TrackedPage;
  let studentPage: TrackedPage;
  const sheetOf = async (sessionId: string) => (await call(attendanceSheetResponseSchema, 'GET', `/attendance/sessions/${sessionId}`, { token: adminToken })).sheet;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    const started = await Promise.all([startApi({ withWorker: true, env: { SMTP_URL: smtp.url, ATTENDANCE_THRESHOLD: '80' } }), launchBrowser(), launchBrowser()]);
    api = started[0];
    browsers.push(started[1], started[2]);
    [teacherPage, studentPage] = await Promise.all(browsers.map((b) => b.newPage()));
    call = apiJson(api.url);
    const setup = await call(setupResponseSchema, 'POST', '/setup');
    adminToken = (await call(sessionSchema, 'POST', '/auth/sign-in', { body: { email: setup.email, password: setup.password } })).access_token;
    const invite = async (fullName: string, email: string, role: 'teacher' | 'student') => (await call(userResponseSchema, 'POST', '/users', { token: adminToken, body: { fullName, email, role } })).user.id;
    const mailed = async (email: string) => /Temporary password: (\S+)/.exec((await smtp.waitFor((m) => m.to.some((to) => to.includes(email)) && /Temporary password: /.test(m.text))).text)![1]!;
    teacher.id = await invite(teacher.fullName, teacher.email, 'teacher');
    viewer.id = await invite(viewer.fullName, viewer.email, 'student');
    teacher.password = await mailed(teacher.email);
    const viewerToken = (await call(sessionSchema, 'POST', '/auth/sign-in', { body: { email: viewer.email, password: await mailed(viewer.email) } })).access_token;
    await call(z.unknown(), 'POST', '/profile/complete', {
      token: viewerToken,
      body: { fullName: viewer.fullName, phone: '+27 82 555 0101', address: '12 Long Street, Cape Town', dateOfBirth: '2001-04-09', emergencyContactName: 'Thabo Mokoena', emergencyContactPhone: '+27 83 555 0102', password: viewer.password, confirmPassword: viewer.password },
    });
    const others = await Promise.all(Array.from({ length: ROLL - 1 }, (_, i) => invite(`Student ${String(i + 2).padStart(2, '0')}`, `att-s${i + 2}-${stamp}@academy.test`, 'student')));
    const { program } = await call(programResponseSchema, 'POST', '/programs', { token: adminToken, body: { name: 'Web Development', type: 'evening', description: 'HTML to React' } });
    const { subject } = await call(subjectResponseSchema, 'POST', '/subjects', { token: adminToken, body: { name: 'HTML & CSS', programId: program.id, weekNumber: 1, description: 'Markup' } });
    subjectId = subject.id;
    await call(z.unknown(), 'POST', '/teacher-assignments', { token: adminToken, body: { teacherId: teacher.id, subjectId } });
    for (const studentId of [viewer.id, ...others]) {
      const { enrollment } = await call(enrollmentResponseSchema, 'POST', '/enrollments', { token: adminToken, body: { studentId, programId: program.id, subjectId } });
      await call(z.unknown(), 'PUT', `/enrollments/${enrollment.id}/status`, { token: adminToken, body: { status: 'active' } });
    }
    await call(z.unknown(), 'PUT', `/attendance/subjects/${subjectId}/schedule`, { token: adminToken, body: { startDate: mondayTwoWeeksAgo(), weekdays: [1, 2, 3, 4, 5], startTime: '18:00', lectureMinutes: 60, supportMinutes: 0 } });
  }, 180_000);
  afterAll(async () => {
    await Promise.allSettled(browsers.map((b) => b.close()));
    await api?.stop();
    await smtp?.stop();
  });
  afterEach(() => {
    for (const page of [teacherPage, studentPage]) expect(page.pageErrors).toEqual([]);
  });

  it('the teacher takes the roll of thirty students by keyboard only in under a minute, saved as one command', async () => {
    const t = teacherPage.page;
    await signInThroughUi(t, api.url, teacher.email, teacher.password);
    await t.getByRole('heading', { level: 1, name: 'Teacher Dashboard' }).waitFor();
    await openDashboardMenu(t, 'Attendance');
    const roll = t.getByRole('form', { name: 'Take attendance' });
    await roll.locator('fieldset').nth(ROLL - 1).waitFor();
    expect(await roll.locator('fieldset').count()).toBe(ROLL);
    const sessionId = await t.getByLabel('Session', { exact: true }).inputValue();
    // Row 1 (the viewer) absent, every seventh late, row 5 excused with a note; the rest stay present.
    const wanted = (i: number) => (i === 0 ? 'absent' : i === 4 ? 'excused' : i % 7 === 3 ? 'late' : 'present');
    const began = Date.now();
    await roll.getByRole('radio', { name: `Present: ${viewer.fullName}` }).focus();
    for (let i = 0; i < ROLL; i++) {
      const status = wanted(i);
      if (status !== 'present') await t.keyboard.press(status[0]!);
      if (status === 'excused') {
        await t.keyboard.press('Tab');
        await t.keyboard.type('Clinic visit');
      }
      if (i < ROLL - 1) await t.keyboard.press('Tab');
    }
    await t.keyboard.press('Control+Enter');
    await waitForToast(t, 'Attendance saved');
    expect(Date.now() - began).toBeLessThan(60_000);
    const sheet = await sheetOf(sessionId);
    expect(sheet.students.map((s, i) => [i, s.status])).toEqual(sheet.students.map((_, i) => [i, wanted(i)]));
    expect(sheet.students[4]!.note).toBe('Clinic visit');
    // One command: thirty marks, written together (one instant, one author).
    expect(new Set(sheet.history.map((c) => `${c.at} ${c.byName}`))).toEqual(new Set([`${sheet.history[0]!.at} ${teacher.fullName}`]));
    expect(sheet.history).toHaveLength(ROLL);
    await t.getByRole('list', { name: 'History of changes' }).getByText(`${teacher.fullName} marked ${viewer.fullName} absent`).waitFor();
  }, 120_000);

  it('on a 375 px phone the teacher marks another session by taps, with no horizontal scrolling', async () => {
    const phone = await browsers[0]!.newPage();
    const p = phone.page;
    await p.setViewportSize({ width: 375, height: 812 });
    await p.goto(`${api.url}/dashboard/teacher/attendance`);
    const roll = p.getByRole('form', { name: 'Take attendance' });
    await roll.locator('fieldset').nth(ROLL - 1).waitFor();
    const session = p.getByLabel('Session', { exact: true });
    const other = (await session.locator('option').evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value)))[1]!;
    await session.selectOption(other);
    await roll.getByRole('radio', { name: `Absent: ${viewer.fullName}` }).waitFor({ state: 'attached' });
    // A click (the browser has no touch screen; the target is what a finger taps) on the visible "A" of the viewer's row, and on "L" of the next.
    await roll.locator('fieldset').nth(0).getByText('A', { exact: true }).click();
    await roll.locator('fieldset').nth(1).getByText('L', { exact: true }).click();
    const { scrollWidth, innerWidth } = await pageWidth(p);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await roll.getByRole('button', { name: 'Save attendance' }).click();
    await waitForToast(p, 'Attendance saved');
    expect((await sheetOf(other)).students.slice(0, 3).map((s) => s.status)).toEqual(['absent', 'late', 'present']);
    expect(phone.pageErrors).toEqual([]);
    await p.close();
  }, 90_000);

  it('the student sees their attendance by week and their rate, flagged under the threshold', async () => {
    const s = studentPage.page;
    await signInThroughUi(s, api.url, viewer.email, viewer.password);
    await s.getByRole('heading', { level: 1, name: 'Student Dashboard' }).waitFor();
    await openDashboardMenu(s, 'My Attendance');
    await s.getByLabel('Attendance rate 0%').waitFor();
    await s.getByRole('alert').getByText("Your attendance is below the academy's 80% threshold").waitFor();
    expect(await s.getByRole('list', { name: /^Week \d+$/ }).getByText('Absent', { exact: true }).count()).toBe(2);
  }, 60_000);

  it('a session the teacher cancels reaches the student’s bell', async () => {
    const t = teacherPage.page;
    const { sessions } = await call(classSessionsResponseSchema, 'GET', `/attendance/subjects/${subjectId}/sessions`, { token: adminToken });
    const next = sessions.find((x) => Date.parse(x.endsAt) > Date.now())!;
    const upcoming = t.getByRole('list', { name: 'Upcoming sessions' });
    await upcoming.getByRole('button', { name: /^Cancel Lecture/ }).first().click();
    const dialog = t.getByRole('dialog', { name: 'Cancel session' });
    await dialog.getByRole('button', { name: 'Cancel session' }).click();
    await dialog.getByText('Reason is required').waitFor();
    await dialog.getByLabel('Reason (sent to the students)').fill('Load-shedding at the campus');
    await dialog.getByRole('button', { name: 'Cancel session' }).click();
    await waitForToast(t, 'Session cancelled');
    await upcoming.getByText('Load-shedding at the campus').waitFor();
    expect((await call(classSessionsResponseSchema, 'GET', `/attendance/subjects/${subjectId}/sessions`, { token: adminToken })).sessions.find((x) => x.id === next.id)!.status).toBe('cancelled');
    // The bell is read again on a load: once the worker's notifications projection has the notice, reload rather than wait for the bell's poll.
    const viewerToken = (await call(sessionSchema, 'POST', '/auth/sign-in', { body: { email: viewer.email, password: viewer.password } })).access_token;
    const inBell = async () => (await call(notificationsResponseSchema, 'GET', '/notifications', { token: viewerToken })).notifications.some((n) => n.title === 'Session cancelled: HTML & CSS');
    await until(inBell, 'the notice in the student’s bell', 20_000);
    const s = studentPage.page;
    await s.reload();
    await s.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await s.getByRole('list', { name: 'Notifications list' }).getByText('Session cancelled: HTML & CSS').waitFor();
  }, 90_000);
});
