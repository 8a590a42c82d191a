// Issue 19 §1, as a person meets the product: `npm start` on an empty data folder, `npm run demo` in a
// second terminal, then a browser signs in as each user the demo printed and sees populated
// dashboards. Nothing here is answered by the test: the figures are what the demo's real commands
// made (13 programmes, 4 of them with a teacher's cohort of 15 students, 60 active students at weeks 1-12, 2 of 8
// applications unanswered, 2 converted to students), read through the dashboards' own queries.
import { z } from 'zod';
import { sessionSchema, teacherSubmissionsResponseSchema, prospectsResponseSchema, auditOverviewSchema } from '@academy/contracts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiCaller, bodyOf, freePort, launchBrowser, repoRoot, signInThroughUi, statFigure, untilValue, type BrowserSession, type TrackedPage } from '@academy/testing';

/** The environment of a person's terminal: none of the test harness's servers or settings. */
function terminalEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PORT', 'TEST_DATABASE_URL', 'TEST_REDIS_URL', 'NODE_ENV', 'JEST_WORKER_ID']) delete env[k];
  return { ...env, ...extra };
}

function run(script: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let out = '';
  const child = spawn(process.execPath, [path.join(repoRoot, script), ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (b) => (out += b));
  child.stderr!.on('data', (b) => (out += b));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

describe('npm start, then npm run demo, then each printed user in a browser', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-demo-'));
  let academy: ReturnType<typeof run>;
  let url = '';
  let inbox = '';
  let metricsPort = 0;
  let browser: BrowserSession;
  let users: Record<'admin' | 'teacher' | 'student' | 'student_admin' | 'auditor', { email: string; password: string }>;

  beforeAll(async () => {
    // The API's metrics on an internal port, as deployed (ADR 0026): checked after the browser's visits.
    metricsPort = await freePort();
    // PORT: a free one, not npm start's 3000-or-next: other test files start academies at the same time.
    academy = run('scripts/academy-dev.mjs', ['start'], terminalEnv({ ACADEMY_DATA_DIR: dataDir, LOG_LEVEL: 'warn', METRICS_PORT: String(metricsPort), PORT: String(await freePort()) }));
    const until = Date.now() + 150_000;
    while (!/academy: mail inbox (\S+)/.test(academy.output())) {
      if (academy.child.exitCode !== null || Date.now() > until) throw new Error(`npm start did not get ready:\n${academy.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    url = /ready: open (\S+)/.exec(academy.output())![1];
    inbox = /academy: mail inbox (\S+)/.exec(academy.output())![1];
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    if (academy && academy.child.exitCode === null) {
      academy.child.kill('SIGTERM');
      await academy.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('the demo fills the empty instance through the API and prints one sign-in per role', async () => {
    // Exactly the README's second terminal: no URL given, the demo finds the running academy by its data folder.
    const demo = run('scripts/demo.mjs', ['--json'], terminalEnv({ ACADEMY_DATA_DIR: dataDir }));
    const code = await demo.exited;
    expect({ code, output: code === 0 ? '' : demo.output() }).toEqual({ code: 0, output: '' });
    const printed = demo.output();
    process.stdout.write(printed);
    users = JSON.parse(/^DEMO_USERS (.*)$/m.exec(printed)![1]);
    expect(Object.keys(users).sort()).toEqual(['admin', 'auditor', 'student', 'student_admin', 'teacher']);
    // The human-readable lines name every user with their password.
    for (const [role, u] of Object.entries(users)) expect(printed).toMatch(new RegExp(`^  ${role}\\s+${u.email.replace(/[.+]/g, '\\$&')}\\s+${u.password}$`, 'm'));
    expect(printed).toMatch(/academy demo: done in [\d.]+ s: \d+ API calls appended \d+ events/);

    // What the dashboards below do not show at a glance: grades in every status, a resubmission
    // waiting, and applications in every pipeline state.
    const api = async <S extends z.ZodType>(p: string, role: keyof typeof users, schema: S) => {
      const call = apiCaller(url);
      const { access_token: token } = bodyOf(await call('POST', '/auth/sign-in', undefined, users[role]), sessionSchema);
      return bodyOf(await call('GET', p, token), schema);
    };
    const graded = await api('/teacher/submissions?tab=graded', 'teacher', teacherSubmissionsResponseSchema);
    expect(new Set(graded.items.map((s) => s.grade?.status))).toEqual(new Set(['passed', 'failed', 'needs_revision']));
    expect((await api('/teacher/submissions?tab=pending', 'teacher', teacherSubmissionsResponseSchema)).items.some((s) => s.attempt === 2)).toBe(true);
    // The last status changes may still be on their way through the worker's projection.
    const statuses = await untilValue(
      async () => new Set((await api('/admissions/prospects?kind=application', 'student_admin', prospectsResponseSchema)).prospects.map((p) => p.status)),
      (s) => s.size === 4,
      'every pipeline status on the prospective list',
      30_000,
    );
    expect(statuses).toEqual(new Set(['pending', 'contacted', 'converted', 'declined']));
  }, 240_000);

  async function signedIn(role: keyof typeof users): Promise<TrackedPage> {
    await browser.context.clearCookies();
    const tracked = await browser.newPage();
    await signInThroughUi(tracked.page, url, users[role].email, users[role].password);
    await tracked.page.waitForURL((u) => u.pathname === `/dashboard/${role.replace('_', '-')}`);
    return tracked;
  }
  /** Waits for a dashboard figure to read `expected` (the worker may still be catching up on the demo's last events). */
  async function figure(tracked: TrackedPage, title: string, expected: string | RegExp): Promise<void> {
    const shown = statFigure(tracked.page, title);
    try {
      await shown.filter({ hasText: typeof expected === 'string' ? new RegExp(`^${expected}$`) : expected }).waitFor({ timeout: 30_000 });
    } catch (e) {
      const text = await shown.innerText({ timeout: 1000 }).catch(() => '(not shown)');
      throw new Error(`${title} shows ${JSON.stringify(text)}, expected ${expected}\n${(e as Error).message}`);
    }
  }

  it('the admin sees the catalogue, the users and the unanswered applications', async () => {
    const admin = await signedIn('admin');
    // Programmes with at least one active enrollment: the 4 teachers' cohorts (13 exist).
    await figure(admin, 'Active Programs', '4');
    // 1 admin, 4 teachers, a student admin, an auditor, 60 students and 2 converted applicants.
    await figure(admin, 'Total Users', '69');
    await figure(admin, 'Pending Approvals', '2');
    await admin.page.getByRole('navigation', { name: /menu$/ }).getByRole('link', { name: 'Enrollments', exact: true }).click();
    await admin.page.getByRole('heading', { level: 1, name: 'Enrollments' }).waitFor();
    expect(await admin.page.getByRole('row').count()).toBeGreaterThan(60); // 60 enrollments and the header
    expect(admin.pageErrors).toEqual([]);
    await admin.page.close();
  }, 60_000);

  it('the teacher sees their cohort and work waiting for a grade', async () => {
    const teacher = await signedIn('teacher');
    await figure(teacher, 'Active Courses', '1');
    await figure(teacher, 'Total Students', '15');
    await figure(teacher, 'Pending Grading', /^[1-9]\d*$/);
    await figure(teacher, 'Current Week', /^Week ([1-9]|1[0-2])$/);
    expect(teacher.pageErrors).toEqual([]);
    await teacher.page.close();
  }, 60_000);

  it('the student is at week 6 with lessons to do and grades to read', async () => {
    const student = await signedIn('student');
    await figure(student, 'Current Week', 'Week 6 of 20');
    await figure(student, 'Average Grade', /^\d/);
    await student.page.goto(`${url}/dashboard/student/lessons`);
    await student.page.getByRole('heading', { level: 1, name: 'Weekly Lessons' }).waitFor();
    await student.page.getByTestId('lessons-week').filter({ hasText: /Week 6/ }).waitFor();
    // Past weeks stay, each with its capstone's score (issue 18 §1): weeks 1-5 were passed.
    expect(await student.page.getByText(/Score: \d+\/100/).count()).toBeGreaterThanOrEqual(5);
    expect(student.pageErrors).toEqual([]);
    await student.page.close();
  }, 60_000);

  it('the student admin sees the students, the unanswered applications and the active enrollments', async () => {
    const sa = await signedIn('student_admin');
    await figure(sa, 'Total Students', '62');
    await figure(sa, 'Pending Applications', '2');
    await figure(sa, 'Active Enrollments', '60');
    expect(sa.pageErrors).toEqual([]);
    await sa.page.close();
  }, 60_000);

  it('the auditor sees the log the demo wrote', async () => {
    const auditor = await signedIn('auditor');
    await figure(auditor, 'Head position', /^[1-9]\d{3,}$/); // thousands of events
    expect(auditor.pageErrors).toEqual([]);
    await auditor.page.close();
  }, 60_000);

  it("after the browser's visits, the API's internal /metrics has their latency histograms and every projection's lag", async () => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const count = (...parts: string[]) =>
      text
        .split('\n')
        .filter((l) => l.startsWith('academy_http_request_duration_seconds_count{') && parts.every((p) => l.includes(p)))
        .reduce((n, l) => n + Number(l.split(' ').at(-1)), 0);
    // Five sign-ins through the browser (and the demo's own), the student's lessons, the teacher's dashboard.
    expect(count('route="/api/auth/sign-in"', 'method="POST"', 'status="200"')).toBeGreaterThanOrEqual(5);
    expect(count('route="/api/student/lessons"', 'method="GET"')).toBeGreaterThanOrEqual(1);
    expect(count('route="/api/teacher/dashboard"', 'method="GET"')).toBeGreaterThanOrEqual(1);
    // Every projection the auditor's Overview lists has its lag and status.
    const { access_token: token } = bodyOf(await apiCaller(url)('POST', '/auth/sign-in', undefined, users.auditor), sessionSchema);
    const overview = bodyOf(await apiCaller(url)('GET', '/audit/overview', token), auditOverviewSchema);
    const projections = overview.readers.filter((r) => r.kind === 'projection').map((r) => r.name);
    expect(projections.length).toBeGreaterThanOrEqual(7);
    for (const name of projections) {
      expect([name, text.split('\n').find((l) => l.startsWith('academy_projection_lag_events{') && l.includes(`projection="${name}"`))]).toEqual([name, expect.stringMatching(/ \d+$/)]);
    }
  });

  it('a second run refuses the instance it filled', async () => {
    // Given the URLs explicitly this time (--url and --inbox, no data folder to find them in).
    const again = run('scripts/demo.mjs', ['--url', url, '--inbox', inbox], terminalEnv({ ACADEMY_DATA_DIR: path.join(dataDir, 'elsewhere') }));
    expect(await again.exited).toBe(1);
    expect(again.output()).toMatch(/^academy demo: \S+ is not empty \(setup is done\)/m);
  }, 60_000);
});
