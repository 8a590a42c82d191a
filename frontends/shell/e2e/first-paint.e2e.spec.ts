// Issue 18 §3, fast first paint on slow links, where a browser shows it:
// - the shell's HTML alone (no script or stylesheet has arrived) paints a styled splash, in the OS's
//   light or dark setting;
// - a page load under a dashboard downloads the role's remote BESIDE the session's refresh, not
//   after it: here the refresh is held until the remote's entry has been asked for, which never
//   happens if the remote waits for the session (the old waterfall);
// - the splash stays on screen until the dashboard renders (never a blank page in between).
import type { Page } from 'playwright-core';
import { sessionSchema } from '@academy/contracts';
import { launchBrowser, startApi, withSessionHint, type BrowserSession, type RunningApi, type TrackedPage } from '@academy/testing';

const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
const student = sessionSchema.parse({
  access_token: 'e2e-student',
  expires_at: Math.floor(Date.now() / 1000) + 900,
  user: { id: 'u-student', email: 'student@academy.test', fullName: 'A student', role: 'student', firstLoginCompleted: true },
});

describe('first paint on a slow link (issue 18 §3)', () => {
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
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((t) => t.page.close()));
    await browser.context.clearCookies();
  });
  async function newPage(): Promise<Page> {
    const tracked = await browser.newPage();
    pages.push(tracked);
    return tracked.page;
  }

  it.each(['light', 'dark'] as const)('the HTML alone paints a styled splash (%s)', async (scheme) => {
    const page = await newPage();
    await page.emulateMedia({ colorScheme: scheme });
    // Nothing but the document: every script and stylesheet is held back, as on a link still downloading them.
    await page.route(/\.(js|css)(\?|$)/, () => {});
    await page.goto(`${api.url}/dashboard/student`, { waitUntil: 'commit' });
    const splash = page.getByTestId('splash');
    await splash.waitFor();
    expect(await splash.getByRole('status').innerText()).toBe('Loading…');
    const look = await page.evaluate(() => {
      interface Styled { getBoundingClientRect(): { height: number }; clientHeight: number }
      const g = globalThis as unknown as { document: { querySelector(s: string): Styled; documentElement: Styled }; getComputedStyle: (e: Styled) => { backgroundColor: string; display: string } };
      const mark = g.document.querySelector('.academy-splash-mark');
      const main = g.document.querySelector('.academy-splash');
      const { height } = main.getBoundingClientRect();
      return { html: g.getComputedStyle(g.document.documentElement).backgroundColor, mark: g.getComputedStyle(mark).backgroundColor, display: g.getComputedStyle(main).display, height, viewport: g.document.documentElement.clientHeight };
    });
    // Styled by the inline CSS: centred on the whole screen, the brand mark filled, the page in the OS's scheme.
    expect(look.display).toBe('flex');
    expect(look.height).toBeGreaterThanOrEqual(look.viewport);
    expect(look.mark).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
    expect(look.html).toBe(scheme === 'light' ? 'oklch(1 0 0)' : 'oklch(0.17 0.014 265)');
  });

  it('a page load under a dashboard asks for its remote while the session refresh is still out, and keeps the splash until the dashboard shows', async () => {
    const page = await newPage();
    await withSessionHint(page);
    let remoteAsked: () => void = () => {};
    const remoteRequested = new Promise<void>((resolve) => (remoteAsked = resolve));
    page.on('request', (r) => {
      if (/dashboard[-_]student\/.*(mf-manifest\.json|remoteEntry\.js)/.test(r.url())) remoteAsked();
    });
    // The refresh answers only once the remote is on its way: without the prefetch this page would wait forever.
    let refreshHeld = false;
    await page.route('**/api/auth/refresh', async (route) => {
      refreshHeld = true;
      await remoteRequested;
      await route.fulfill(json(student));
    });
    await page.route('**/api/student/dashboard', (route) => route.fulfill(json({ currentWeek: 3, tasksCompleted: 1, tasksTotal: 5, averageGrade: 80, activeCourse: null })));
    await page.route('**/api/student/enrollment', (route) => route.fulfill(json({ enrollment: null })));
    await page.route('**/api/notifications', (route) => route.fulfill(json({ unread: 0, notifications: [] })));
    await page.route('**/api/announcements/mine', (route) => route.fulfill(json({ announcements: [] })));
    // What is on screen between first paint and the dashboard: the splash, or the dashboard; never nothing.
    await page.addInitScript(() => {
      const g = globalThis as unknown as { document: { getElementById(id: string): { children: { length: number } } | null; querySelector(s: string): unknown }; requestAnimationFrame: (f: () => void) => void; __blankFrames: number };
      g.__blankFrames = 0;
      const watch = () => {
        const root = g.document.getElementById('root');
        if (root && root.children.length === 0 && !g.document.querySelector('h1')) g.__blankFrames++;
        g.requestAnimationFrame(watch);
      };
      g.requestAnimationFrame(watch);
    });
    await page.goto(`${api.url}/dashboard/student`);
    await page.getByRole('heading', { level: 1, name: 'Student Dashboard' }).waitFor({ timeout: 20_000 });
    expect(refreshHeld).toBe(true);
    expect(await page.evaluate(() => (globalThis as unknown as { __blankFrames: number }).__blankFrames)).toBe(0);
  });
});
