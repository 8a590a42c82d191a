// Issue 16's "Must show", in one browser journey against the built API, worker and mail, over real
// Postgres and Redis:
// 1. an admin makes an auditor (Create User);
// 2. the auditor verifies the chain (a progress bar, then ok) and exports a signed checkpoint;
// 3. the test rewrites the capstone's grade in the log with SQL AND recomputes every hash from there
//    (rewriteLoggedEvent: the store's own canonical hashing), so the plain chain check passes again;
// 4. verifying against the exported checkpoint fails and names the position;
// 5. the test restores the row, and the checkpoint passes again;
// 6. the auditor asks why the student is in week 2, and sees the teacher's SubmissionGraded that caused it;
// 7. time travel to before that grade shows week 1;
// 8. an erased user's events show as erased in the Event log.
// The school itself (teacher, student, a week with a capstone, the grade) is seeded through the API.
import { z } from 'zod';
import { auditEventsResponseSchema, completeProfileResponseSchema, enrollmentResponseSchema, messageResponseSchema, programResponseSchema, sessionSchema, subjectResponseSchema, submissionResponseSchema, teacherAssignmentResponseSchema, userResponseSchema, weekResponseSchema } from '@academy/contracts';
import { readFileSync } from 'node:fs';
import { rewriteLoggedEvent } from '@academy/testing/tamper';
import { bodyOf, type BrowserSession, launchBrowser, openDashboardMenu, type RunningApi, signInThroughUi, startApi, startSmtpCatcher, type TestSmtpCatcher, type TrackedPage, untilValue, waitForToast, apiCaller } from '@academy/testing';

const stamp = Date.now();
const auditor = { email: `auditor-${stamp}@academy.test`, fullName: 'Audrey Auditor' };

