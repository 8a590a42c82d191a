// Accessibility on every page (issue 18 §8, first bullet): axe (@axe-core/playwright, every rule it
// runs by default) on every route of the shell and on every menu entry of each role's remote (admin,
// teacher, student, student admin, auditor), in the light and in the dark theme (the OS setting, which
// the shell follows), against the built API and worker with real data: a program, a subject, an
// assigned teacher, an active enrollment, week 1 with a capstone passed (so the student is in week 2
// with week 1 under Earlier weeks), week 2 published, a schedule with a session's roll taken. A page passes with 0 serious or critical violations.
// The counts of every page are written to the test's output (the report lists them).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { type BrowserSession, launchBrowser, openDashboardMenu, type RunningApi, signInThroughUi, startApi, startSmtpCatcher, type TestSmtpCatcher } from '@academy/testing';

type Theme = 'light' | 'dark';
type Role = 'admin' | 'teacher' | 'student' | 'student_admin' | 'auditor';
interface Checked {
  theme: Theme;
  page: string;
  violations: number;
  /** Serious and critical ones: rule id, impact and the first targets. */
  blocking: string[];
  /** The others (moderate, minor): rule id and impact, so the report says what they are. */
  others: string[];
}

const stamp = Date.now();
const ROLE_PATH: Record<Role, string> = { admin: 'admin', teacher: 'teacher', student: 'student', student_admin: 'student-admin', auditor: 'auditor' };

