// Certificates of completion (issue 19 §3, ADR 0030) in three Chromium browsers against the built API,
// worker and an SMTP catcher: the admin completes a student's enrollment (set up through the API);
// the student downloads the certificate from My Course; the PDF's link (over its QR code) opens a
// valid /verify page for a visitor who never signed in; the admin revokes it from Enrollments (the
// reason is required, inline); the page then says revoked; once the student is erased it names no one.
// On the way, every public page is checked at phone width (issue 28 §4).
// The tests run in order and share what they create.
import { z } from 'zod';
import { certificatesResponseSchema, completeProfileResponseSchema, enrollmentResponseSchema, programResponseSchema, sessionSchema, setupResponseSchema, subjectResponseSchema, userResponseSchema } from '@academy/contracts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bodyOf, apiCaller,
  type BrowserSession,
  expectLogReplaysEqual,
  launchBrowser,
  openDashboardMenu,
  overflowingBoxes,
  pageWidth,
  readPdf,
  type RunningApi,
  signInThroughUi,
  startApi,
  startSmtpCatcher,
  type TestSmtpCatcher,
  type TrackedPage,
  untilValue,
  waitForToast, } from '@academy/testing';

const stamp = Date.now();
const student = { email: `graduate-${stamp}@academy.test`, fullName: 'Lerato Mokoena', password: 'Lerato-s-own-passw0rd', id: '' };
const programName = 'Web Development';
// For people to look at, never compared (as in phones.e2e.spec.ts).
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