describe("issue 16's must-show: the auditor catches a rewritten history and explains a student's week", () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  let browser: BrowserSession;
  let tab: TrackedPage;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    [api, browser] = await Promise.all([startApi({ withWorker: true, env: { SMTP_URL: smtp.url, AUDIT_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64') } }), launchBrowser()]);
    tab = await browser.newPage();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    await smtp?.stop();
  });
  afterEach(() => {
    expect(tab.cspViolations).toEqual([]);
    expect(tab.pageErrors).toEqual([]);
  });

  async function call<S extends z.ZodType>(method: string, path: string, schema: S, token?: string, body?: unknown) {
    const res = await apiCaller(api.url)(method, path, token, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return bodyOf(res, schema);
  }
  const temporaryPassword = async (email: string) => {
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.includes(email)) && /Temporary password: /.test(m.text));
    return /Temporary password: (\S+)/.exec(mail.text)![1];
  };
  const signInApi = async (email: string, password: string) => (await call('POST', '/auth/sign-in', sessionSchema, undefined, { email, password })).access_token;

  it('verifies, catches the rewrite through the checkpoint, explains week 2, travels to week 1 and shows the erased as erased', async () => {
    const { page } = tab;
    // 1. An admin makes an auditor.
    await page.goto(`${api.url}/setup`);
    await page.getByRole('button', { name: 'Create Admin Account' }).click();
    const adminEmail = await page.getByTestId('admin-email').innerText();
    const adminPassword = await page.getByTestId('admin-password').innerText();
    await signInThroughUi(page, api.url, adminEmail, adminPassword);
    await page.waitForURL((url) => url.pathname === '/dashboard/admin');
    await openDashboardMenu(page, 'Create User');
    await page.getByLabel('Full Name').fill(auditor.fullName);
    await page.getByLabel('Email').fill(auditor.email);
    await page.getByLabel('Role').selectOption({ label: 'Auditor' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await waitForToast(page, 'Auditor account created successfully! Credentials sent via email.');
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // The school, through the API: a teacher's week with a capstone, a student who submits it, and a
    // user who leaves (their account deleted: the subject key shredded).
    const admin = await signInApi(adminEmail, adminPassword);
    const invite = async (role: string, fullName: string) => {
      const email = `${role}-${fullName.split(' ')[0].toLowerCase()}-${stamp}@academy.test`;
      const { user } = await call('POST', '/users', userResponseSchema, admin, { fullName, email, role });
      return { id: user.id, email, password: await temporaryPassword(email) };
    };
    const teacherAccount = await invite('teacher', 'Tendai Moyo');
    const studentAccount = await invite('student', 'Lerato Mokoena');
    const leaver = await invite('student', 'Sipho Leaver');
    const own = 'Lerato-s-own-passw0rd';
    await call('POST', '/profile/complete', completeProfileResponseSchema, await signInApi(studentAccount.email, studentAccount.password), {
      fullName: 'Lerato Mokoena', phone: '+27 82 555 0101', address: '12 Long Street, Cape Town', dateOfBirth: '2001-04-09', emergencyContactName: 'Thabo Mokoena', emergencyContactPhone: '+27 83 555 0102', password: own, confirmPassword: own,
    });
    const student = await signInApi(studentAccount.email, own);
    const teacher = await signInApi(teacherAccount.email, teacherAccount.password);
    const { program } = await call('POST', '/programs', programResponseSchema, admin, { name: 'Web Development', type: 'evening', description: 'HTML to React' });
    const { subject } = await call('POST', '/subjects', subjectResponseSchema, admin, { name: 'HTML & CSS', programId: program.id, weekNumber: 1, description: 'Semantic markup and layout' });
    await call('POST', '/teacher-assignments', teacherAssignmentResponseSchema, admin, { teacherId: teacherAccount.id, subjectId: subject.id });
    const { enrollment } = await call('POST', '/enrollments', enrollmentResponseSchema, admin, { studentId: studentAccount.id, programId: program.id, subjectId: subject.id });
    await call('PUT', `/enrollments/${enrollment.id}/status`, enrollmentResponseSchema, admin, { status: 'active' });
    const { week } = await call('POST', '/weeks', weekResponseSchema, teacher, { subjectId: subject.id, weekNumber: 1, title: 'Semantic markup' });
    const { capstone } = (await call('PUT', `/weeks/${week.id}/capstone`, weekResponseSchema, teacher, { title: 'Landing page' })).week;
    if (!capstone) throw new Error('the week has no capstone');
    await call('PUT', `/weeks/${week.id}/published`, weekResponseSchema, teacher, { published: true });
    const { submission } = await call('POST', '/student/submissions', submissionResponseSchema, student, { kind: 'capstone', itemId: capstone.id, githubUrl: 'https://github.com/lerato/landing' });
    // A whole second before the grade, with everything before it recorded by then (the Time travel
    // form takes seconds): the moment step 7 travels to.
    const beforeGrade = new Date(Math.ceil((Date.now() + 1) / 1000) * 1000);
    while (Date.now() <= beforeGrade.getTime()) await new Promise((r) => setTimeout(r, 20));
    await call('POST', `/submissions/${submission.id}/grade`, submissionResponseSchema, teacher, { status: 'passed', score: 80, feedback: 'Clean and accessible' });
    // The week-advance reactor moves the student on (CapstonePassed → EnrollmentWeekAdvanced).
    await untilValue(() => call('GET', `/enrollments/${enrollment.id}`, enrollmentResponseSchema, admin), (r) => r.enrollment.currentWeek === 2, 'the student in week 2');
    await call('DELETE', `/users/${leaver.id}`, messageResponseSchema, admin);
    const graded = (await call('GET', '/audit/events?type=SubmissionGraded', auditEventsResponseSchema, admin)).events;
    expect(graded).toHaveLength(1);

    // 2. The auditor verifies the chain (progress, then ok) and exports a signed checkpoint.
    await signInThroughUi(page, api.url, auditor.email, await temporaryPassword(auditor.email));
    await page.waitForURL((url) => url.pathname === '/dashboard/auditor');
    await openDashboardMenu(page, 'Verify');
    await page.getByRole('button', { name: 'Verify the chain' }).click();
    const bar = page.getByRole('progressbar', { name: 'Verification progress' });
    await bar.waitFor();
    const okLine = page.getByText(/^ok: \d+ events verified, head \d+$/);
    await okLine.waitFor();
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    const head = Number(/head (\d+)$/.exec(await okLine.innerText())![1]);
    expect(head).toBeGreaterThan(graded[0].position);
    await page.getByRole('button', { name: 'Sign a checkpoint' }).click();
    await waitForToast(page, 'Checkpoint signed');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Export checkpoint ${head}` }).click()]);
    const checkpointPath = (await download.path())!;
    expect(JSON.parse(readFileSync(checkpointPath, 'utf8'))).toMatchObject({ format: 'academy-checkpoint/1', position: head });

    // 3. The grade rewritten in the database (80 → 100) together with every later hash.
    const old = await rewriteLoggedEvent(api.db.url, graded[0].position, (d) => ({ ...(d as object), score: 100 }));
    let restored = false;
    try {
      // The plain chain check passes: the rewrite is consistent.
      await page.getByRole('button', { name: 'Verify the chain' }).click();
      await page.getByText(/^ok: \d+ events verified, head \d+$/).waitFor();

      // 4. Against the exported checkpoint it fails, naming the position.
      await page.getByLabel('Checkpoint file').setInputFiles(checkpointPath);
      await page.getByRole('button', { name: 'Verify against the checkpoint' }).click();
      await page.getByText(`FAILED at position ${head}: hash at the exported head ${head} differs from the exported one: the log was rewritten`, { exact: true }).waitFor();

      // 5. The row restored: the checkpoint passes again.
      await rewriteLoggedEvent(api.db.url, graded[0].position, () => old);
      restored = true;
    } finally {
      if (!restored) await rewriteLoggedEvent(api.db.url, graded[0].position, () => old);
    }
    await page.getByRole('button', { name: 'Verify against the checkpoint' }).click();
    await page.getByText(new RegExp(`^ok: \\d+ events verified, head \\d+, through signed checkpoint ${head}$`)).waitFor();

    // 6. Why is the student in week 2? The capstone's grade, by the teacher, at its time.
    await openDashboardMenu(page, 'Why');
    await page.getByLabel('Value').selectOption('enrollment-week');
    await page.getByLabel('Id').fill(enrollment.id);
    await page.getByRole('button', { name: 'Why?' }).click();
    const chain = page.getByRole('region', { name: 'Causal chain' });
    await chain.getByRole('heading', { name: 'Week 2' }).waitFor();
    const steps = chain.getByRole('listitem');
    await steps.first().getByText('EnrollmentWeekAdvanced', { exact: true }).waitFor();
    const grade = steps.filter({ has: page.getByText('SubmissionGraded', { exact: true }) });
    await grade.getByText(new RegExp(`^by teacher ${teacherAccount.id} at `)).waitFor();
    await grade.getByText(`Position ${graded[0].position} in ${graded[0].streamId}`).waitFor();
    expect(Date.parse(graded[0].recordedAt)).toBeGreaterThan(beforeGrade.getTime());
    expect(await steps.allInnerTexts()).toEqual([expect.stringContaining('EnrollmentWeekAdvanced'), expect.stringContaining('CapstonePassed'), expect.stringContaining('SubmissionGraded')]);

    // 7. Time travel to the second before that grade: week 1 (and now: week 2).
    await openDashboardMenu(page, 'Time travel');
    const local = await page.evaluate((ms) => {
      const d = new Date(ms);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    }, beforeGrade.getTime());
    await page.getByLabel('Date and time').fill(local);
    await page.getByLabel('Show').selectOption('enrollment');
    await page.getByLabel('Id').fill(enrollment.id);
    await page.getByRole('button', { name: 'Travel' }).click();
    const past = page.getByRole('region', { name: 'As it stood' });
    await past.getByRole('status').getByText(/^As of .* · the log up to position \d+$/).waitFor();
    await past.getByRole('definition').getByText('Week 1', { exact: true }).waitFor();
    await past.getByRole('definition').getByText('active', { exact: true }).waitFor();
    // The subject's gradebook then, named as the teacher's screens name it: the capstone not graded yet,
    // the student's name masked (this auditor has no personal-data grant).
    await page.getByLabel('Show').selectOption('gradebook');
    await page.getByLabel('Id').fill(subject.id);
    await page.getByRole('button', { name: 'Travel' }).click();
    const row = past.getByRole('table', { name: 'Gradebook' }).getByRole('row').nth(1);
    await row.getByText('Landing page', { exact: true }).waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([`•••\n${studentAccount.id}`, 'Week 1', 'capstone', `Landing page\n${capstone.id}`, '1', 'not graded', '—', '—']);

    // 8. The user who left: their events are still in the log (the chain verified through them), their personal part erased.
    await openDashboardMenu(page, 'Event log');
    await page.getByLabel('Stream').fill(`user-${leaver.id}`);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('stream') === `user-${leaver.id}`);
    const registered = page.getByRole('table', { name: 'Events' }).getByRole('row').filter({ has: page.getByRole('cell', { name: 'UserRegistered', exact: true }) });
    await registered.getByRole('cell', { name: 'erased', exact: true }).waitFor();
    await registered.getByRole('button').click();
    await page.getByText('Personal data: erased', { exact: true }).waitFor();
    expect(await page.locator('main').innerText()).not.toContain('Sipho');
  });
});
