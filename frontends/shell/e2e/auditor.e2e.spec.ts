// Issue 16 in a browser, against the built API, worker and mail: an admin makes an auditor; the
// auditor verifies the chain (a progress bar, then ok), exports a signed checkpoint as a file and an
// evidence bundle that the CLI verifies offline;
// asks why an enrollment is active, and sees it pending as of the moment it was enrolled (time travel);
// an admin reaches the same answer from the Enrollments screen's "Why?".
import { z } from 'zod';
import { auditEventsResponseSchema, enrollmentResponseSchema, meResponseSchema, programResponseSchema, sessionSchema, subjectResponseSchema, userResponseSchema } from '@academy/contracts';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bodyOf, type BrowserSession, launchBrowser, openDashboardMenu, repoRoot, type RunningApi, signInThroughUi, startApi, startSmtpCatcher, type TestSmtpCatcher, type TrackedPage, waitForToast, apiCaller } from '@academy/testing';

const stamp = Date.now();
const auditor = { email: `auditor-${stamp}@academy.test`, fullName: 'Audrey Auditor' };

describe('the auditor in a browser', () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  let browser: BrowserSession;
  let tab: TrackedPage;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    // The checkpoints' key comes from the environment, as in production (never from the database).
    [api, browser] = await Promise.all([startApi({ withWorker: true, env: { SMTP_URL: smtp.url, AUDIT_SIGNING_KEY: Buffer.alloc(32, 5).toString('base64') } }), launchBrowser()]);
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

  it('an admin makes an auditor, who verifies the chain (progress, then ok) and exports a signed checkpoint', async () => {
    const { page } = tab;
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

    const mail = await smtp.waitFor((m) => m.to.some((to) => to.includes(auditor.email)) && /Temporary password: /.test(m.text));
    const password = /Temporary password: (\S+)/.exec(mail.text)![1];
    await signInThroughUi(page, api.url, auditor.email, password);
    await page.waitForURL((url) => url.pathname === '/dashboard/auditor');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByText('never', { exact: true }).waitFor();

    await openDashboardMenu(page, 'Verify');
    await page.getByRole('button', { name: 'Verify the chain' }).click();
    const bar = page.getByRole('progressbar', { name: 'Verification progress' });
    await bar.waitFor();
    await page.getByText(/^ok: \d+ events verified, head \d+$/).waitFor();
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    const verified = /^ok: (\d+) events verified, head (\d+)$/.exec(await page.getByText(/^ok: /).innerText())!;

    await page.getByRole('button', { name: 'Sign a checkpoint' }).click();
    await waitForToast(page, 'Checkpoint signed');
    const exportButton = page.getByRole('button', { name: `Export checkpoint ${verified[2]}` });
    await exportButton.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toBe(`checkpoint-${verified[2]}.json`);
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(file).toMatchObject({ format: 'academy-checkpoint/1', position: Number(verified[2]), headHash: expect.stringMatching(/^[0-9a-f]{64}$/), signature: expect.any(String) });

    // Evidence: the events up to the checkpoint as a signed bundle, which the CLI verifies with nothing but the file.
    await page.getByLabel('From position').fill('1');
    await page.getByLabel('To position').fill(verified[2]);
    const [bundle] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export evidence' }).click()]);
    expect(bundle.suggestedFilename()).toBe(`evidence-1-${verified[2]}.jsonl`);
    const offline = spawnSync(process.execPath, [path.join(repoRoot, 'services/worker/dist/cli/academy.js'), 'audit', 'verify-bundle', (await bundle.path())!, '--public-key', file.publicKey], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' }, timeout: 60_000 });
    expect([offline.status, offline.stderr]).toEqual([0, '']);
    expect(offline.stdout).toMatch(new RegExp(`^ok: ${verified[2]} events 1\\.\\.${verified[2]}, every hash and link recomputed, through signed checkpoint ${verified[2]}; `));

    // The Overview now names the verification; the Event log shows the auditor's own acts.
    await openDashboardMenu(page, 'Overview');
    await page.getByText('ok', { exact: true }).waitFor();
    // Today's activity in the chart, and the readers of the log with their lag (the week-advance reactor among them).
    await page.getByRole('img', { name: /^Events per day: .*\d{4}-\d{2}-\d{2} [1-9]\d*$/ }).waitFor();
    const readers = page.getByRole('table', { name: 'Readers of the log' });
    await readers.getByRole('cell', { name: 'enrollment-week-advance', exact: true }).waitFor();
    await openDashboardMenu(page, 'Event log');
    await page.getByLabel('Context').selectOption('audit');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('context') === 'audit');
    const types = page.getByRole('table', { name: 'Events' }).getByRole('cell', { name: 'CheckpointExported', exact: true });
    await types.first().waitFor();

    // Why? An enrollment the admin activated: its status, and the admin's act as the cause, as a timeline.
    const call = async <S extends z.ZodType>(method: string, path: string, schema: S, token?: string, body?: unknown) => {
      const res = await apiCaller(api.url)(method, path, token, body);
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return bodyOf(res, schema);
    };
    const admin = (await call('POST', '/auth/sign-in', sessionSchema, undefined, { email: adminEmail, password: adminPassword })).access_token;
    const adminId = (await call('GET', '/auth/me', meResponseSchema, admin)).id;
    const { user: student } = await call('POST', '/users', userResponseSchema, admin, { fullName: 'Lerato Mokoena', email: `student-${stamp}@academy.test`, role: 'student' });
    const { program } = await call('POST', '/programs', programResponseSchema, admin, { name: 'Web Development', type: 'evening' });
    const { subject } = await call('POST', '/subjects', subjectResponseSchema, admin, { name: 'HTML & CSS', programId: program.id });
    const { enrollment } = await call('POST', '/enrollments', enrollmentResponseSchema, admin, { studentId: student.id, programId: program.id, subjectId: subject.id });
    // The moment it was enrolled; the activation comes strictly after it (the clock moved past it first).
    const enrolledAt = (await call('GET', `/audit/events?stream=enrollment-${enrollment.id}`, auditEventsResponseSchema, admin)).events[0].recordedAt;
    while (Date.now() <= Date.parse(enrolledAt)) await new Promise((r) => setTimeout(r, 1));
    await call('PUT', `/enrollments/${enrollment.id}/status`, enrollmentResponseSchema, admin, { status: 'active' });

    await openDashboardMenu(page, 'Why');
    await page.getByLabel('Value').selectOption('enrollment-status');
    await page.getByLabel('Id').fill(enrollment.id);
    await page.getByRole('button', { name: 'Why?' }).click();
    await page.waitForURL((url) => url.searchParams.get('id') === enrollment.id && url.searchParams.get('view') === 'enrollment-status');
    const chain = page.getByRole('region', { name: 'Causal chain' });
    await chain.getByRole('heading', { name: 'active' }).waitFor();
    const step = chain.getByRole('listitem').first();
    await step.getByText('EnrollmentStatusChanged', { exact: true }).waitFor();
    await step.getByText(new RegExp(`^by admin ${adminId} at `)).waitFor();

    // Time travel: now the enrollment is active; as of the moment it was enrolled, pending (a link to that past).
    await openDashboardMenu(page, 'Time travel');
    const inAMinute = await page.evaluate(() => {
      const d = new Date(Date.now() + 60_000);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    });
    await page.getByLabel('Date and time').fill(inAMinute);
    await page.getByLabel('Show').selectOption('enrollment');
    await page.getByLabel('Id').fill(enrollment.id);
    await page.getByRole('button', { name: 'Travel' }).click();
    const past = page.getByRole('region', { name: 'As it stood' });
    await past.getByRole('status').getByText(/^As of .* · the log up to position \d+$/).waitFor();
    await past.getByRole('definition').getByText('active', { exact: true }).waitFor();
    // The names today's screens show, as they stood; the student's masked (no personal-data grant), ids kept.
    await past.getByRole('definition').getByText('Web Development', { exact: true }).waitFor();
    await past.getByRole('definition').getByText('HTML & CSS', { exact: true }).waitFor();
    await past.getByRole('definition').getByText('•••', { exact: true }).waitFor();
    await past.getByRole('definition').getByText(student.id, { exact: true }).waitFor();
    await past.getByText('Names of people are masked (•••): an admin can grant you personal data.', { exact: true }).waitFor();
    await page.goto(`${api.url}/dashboard/auditor/time-travel?at=${encodeURIComponent(enrolledAt)}&view=enrollment&id=${enrollment.id}`);
    await past.getByRole('definition').getByText('pending', { exact: true }).waitFor();
    await past.getByRole('definition').getByText('Week 1', { exact: true }).waitFor();

    // An admin's staff screen links to the same question: Enrollments → "Why?" → the admin's Why page.
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await signInThroughUi(page, api.url, adminEmail, adminPassword);
    await page.waitForURL((url) => url.pathname === '/dashboard/admin');
    await openDashboardMenu(page, 'Enrollments');
    await page.getByRole('link', { name: `Why is ${enrollment.code} active?` }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/admin/why' && url.searchParams.get('id') === enrollment.id);
    const adminChain = page.getByRole('region', { name: 'Causal chain' });
    await adminChain.getByRole('heading', { name: 'active' }).waitFor();
    await adminChain.getByRole('listitem').first().getByText('EnrollmentStatusChanged', { exact: true }).waitFor();
  });
});
