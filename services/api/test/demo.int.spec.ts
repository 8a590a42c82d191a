// `npm run demo` (scripts/demo.mjs) against the BUILT API and worker as deployed (run the build
// first), with the mail catcher `npm start` runs: the printed users sign in to populated dashboards,
// and a second run refuses the now non-empty instance.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot, startApi, startSmtpCatcher, untilValue, type RunningApi, type TestSmtpCatcher } from '@academy/testing';

function runDemo(api: RunningApi, smtp: TestSmtpCatcher): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/demo.mjs'), '--url', api.url, '--inbox', smtp.inboxUrl, '--json'], {
      cwd: repoRoot,
      // No stack.json: the demo must use the URLs it is given.
      env: { PATH: process.env.PATH ?? '', ACADEMY_DATA_DIR: path.join(repoRoot, 'tmp', 'demo-test-no-stack') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b) => (stdout += b));
    child.stderr.on('data', (b) => (stderr += b));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run demo', () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    api = await startApi({ withWorker: true, env: { SMTP_URL: smtp.url } });
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
    await smtp?.stop();
  });

  async function call(method: string, p: string, token?: string, body?: unknown): Promise<any> {
    const res = await fetch(`${api.url}/api${p}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as any;
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  it('fills an empty instance, prints a sign-in per role with populated dashboards, and refuses a second run', async () => {
    const first = await runDemo(api, smtp);
    expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: '' });
    process.stdout.write(first.stdout);
    const users = JSON.parse(/^DEMO_USERS (.*)$/m.exec(first.stdout)![1]);
    expect(Object.keys(users).sort()).toEqual(['admin', 'auditor', 'student', 'student_admin', 'teacher']);
    for (const role of Object.keys(users)) expect(first.stdout).toContain(users[role].email);
    const token: Record<string, string> = {};
    for (const [role, u] of Object.entries<any>(users)) token[role] = (await call('POST', '/auth/sign-in', undefined, { email: u.email, password: u.password })).access_token;

    // Student: passed capstones advanced the week (the worker's reactor), and this week's lessons show.
    const lessons = await untilValue(() => call('GET', '/student/lessons', token.student), (r) => r.enrollment?.currentWeek === 6, 'the demo student at week 6', 30_000);
    expect(lessons.weeks.length).toBeGreaterThan(0);
    expect(lessons.weeks[0].tasks.length).toBeGreaterThan(0);

    // Teacher: submissions waiting and graded, including a needs_revision and a resubmission.
    const pending = await call('GET', '/teacher/submissions?tab=pending', token.teacher);
    expect(pending.items.length).toBeGreaterThan(0);
    expect(pending.items.some((s: any) => s.attempt === 2)).toBe(true);
    const graded = await call('GET', '/teacher/submissions?tab=graded', token.teacher);
    expect(new Set(graded.items.map((s: any) => s.grade?.status))).toEqual(new Set(['passed', 'failed', 'needs_revision']));

    // Admin and student admin: the prospective list holds every pipeline status.
    for (const role of ['admin', 'student_admin']) {
      const { prospects } = await untilValue(
        () => call('GET', '/admissions/prospects?kind=application', token[role]),
        (r) => new Set(r.prospects.map((p: any) => p.status)).size === 4,
        `every prospect status for ${role}`,
        30_000,
      );
      expect(new Set(prospects.map((p: any) => p.status))).toEqual(new Set(['pending', 'contacted', 'converted', 'declined']));
    }
    const programs = await call('GET', '/programs', token.admin);
    expect(programs.programs.length).toBe(13);

    // Auditor: the event log the demo wrote.
    expect((await call('GET', '/audit/chain', token.auditor)).head.position).toBeGreaterThan(1000);

    const second = await runDemo(api, smtp);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/is not empty \(setup is done\)/);
  }, 300_000);
});