describe('axe on every route, in both themes', () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  const accounts = {} as Record<Role, { email: string; password: string }>;
  const newcomer = { email: `newcomer-${stamp}@academy.test`, password: '' };
  const checked: Checked[] = [];
  /** The verification code of the student's certificate (a second, completed enrollment). */
  let certificateCode = '';
  /** How many entries each role's menu has (read from the page). */
  const menus = {} as Record<Role, number>;

  async function call<T>(path: string, { method = 'GET', body, token }: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
    const res = await fetch(`${api.url}/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const signInApi = async (email: string, password: string) => (await call<{ access_token: string }>('/auth/sign-in', { method: 'POST', body: { email, password } })).access_token;
  async function invite(admin: string, role: Exclude<Role, 'admin'>, email: string, fullName: string) {
    const { user } = await call<{ user: { id: string } }>('/users', { method: 'POST', token: admin, body: { fullName, email, role } });
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.includes(email)) && /Temporary password: /.test(m.text));
    return { id: user.id, password: /Temporary password: (\S+)/.exec(mail.text)![1] };
  }

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    api = await startApi({ withWorker: true, env: { SMTP_URL: smtp.url } });
    const setup = await call<{ email: string; password: string }>('/setup', { method: 'POST' });
    accounts.admin = setup;
    const admin = await signInApi(setup.email, setup.password);
    const ids = {} as Record<Role, string>;
    for (const [role, fullName] of [
      ['teacher', 'Tendai Moyo'],
      ['student', 'Lerato Mokoena'],
      ['student_admin', 'Sipho Dlamini'],
      ['auditor', 'Audrey Auditor'],
    ] as const) {
      const email = `${role.replace('_', '-')}-${stamp}@academy.test`;
      const made = await invite(admin, role, email, fullName);
      ids[role] = made.id;
      accounts[role] = { email, password: made.password };
    }
    newcomer.password = (await invite(admin, 'student', newcomer.email, 'Nomsa Newcomer')).password;
    // The student's first-login profile, so that the student's pages open (the newcomer keeps the form).
    const own = 'Lerato-s-own-passw0rd';
    const studentToken = await signInApi(accounts.student.email, accounts.student.password);
    await call('/profile/complete', {
      method: 'POST',
      token: studentToken,
      body: { fullName: 'Lerato Mokoena', phone: '+27 82 555 0101', address: '12 Long Street, Cape Town', dateOfBirth: '2001-04-09', emergencyContactName: 'Thabo Mokoena', emergencyContactPhone: '+27 83 555 0102', password: own, confirmPassword: own },
    });
    accounts.student.password = own;

    // Pages with content: a graded capstone (the student in week 2, week 1 past), week 2 published.
    const { program } = await call<{ program: { id: string } }>('/programs', { method: 'POST', token: admin, body: { name: 'Web Development', type: 'evening', description: 'HTML to React' } });
    const { subject } = await call<{ subject: { id: string } }>('/subjects', { method: 'POST', token: admin, body: { name: 'HTML & CSS', programId: program.id, weekNumber: 1, description: 'Semantic markup and layout' } });
    await call('/teacher-assignments', { method: 'POST', token: admin, body: { teacherId: ids.teacher, subjectId: subject.id } });
    const { enrollment } = await call<{ enrollment: { id: string } }>('/enrollments', { method: 'POST', token: admin, body: { studentId: ids.student, programId: program.id, subjectId: subject.id } });
    await call(`/enrollments/${enrollment.id}/status`, { method: 'PUT', token: admin, body: { status: 'active' } });
    const teacher = await signInApi(accounts.teacher.email, accounts.teacher.password);
    const { week } = await call<{ week: { id: string } }>('/weeks', { method: 'POST', token: teacher, body: { subjectId: subject.id, weekNumber: 1, title: 'Semantic markup' } });
    const withCapstone = (await call<{ week: { capstone: { id: string } } }>(`/weeks/${week.id}/capstone`, { method: 'PUT', token: teacher, body: { title: 'Landing page' } })).week;
    await call(`/weeks/${week.id}/published`, { method: 'PUT', token: teacher, body: { published: true } });
    // Signed in again: the completed profile set the student's own password.
    const student = await signInApi(accounts.student.email, own);
    const { submission } = await call<{ submission: { id: string } }>('/student/submissions', { method: 'POST', token: student, body: { kind: 'capstone', itemId: withCapstone.capstone.id, githubUrl: 'https://github.com/lerato/landing' } });
    await call(`/submissions/${submission.id}/grade`, { method: 'POST', token: teacher, body: { status: 'passed', score: 80, feedback: 'Clean and accessible' } });
    const { week: week2 } = await call<{ week: { id: string } }>('/weeks', { method: 'POST', token: teacher, body: { subjectId: subject.id, weekNumber: 2, title: 'Layout' } });
    await call(`/weeks/${week2.id}/published`, { method: 'PUT', token: teacher, body: { published: true } });
    // A schedule that began two weeks ago and a session's roll: Attendance, Schedules and My Attendance have content (issue 31).
    const monday = new Date(Date.now() - 14 * 86_400_000);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    await call(`/attendance/subjects/${subject.id}/schedule`, { method: 'PUT', token: admin, body: { startDate: monday.toISOString().slice(0, 10), weekdays: [1, 2, 3, 4, 5], startTime: '18:00', lectureMinutes: 60, supportMinutes: 0 } });
    const { sessions } = await call<{ sessions: { id: string; startsAt: string }[] }>(`/attendance/subjects/${subject.id}/sessions`, { token: teacher });
    const taken = sessions.find((s) => Date.parse(s.startsAt) < Date.now())!;
    await call(`/attendance/sessions/${taken.id}/marks`, { method: 'PUT', token: teacher, body: { marks: [{ studentId: ids.student, status: 'excused', note: 'Clinic visit' }] } });
    // A completed enrollment in a second program: its certificate is on My Course, Admin Enrollments and /verify/<code>.
    const { program: finished } = await call<{ program: { id: string } }>('/programs', { method: 'POST', token: admin, body: { name: 'Data Science', type: 'daytime', description: 'Python to models' } });
    const { subject: cohort } = await call<{ subject: { id: string } }>('/subjects', { method: 'POST', token: admin, body: { name: 'Python basics', programId: finished.id, weekNumber: 1, description: 'Types and loops' } });
    const { enrollment: done } = await call<{ enrollment: { id: string } }>('/enrollments', { method: 'POST', token: admin, body: { studentId: ids.student, programId: finished.id, subjectId: cohort.id } });
    await call(`/enrollments/${done.id}/status`, { method: 'PUT', token: admin, body: { status: 'completed' } });
    certificateCode = (await call<{ certificates: { code: string }[] }>('/student/certificates', { token: student })).certificates[0]!.code;
    // A finished replay, so that the auditor's Replay page (a menu entry like every other) shows its result tables.
    const auditor = await signInApi(accounts.auditor.email, accounts.auditor.password);
    const { id: replayId } = await call<{ id: string }>('/audit/replays', { method: 'POST', token: auditor });
    while ((await call<{ state: string }>(`/audit/replays/${replayId}`, { token: auditor })).state !== 'done') await new Promise((r) => setTimeout(r, 100));
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    await smtp?.stop();
    if (checked.length) {
      const lines = checked.map((c) => `${c.theme.padEnd(5)} ${c.page.padEnd(40)} ${String(c.violations).padStart(2)} violations, ${c.blocking.length} serious or critical${[...c.blocking, ...c.others].map((b) => `\n      ${b}`).join('')}`);
      process.stdout.write(`\naxe, page by page:\n${lines.join('\n')}\n`);
    }
  });

  /** Waits until the page shows no loading spinner, then runs axe on it and records the result. */
  async function audit(page: Page, theme: Theme, name: string) {
    await page.waitForFunction(() => !(globalThis as unknown as { document: { querySelector(s: string): unknown } }).document.querySelector('[data-slot="spinner"]'));
    const dark = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { classList: { contains(c: string): boolean } } } }).document.documentElement.classList.contains('dark'));
    expect({ name, dark }).toEqual({ name, dark: theme === 'dark' });
    // A toast (or any element) caught mid-transition has its contrast measured at part opacity: a
    // serious "violation" that exists for 400 ms (seen once in CI on a toast's title). Wait for the
    // page's finite animations and transitions to end; endless ones (a pulse) do not hold it up.
    await page
      .waitForFunction(
        () =>
          (globalThis as unknown as { document: { getAnimations(): { effect: { getTiming(): { iterations?: number } } | null }[] } }).document
            .getAnimations()
            .every((a) => a.effect?.getTiming().iterations === Infinity),
        undefined,
        { timeout: 5000 },
      )
      .catch(() => undefined);
    // A toast that outlives that wait (the sign-in's "Welcome back!") starts its exit transition when it
    // times out, which can fall inside axe's own run: measured at part opacity, its title failed
    // color-contrast (dark, /dashboard/admin/programs, once here). Scan once the toasts have gone
    // (Sonner's 4 s): they are transient, and their colours are the same on every page.
    await page.waitForFunction(() => !(globalThis as unknown as { document: { querySelector(s: string): unknown } }).document.querySelector('[data-sonner-toast]'), undefined, { timeout: 15_000 });
    // Legacy mode: axe.run in the page itself. The default (runPartial, then finishRun in a new blank
    // page, for cross-origin frames, which these pages have none of) opened a page per scan and made
    // this file several times slower (docs/benchmarks.md, "The slowest files, made cheaper"); the rules run are the same.
    // Only violations are asserted, so axe is asked to build only those.
    const { violations } = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
    const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    const others = violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    checked.push({ theme, page: name, violations: violations.length, blocking, others });
  }

  async function sweep(theme: Theme) {
    const browser: BrowserSession = await launchBrowser({ colorScheme: theme });
    try {
      const { page } = await browser.newPage();
      // Signed out: the shell's own routes.
      for (const [path, name = path] of [['/'], ['/auth'], ['/auth/verify'], ['/setup'], ['/no-such-page'], [`/verify/${certificateCode}`, '/verify/<code>'], ['/verify/no-such-code', '/verify/<unknown>']]) {
        await page.goto(`${api.url}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await audit(page, theme, name!);
      }
      // A first login: the profile form.
      await signInThroughUi(page, api.url, newcomer.email, newcomer.password);
      await page.waitForURL((url) => url.pathname === '/complete-profile');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await audit(page, theme, '/complete-profile');
      await page.context().clearCookies();
      // Each role: every entry of its menu.
      for (const role of Object.keys(ROLE_PATH) as Role[]) {
        await signInThroughUi(page, api.url, accounts[role].email, accounts[role].password);
        await page.waitForURL((url) => url.pathname.startsWith(`/dashboard/${ROLE_PATH[role]}`));
        // The menu as the remote draws it: every entry, in order.
        const menu = page.getByRole('navigation', { name: /menu$/ }).getByRole('link');
        await menu.first().waitFor(); // the role's remote is loaded
        const entries = await menu.evaluateAll((links) => links.map((a) => ({ title: (a.textContent ?? '').trim(), path: a.getAttribute('href') ?? '' })));
        expect(entries.length).toBeGreaterThan(2);
        menus[role] = entries.length;
        for (const entry of entries) {
          const path = entry.path;
          if (path !== `/dashboard/${ROLE_PATH[role]}`) await openDashboardMenu(page, entry.title);
          else {
            // The dashboard's own page is headed by the role's dashboard, not by its menu label.
            await page.getByRole('navigation', { name: /menu$/ }).getByRole('link', { name: entry.title, exact: true }).click();
            await page.waitForURL((url) => url.pathname === path);
            await page.getByRole('heading', { level: 1 }).first().waitFor();
          }
          await audit(page, theme, path);
        }
        await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
        await page.waitForURL((url) => url.pathname === '/');
      }
    } finally {
      await browser.close();
    }
  }

  // The two themes sweep side by side, each in its own browser (separate sessions: one signing out
  // ends only its own): much of a sweep is waiting (pages, toasts), so together they take less than
  // one after the other. Both run to their end before anything is asserted.
  it('0 serious or critical violations on every page, in the light and in the dark theme', async () => {
    const themes = ['light', 'dark'] as const;
    const failed = (await Promise.allSettled(themes.map((theme) => sweep(theme)))).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    expect(Object.keys(menus).sort()).toEqual(Object.keys(ROLE_PATH).sort());
    for (const theme of themes) {
      const mine = checked.filter((c) => c.theme === theme);
      expect({ theme, pages: mine.length }).toEqual({ theme, pages: 8 + Object.values(menus).reduce((a, b) => a + b, 0) });
      expect(mine.filter((c) => c.blocking.length).map((c) => ({ theme, page: c.page, blocking: c.blocking }))).toEqual([]);
    }
  }, 360_000);
});
