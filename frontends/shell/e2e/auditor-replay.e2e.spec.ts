// Issue 16 "Replay" in a browser, against the built API and worker: an auditor runs a replay of every
// read model from the Replay page, sees its progress bar, then "equal" for every projection.
import { z } from 'zod';
import { programResponseSchema, sessionSchema, setupResponseSchema, subjectResponseSchema, userResponseSchema } from '@academy/contracts';
import { bodyOf, type BrowserSession, launchBrowser, openDashboardMenu, type RunningApi, signInThroughUi, startApi, startSmtpCatcher, type TestSmtpCatcher, type TrackedPage, apiCaller } from '@academy/testing';

const stamp = Date.now();

describe("the auditor's Replay page", () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  let browser: BrowserSession;
  let tab: TrackedPage;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    [api, browser] = await Promise.all([startApi({ withWorker: true, env: { SMTP_URL: smtp.url } }), launchBrowser()]);
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

  it('runs a replay: a progress bar, then every projection equal', async () => {
    const call = async <S extends z.ZodType>(method: string, path: string, schema: S, token?: string, body?: unknown) => {
      const res = await apiCaller(api.url)(method, path, token, body);
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return bodyOf(res, schema);
    };
    const setup = await call('POST', '/setup', setupResponseSchema);
    const admin = (await call('POST', '/auth/sign-in', sessionSchema, undefined, { email: setup.email, password: setup.password })).access_token;
    const email = `auditor-${stamp}@academy.test`;
    await call('POST', '/users', userResponseSchema, admin, { fullName: 'Audrey Auditor', email, role: 'auditor' });
    // Something in the read models: a program and a subject.
    const { program } = await call('POST', '/programs', programResponseSchema, admin, { name: 'Web Development', type: 'evening' });
    await call('POST', '/subjects', subjectResponseSchema, admin, { name: 'HTML & CSS', programId: program.id });
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.includes(email)) && /Temporary password: /.test(m.text));

    const { page } = tab;
    await signInThroughUi(page, api.url, email, /Temporary password: (\S+)/.exec(mail.text)![1]);
    await page.waitForURL((url) => url.pathname === '/dashboard/auditor');
    await openDashboardMenu(page, 'Replay');
    expect(new URL(page.url()).pathname).toBe('/dashboard/auditor/replay');
    await page.getByText('No replay yet: run one.').waitFor();

    // Every state the bar and its line go through, recorded in the page as they render (no timing involved).
    await page.evaluate(`(() => {
      const seen = (globalThis.__replaySeen = []);
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"][aria-label="Replay progress"]');
        const line = document.querySelector('section[aria-label="Replay"] p[aria-live]');
        if (!bar || !line) return;
        const entry = bar.getAttribute('aria-valuenow') + ' ' + line.textContent;
        if (seen[seen.length - 1] !== entry) seen.push(entry);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    })()`);
    await page.getByRole('button', { name: 'Run replay' }).click();
    const bar = page.getByRole('progressbar', { name: 'Replay progress' });
    await bar.waitFor();
    await page.getByText(/^equal: replayed /).waitFor();
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    // Progress first (waiting for the worker, or a projection i of n with its events), then the result.
    const seen = (await page.evaluate('globalThis.__replaySeen')) as string[];
    expect(seen[0]).toMatch(/^\d+ (Waiting for the worker…|Replaying \w+ \(\d+ of \d+\): \d+ of \d+ events)$/);
    expect(seen.at(-1)).toMatch(/^100 equal: replayed /);
    const results = page.getByRole('table', { name: 'Projections replayed' });
    const rows = results.getByRole('row');
    // A header and one row per projection, each equal.
    expect(await rows.count()).toBeGreaterThan(5);
    const cells = await results.locator('tbody tr td:last-child').allInnerTexts();
    expect(cells.length).toBe((await rows.count()) - 1);
    expect(new Set(cells)).toEqual(new Set(['equal']));
    await results.getByRole('cell', { name: /^catalog v\d+$/ }).waitFor();
    expect(await page.getByRole('table', { name: 'Differing rows' }).count()).toBe(0);

    // Opened again, the page shows the last replay.
    await page.reload();
    await page.getByText(/^equal: replayed /).waitFor();
  });
});