describe('certificates in a browser, against the API, worker and mail', () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  const browsers: BrowserSession[] = [];
  let adminPage: TrackedPage;
  let studentPage: TrackedPage;
  let visitor: TrackedPage;
  const admin = { email: '', password: '', token: '' };
  let enrollmentCode = '';
  let verifyUrl = '';

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    const started = await Promise.all([startApi({ withWorker: true, env: { SMTP_URL: smtp.url } }), launchBrowser(), launchBrowser(), launchBrowser()]);
    api = started[0];
    browsers.push(started[1], started[2], started[3]);
    [adminPage, studentPage, visitor] = await Promise.all(browsers.map((b) => b.newPage()));

    // The data, through the API: a program, a student with a completed profile, an enrollment completed.
    const call = async <S extends z.ZodType>(method: string, path: string, schema: S, token?: string, body?: unknown) => {
      const res = await apiCaller(api.url)(method, path, token, body);
      if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`);
      return bodyOf(res, schema);
    };
    Object.assign(admin, await call('POST', '/setup', setupResponseSchema));
    admin.token = (await call('POST', '/auth/sign-in', sessionSchema, undefined, { email: admin.email, password: admin.password })).access_token;
    const { program } = await call('POST', '/programs', programResponseSchema, admin.token, { name: programName, type: 'evening', description: 'HTML to React' });
    const { subject } = await call('POST', '/subjects', subjectResponseSchema, admin.token, { name: 'HTML & CSS', programId: program.id, weekNumber: 1, description: 'Semantic markup' });
    student.id = (await call('POST', '/users', userResponseSchema, admin.token, { fullName: student.fullName, email: student.email, role: 'student' })).user.id;
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.includes(student.email)) && /Temporary password: /.test(m.text));
    const temporary = /Temporary password: (\S+)/.exec(mail.text)![1];
    const first = (await call('POST', '/auth/sign-in', sessionSchema, undefined, { email: student.email, password: temporary })).access_token;
    await call('POST', '/profile/complete', completeProfileResponseSchema, first, {
      fullName: student.fullName,
      phone: '+27 82 555 0101',
      address: '12 Long Street, Cape Town',
      dateOfBirth: '2001-04-09',
      emergencyContactName: 'Thabo Mokoena',
      emergencyContactPhone: '+27 83 555 0102',
      password: student.password,
      confirmPassword: student.password,
    });
    const { enrollment } = await call('POST', '/enrollments', enrollmentResponseSchema, admin.token, { studentId: student.id, programId: program.id, subjectId: subject.id });
    enrollmentCode = enrollment.code;
    await call('PUT', `/enrollments/${enrollment.id}/status`, enrollmentResponseSchema, admin.token, { status: 'active' });
    await call('PUT', `/enrollments/${enrollment.id}/status`, enrollmentResponseSchema, admin.token, { status: 'completed' });
  }, 120_000);
  afterAll(async () => {
    await Promise.allSettled(browsers.map((b) => b.close()));
    await api?.stop();
    await smtp?.stop();
  });
  afterEach(() => {
    for (const page of [adminPage, studentPage, visitor]) expect(page.pageErrors).toEqual([]);
  });

  const status = (page: TrackedPage) => page.page.getByTestId('verification-status');

  it('the student downloads the certificate from My Course; the PDF carries the verification URL', async () => {
    const { page } = studentPage;
    await signInThroughUi(page, api.url, student.email, student.password);
    await openDashboardMenu(page, 'My Course');
    const certificates = page.getByRole('region', { name: 'Certificates' });
    await certificates.getByText(programName).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), certificates.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('certificate-Web-Development.pdf');
    const bytes = new Uint8Array(await readFile((await download.path())!));
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const pdf = await readPdf(bytes);
    // The link over the QR code and the printed URL (the QR image itself is not decoded here).
    expect(pdf.pages).toBe(1);
    expect(pdf.images).toBe(1);
    expect(pdf.links).toHaveLength(1);
    verifyUrl = pdf.links[0]!;
    expect(verifyUrl).toMatch(new RegExp(`^${api.url.replace(/[.]/g, '\\.')}/verify/[A-Za-z0-9_-]{22}$`));
    expect(pdf.subject).toBe(verifyUrl);
  });

  it('the URL opens a valid /verify page for a visitor who never signed in, with the programme, dates and log entry', async () => {
    const { page } = visitor;
    await page.goto(verifyUrl);
    await page.getByRole('heading', { level: 1, name: 'Certificate verification' }).waitFor();
    await status(visitor).filter({ hasText: 'Valid certificate' }).waitFor();
    const facts = page.locator('dl');
    await facts.getByText(student.fullName, { exact: true }).waitFor();
    await facts.getByText(programName, { exact: true }).waitFor();
    expect(await facts.locator('dt').allTextContents()).toEqual(['Holder', 'Programme', 'Started', 'Completed', 'Verifiable log entry']);
    expect(await page.getByTestId('log-entry').textContent()).toMatch(/^Position \d+, hash [0-9a-f]{64}$/);
    // An unknown code: the same page, saying only that it is not found.
    await page.goto(`${api.url}/verify/${'A'.repeat(22)}`);
    await status(visitor).filter({ hasText: 'Certificate not found' }).waitFor();
  });

  // Issue 28 §4: the QR code is opened on phones. Here, where a real certificate exists, rather than
  // in a spec of its own that would start another API and browser.
  it('at 375×667 every public page fits the screen, nothing sticks out of it or of its card; at 1366 px the hash is inside its card', async () => {
    const { page } = visitor;
    const before = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 667 });
    const pages: [string, () => Promise<unknown>][] = [
      ['/', () => page.getByRole('heading', { level: 1 }).waitFor()],
      ['/auth', () => page.getByRole('tabpanel', { name: 'Login' }).waitFor()],
      ['/auth/verify', () => page.getByRole('heading', { level: 1, name: 'Email verification' }).waitFor()],
      ['/setup', () => page.getByRole('heading', { level: 1, name: 'Initial Setup' }).waitFor()],
      ['/no-such-page', () => page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor()],
      // Last: the laptop check below reuses it (lookups are rate-limited per address).
      [new URL(verifyUrl).pathname, () => page.getByTestId('log-entry').waitFor()],
    ];
    for (const [route, shown] of pages) {
      await page.goto(`${api.url}${route}`);
      await shown();
      // Lazy parts (the landing page's form) and web fonts change the layout: measure the settled page.
      await page.waitForLoadState('networkidle');
      // Wider than 375 px scrolls sideways (narrower is a vertical scroll bar's doing, and fine).
      const { scrollWidth } = await pageWidth(page);
      const seen = { route, scrollWidth: Math.max(scrollWidth, 375), overflowing: await overflowingBoxes(page) };
      expect(seen).toEqual({ route, scrollWidth: 375, overflowing: [] });
    }
    await page.screenshot({ path: `${SCREENSHOTS}/verify-375.png`, fullPage: true });

    await page.setViewportSize({ width: 1366, height: 768 });
    const hash = await page.getByTestId('log-entry').locator('code').boundingBox();
    const card = await page.locator('[data-slot="card"]').boundingBox();
    expect({ left: hash!.x >= card!.x, right: hash!.x + hash!.width <= card!.x + card!.width }).toEqual({ left: true, right: true });
    expect(await overflowingBoxes(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/verify-1366.png`, fullPage: true });
    if (before) await page.setViewportSize(before);
  });

  it('the admin revokes it from Enrollments: a reason is required (inline), then the page says revoked', async () => {
    const { page } = adminPage;
    await signInThroughUi(page, api.url, admin.email, admin.password);
    await openDashboardMenu(page, 'Enrollments');
    await page.getByRole('button', { name: `Revoke certificate of ${enrollmentCode}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke certificate' });
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await dialog.getByText('A reason is required').waitFor();
    expect(await dialog.getByLabel('Reason').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Reason').fill('The capstone was not the student’s own work.');
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await waitForToast(page, 'Certificate revoked');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Enrollments' }).getByRole('row').filter({ hasText: enrollmentCode }).getByText('Revoked', { exact: true }).waitFor();

    await visitor.page.goto(verifyUrl);
    await status(visitor).filter({ hasText: 'This certificate has been revoked' }).waitFor();
    expect(await visitor.page.locator('dl dt').allTextContents()).toContain('Revoked');
    // The reason is not public.
    expect(await visitor.page.content()).not.toContain('own work');
  });

  it('after the student is erased, the page still verifies the certificate but names no one', async () => {
    const { page } = adminPage;
    await openDashboardMenu(page, 'Users');
    await page.getByRole('button', { name: `Delete ${student.email}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete User' }).click();
    await waitForToast(page, 'User deleted successfully');
    // The deletion answers once the users' read model shows it; the certificates' read model follows
    // it a moment later. Wait for it through an admin read (the public lookup is rate-limited).
    await untilValue(
      () => apiCaller(api.url)('GET', '/certificates', admin.token),
      (r) => r.status === 200 && bodyOf(r, certificatesResponseSchema).certificates.length === 1 && bodyOf(r, certificatesResponseSchema).certificates[0].studentName === null,
      'the certificates read model to forget the erased holder',
    );

    await visitor.page.goto(verifyUrl);
    await visitor.page.getByTestId('holder-erased').filter({ hasText: "The holder's personal data has been erased." }).waitFor();
    await status(visitor).filter({ hasText: 'This certificate has been revoked' }).waitFor();
    await visitor.page.locator('dl').getByText(programName, { exact: true }).waitFor();
    expect(await visitor.page.content()).not.toContain(student.fullName);
  });

  // Issue 15: the log these journeys wrote verifies, and a replay from position 0 gives the very tables the screens read.
  it('leaves a log that verifies and replays to the live read models ("equal")', async () => {
    await expectLogReplaysEqual({ DATABASE_URL: api.db.url });
  }, 120_000);
});
