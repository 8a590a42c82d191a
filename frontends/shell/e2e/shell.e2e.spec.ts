// The built shell and dashboard remotes, served by the built API, in Debian's Chromium.
import type { Page } from 'playwright-core';
import { sessionSchema, type Role, type Session } from '@academy/contracts';
import { launchBrowser, startApi, withSessionHint, type BrowserSession, type RunningApi, type TrackedPage } from '@academy/testing';

const FAILED_TO_LOAD = 'This part of the academy could not be loaded.';

/**
 * Answers the page's POST /api/auth/refresh with a session of `role`, as the identity API does for
 * a valid refresh cookie (checked against the shared contract, so it cannot drift from it). These
 * tests are about the frontends (guard, federation, frame); the identity endpoints have their own.
 * After POST /api/auth/sign-out, refresh answers 401 like the API for a revoked cookie.
 */
async function answerRefreshAs(page: Page, role: Role, user: Partial<Session['user']> = {}) {
  const session = sessionSchema.parse({
    access_token: `e2e-${role}`,
    expires_at: Math.floor(Date.now() / 1000) + 900,
    user: { id: `u-${role}`, email: `${role.replace('_', '-')}@academy.test`, fullName: `An ${role}`, role, firstLoginCompleted: true, ...user },
  });
  await withSessionHint(page);
  let signedOut = false;
  const calls = { refresh: 0, signOut: 0 };
  await page.route('**/api/auth/refresh', (route) => {
    calls.refresh++;
    return signedOut
      ? route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'Your session has ended. Please sign in again.' }) })
      : route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(session) });
  });
  await page.route('**/api/auth/sign-out', (route) => {
    calls.signOut++;
    signedOut = route.request().headers().authorization === `Bearer ${session.access_token}`;
    return route.fulfill({ status: 204 });
  });
  return { session, calls };
}

describe('shell (host) and dashboard remotes in a browser', () => {
  let api: RunningApi;
  let browser: BrowserSession;
  const pages: TrackedPage[] = [];

  beforeAll(async () => {
    [api, browser] = await Promise.all([startApi(), launchBrowser()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  async function open(path: string): Promise<TrackedPage> {
    const tracked = await browser.newPage();
    pages.push(tracked);
    await tracked.page.goto(`${api.url}${path}`);
    return tracked;
  }
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((t) => t.page.close()));
  });

  async function logged(text: string): Promise<string> {
    for (let i = 0; i < 100 && !api.output().includes(text); i++) await new Promise((r) => setTimeout(r, 50));
    return api.output();
  }

  it('shows the public home page at /', async () => {
    const { page, consoleErrors, pageErrors } = await open('/');
    await page.getByRole('heading', { level: 1, name: 'Launch your career in tech' }).waitFor();
    expect(await page.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
    expect(await page.title()).toBe('Academy');
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('loads the student dashboard from its remote, found through the runtime manifest, with one React and one session', async () => {
    const tracked = await browser.newPage();
    pages.push(tracked);
    const { page, consoleErrors, pageErrors, requests } = tracked;
    const { session } = await answerRefreshAs(page, 'student');
    // The session is made up, so the API would refuse its token: the dashboard's reads (its figures)
    // are answered here as for a student without an enrollment.
    const figures = { currentWeek: null, tasksCompleted: 0, tasksTotal: 5, averageGrade: null, activeCourse: null };
    await page.route('**/api/student/dashboard', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(figures) }));
    await page.route('**/api/student/enrollment', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ enrollment: null }) }));
    // The header bell's inbox too.
    await page.route('**/api/notifications', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ unread: 0, notifications: [] }) }));
    // The dashboard's pinned announcements (issue 19 §2).
    await page.route('**/api/announcements/mine', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ announcements: [] }) }));
    await page.goto(`${api.url}/dashboard/student`);
    // Either the dashboard or the error panel: a second React in the page would end in the panel.
    await page.getByRole('heading', { level: 1, name: 'Student Dashboard' }).or(page.getByRole('alert')).waitFor();
    expect(consoleErrors.filter((e) => /Invalid hook call/.test(e))).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(await page.getByRole('alert').count()).toBe(0);

    // Where the remote lives came from the API at run time, not from the shell's build.
    const paths = requests.map((u) => new URL(u).pathname);
    expect(paths).toContain('/api/federation/manifest');
    expect(paths).toContain('/remotes/dashboard-student/mf-manifest.json');
    expect(paths).toContain('/remotes/dashboard-student/remoteEntry.js');

    // Singletons: the remote ships fallback copies of react, react-dom and react-router for running
    // alone; in the shell none of them may be fetched, the shell's copies serve both apps.
    type Assets = { assets: { js: { sync: string[]; async: string[] } } };
    const manifest = (await (await fetch(`${api.url}/remotes/dashboard-student/mf-manifest.json`)).json()) as {
      shared: ({ name: string } & Assets)[];
      exposes: Assets[];
    };
    const files = (list: Assets[]) => list.flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async]);
    // A chunk that the remote's own code needs too (clsx, icons...) is not a fallback copy, though
    // the manifest lists it under a shared package; which chunks ./Module loads, remoteEntry.js says.
    const remoteEntry = await (await fetch(`${api.url}/remotes/dashboard-student/remoteEntry.js`)).text();
    const exposeLoads = /"\.\/Module":\(\)=>Promise\.all\(\[(.*?)\]\)/.exec(remoteEntry)?.[1] ?? '';
    const exposeChunks = [...exposeLoads.matchAll(/__webpack_require__\.e\((\d+)\)/g)].map((m) => `${m[1]}.`);
    expect(exposeChunks.length).toBeGreaterThan(0);
    const ownFiles = new Set([...files(manifest.exposes), ...files(manifest.shared).filter((f) => exposeChunks.some((c) => f.startsWith(c)))]);
    expect(manifest.shared.map((s) => s.name)).toEqual(expect.arrayContaining(['react', 'react-dom', 'react-router', 'react-router-dom', '@academy/web-session']));
    const fallbacks = files(manifest.shared).filter((f) => !ownFiles.has(f)).map((f) => `/remotes/dashboard-student/${f}`);
    expect(fallbacks.length).toBeGreaterThan(0);
    expect(paths.filter((p) => fallbacks.includes(p))).toEqual([]);
    const providers = await page.evaluate(() => {
      const share = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>> } }).__FEDERATION__.__SHARE__;
      const loaded: Record<string, string[]> = {};
      for (const scopes of Object.values(share))
        for (const pkgs of Object.values(scopes))
          for (const [pkg, versions] of Object.entries(pkgs))
            for (const [version, info] of Object.entries(versions)) if (info.loaded) (loaded[pkg] ??= []).push(`${version} from ${info.from}`);
      return Object.fromEntries(Object.entries(loaded).map(([pkg, list]) => [pkg, [...new Set(list)]]));
    });
    for (const pkg of ['react', 'react-dom', 'react-router', '@academy/web-session']) expect(providers[pkg]).toEqual([expect.stringMatching(/ from shell$/)]);
    // The remote's header reads the session the shell restored: the same context, one copy of it.
    await page.getByText(session.user.email, { exact: true }).waitFor();

    // The remote's <Routes> and <Link> use the shell's router: navigating back is client-side.
    await page.evaluate(() => ((globalThis as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Launch your career in tech' }).waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it.each([
    ['a path the shell does not know', `/no/such/page-${Date.now()}?from=e2e`],
    ['a path under a dashboard that its remote does not know', `/dashboard/student/no-such-page-${Date.now()}`],
  ])('shows the 404 page for %s, and the API logs the visit', async (_case, path) => {
    const tracked = await browser.newPage();
    pages.push(tracked);
    const { page, pageErrors } = tracked;
    await answerRefreshAs(page, 'student');
    await page.goto(`${api.url}${path}`);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    const home = page.getByRole('link', { name: 'Return to Home' });
    expect(await home.getAttribute('href')).toBe('/');

    // Logged without its query (issue 28 §5: a query may carry personal data).
    const bare = path.split('?')[0];
    const output = await logged(`"path":"${bare}"`);
    const line = output.split('\n').find((l) => l.includes(`"path":"${bare}"`));
    expect(line).toContain('page not found');
    expect(line).not.toContain('from=e2e');

    await home.click();
    await page.getByRole('heading', { level: 1, name: 'Launch your career in tech' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  const unavailable = (status: number) => ({ status, contentType: 'text/plain', body: 'unavailable' });
  it.each([
    ['the list of remotes cannot be fetched', '/api/federation/manifest', unavailable(503)],
    [
      'the list of remotes points at a remote that is not there (then is redeployed)',
      '/api/federation/manifest',
      { status: 200, contentType: 'application/json', body: JSON.stringify({ academyTimeZone: 'Africa/Johannesburg', remotes: [{ name: 'dashboard_student', entry: '/remotes/missing/mf-manifest.json' }] }) },
    ],
    ["the remote's manifest is missing", '/remotes/dashboard-student/mf-manifest.json', unavailable(404)],
    ["the remote's entry script is missing", '/remotes/dashboard-student/remoteEntry.js', unavailable(404)],
  ])('shows an error panel when %s, and Retry loads the dashboard once it is back', async (_case, failingPath, firstResponse) => {
    const tracked = await browser.newPage();
    pages.push(tracked);
    const { page, pageErrors, requests } = tracked;
    await answerRefreshAs(page, 'student');
    let failures = 0;
    await page.route(`${api.url}${failingPath}`, (route) => (failures++ === 0 ? route.fulfill(firstResponse) : route.continue()));
    await page.goto(`${api.url}/dashboard/student`);

    const panel = page.getByRole('alert');
    await panel.getByText(FAILED_TO_LOAD).waitFor();
    expect((await panel.innerText()).length).toBeGreaterThan(FAILED_TO_LOAD.length + 10); // the reason is shown too
    expect(await page.getByRole('heading', { name: 'Student Dashboard' }).count()).toBe(0);

    await panel.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: 'Student Dashboard' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(requests.filter((u) => new URL(u).pathname === failingPath)).toHaveLength(2);
    expect(pageErrors).toEqual([]);
  });

  it('keeps the error panel, with the reason, while the deployed remote URL is wrong', async () => {
    const broken = await startApi({ env: { ACADEMY_REMOTE_DASHBOARD_STUDENT: '/remotes/missing/mf-manifest.json' } });
    try {
      const tracked = await browser.newPage();
      pages.push(tracked);
      const { page, pageErrors, requests } = tracked;
      await answerRefreshAs(page, 'student');
      await page.goto(`${broken.url}/dashboard/student`);
      const panel = page.getByRole('alert');
      await panel.getByText(FAILED_TO_LOAD).waitFor();
      expect(await panel.innerText()).toContain('/remotes/missing/mf-manifest.json');

      await panel.getByRole('button', { name: 'Retry' }).click();
      for (let i = 0; i < 100 && requests.filter((u) => u.endsWith('/remotes/missing/mf-manifest.json')).length < 2; i++) await page.waitForTimeout(50);
      expect(requests.filter((u) => u.endsWith('/remotes/missing/mf-manifest.json'))).toHaveLength(2);
      await panel.getByText(FAILED_TO_LOAD).waitFor();
      expect(await page.getByRole('heading', { name: 'Student Dashboard' }).count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await broken.stop();
    }
  }, 60_000);
});
