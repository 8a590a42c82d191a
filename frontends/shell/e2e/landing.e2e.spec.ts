// The public landing page in Chromium against the built shell, API and worker (issue 7): location
// pricing decided by the server from the trusted proxy header (configured as cf-ipcountry, set on the
// page's requests the way a CDN would) or, without it, from the IP database (127.0.0.1 is in none:
// the lookup fails); the syllabus dialog; Enroll Now; the application form and Quick Contact with
// their spec texts; a 360 px wide screen; axe-core's serious and critical rules.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { type BrowserSession, launchBrowser, type RunningApi, startApi, startSmtpCatcher, type TestSmtpCatcher, type TrackedPage, waitForToast } from '@academy/testing';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

describe('the landing page in a browser', () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  let browser: BrowserSession;
  const pages: TrackedPage[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    [api, browser] = await Promise.all([startApi({ withWorker: true, env: { SMTP_URL: smtp.url, TRUSTED_COUNTRY_HEADER: 'cf-ipcountry' } }), launchBrowser()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    await smtp?.stop();
  });
  afterEach(() => {
    for (const p of pages.splice(0)) {
      // The API's CSP (helmet) let every script, style, image and request of the page through.
      expect(p.cspViolations).toEqual([]);
      expect(p.pageErrors).toEqual([]);
      void p.page.close();
    }
  });

  /** A fresh page; `country` is what the proxy would say (none: the server falls back to the IP database). */
  async function open(country?: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const tracked = await browser.newPage();
    pages.push(tracked);
    const { page } = tracked;
    await page.setViewportSize(viewport);
    if (country) await page.setExtraHTTPHeaders({ 'cf-ipcountry': country });
    await page.goto(`${api.url}/`);
    return page;
  }
  it('runs under a CSP that refuses an injected inline script, and the page reports the refusal', async () => {
    // Not in `pages`: this page's violation is the point, not a failure.
    const tracked = await browser.newPage();
    try {
      await tracked.page.goto(`${api.url}/`);
      await tracked.page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(tracked.cspViolations).toEqual([]);
      await tracked.page.evaluate(() => {
        // Runs in the page (this file is type-checked without the DOM library).
        const { document } = globalThis as unknown as { document: { createElement(tag: string): { textContent: string }; head: { append(node: unknown): void } } };
        const script = document.createElement('script');
        script.textContent = 'globalThis.injected = true';
        document.head.append(script);
      });
      for (let i = 0; i < 40 && !tracked.cspViolations.length; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await tracked.page.evaluate(() => (globalThis as { injected?: boolean }).injected)).toBeUndefined();
      expect(tracked.cspViolations.join('\n')).toMatch(/script-src/);
    } finally {
      await tracked.page.close();
    }
  });

  const status = (page: Page) => page.getByTestId('location-status');
  const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
  /** Rendered text of an element; sections below the fold are content-visibility: auto, so scroll to it first. */
  async function text(locator: ReturnType<Page['locator']>): Promise<string> {
    await locator.scrollIntoViewIfNeeded();
    // It is laid out on the next frames after coming into view.
    for (let i = 0; i < 40; i++) {
      const rendered = await locator.innerText();
      if (rendered.trim()) return rendered;
      await new Promise((r) => setTimeout(r, 50));
    }
    return locator.innerText();
  }
  const toast = waitForToast;
  async function stored(type: string): Promise<number> {
    const { rows } = await api.db.pool.query('SELECT count(*)::int AS n FROM event_store.events WHERE type = $1', [type]);
    return rows[0].n;
  }
  async function seriousAxeViolations(page: Page): Promise<string[]> {
    // Evaluated by the test (devtools protocol), not added as a <script>: the page's CSP refuses inline scripts.
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      // Runs in the page (this file is type-checked without the DOM library).
      const page = globalThis as unknown as { document: unknown; axe: { run(ctx: unknown, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } };
      const result = await page.axe.run(page.document, { resultTypes: ['violations'] });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
    });
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.targets.slice(0, 3).join(', ')}`);
  }

  it('is prerendered: `/` carries the page in its HTML, readable without JavaScript, and the app takes that markup over instead of drawing it again (issue 18 §3)', async () => {
    const res = await fetch(`${api.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<div id="root" data-prerendered="landing">');
    expect(html).toContain('>Launch your career in tech</h1>');
    expect(html).toMatch(/<link [^>]*rel="icon"/); // else the browser asks for /favicon.ico: a 404 on every visit
    // Every other path is the app with its splash.
    const app = await (await fetch(`${api.url}/auth`)).text();
    expect(app).toContain('data-testid="splash"');
    expect(app).not.toContain('data-prerendered');

    // Without JavaScript: the page is there, its sections and the Login link.
    const noScript = await browser.newPage();
    pages.push(noScript);
    const cdp = await browser.context.newCDPSession(noScript.page);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    await noScript.page.goto(`${api.url}/`);
    expect(await noScript.page.getByRole('heading', { level: 1 }).innerText()).toBe('Launch your career in tech');
    expect(await noScript.page.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
    expect(await noScript.page.locator('section h2').count()).toBeGreaterThanOrEqual(5);

    // With JavaScript: hydrated. Nothing of the server's markup is removed (a fresh render would
    // replace #root's children), and the page answers clicks (the theme toggle).
    const tracked = await browser.newPage();
    pages.push(tracked);
    const { page } = tracked;
    await page.addInitScript(() => {
      // Runs in the page before its HTML is parsed (this file is type-checked without the DOM library).
      const w = globalThis as unknown as { MutationObserver: new (cb: (records: { removedNodes: { nodeName: string }[] }[]) => void) => { observe(node: unknown, o: object): void }; document: unknown; landingNodesRemoved: string[] };
      w.landingNodesRemoved = [];
      new w.MutationObserver((records) => {
        for (const r of records) for (const n of r.removedNodes) if (n.nodeName === 'HEADER' || n.nodeName === 'MAIN' || n.nodeName === 'SECTION') w.landingNodesRemoved.push(n.nodeName);
      }).observe(w.document, { childList: true, subtree: true });
    });
    await page.goto(`${api.url}/`);
    await status(page).waitFor(); // the catalogue arrived and rendered after hydration
    const dark = () => page.evaluate(() => (globalThis as unknown as { document: { documentElement: { classList: { contains(c: string): boolean } } } }).document.documentElement.classList.contains('dark'));
    const before = await dark();
    await page.getByRole('button', { name: 'Dark theme' }).click();
    expect(await dark()).toBe(!before);
    expect(await page.evaluate(() => (globalThis as unknown as { landingNodesRemoved: string[] }).landingNodesRemoved)).toEqual([]);
  });

  it('shows "Detecting location..." until the server answers, then USD prices with the flag and the note for a visitor from ZW', async () => {
    const tracked = await browser.newPage();
    pages.push(tracked);
    const { page } = tracked;
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'ZW' });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/public/courses', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${api.url}/`);
    await page.getByText('Detecting location...').waitFor();
    release();
    await status(page).getByText('Prices shown in USD').waitFor();
    expect(await status(page).getByRole('img').getAttribute('aria-label')).toBe('Flag of ZW');
    expect(await status(page).locator('[data-country="ZW"] svg').count()).toBe(1);
    await status(page).getByText('1 USD = R17.5').waitFor();
    expect(await page.getByText('Detecting location...').count()).toBe(0);
    // R3,625.50 / month and R19,995 upfront at R17.5 to the dollar, whole dollars.
    const software = card(page, 'Software Engineering').getByTestId('course-price');
    expect(await text(software)).toMatch(/\$207\/month\s+or \$1,143 upfront/);
    expect(await text(card(page, 'Evening Front-End Web Development').getByTestId('course-price'))).toMatch(/\$229\/month for 6 months\s+or \$1,371 upfront/);
    expect(await text(page.getByTestId('plan-standard'))).toContain('$207');
    const prices = await page.locator('[data-testid="course-price"], [data-testid^="plan-"]').allTextContents();
    expect(prices).toHaveLength(16);
    for (const price of prices) expect(price).not.toMatch(/R\d/);
    expect(await text(page.getByTestId('footer-contact'))).toContain('Harare, Zimbabwe');
  });

  it('shows rand, the ZA flag and the ZA contact details to a visitor from ZA; six evening programmes and seven full-time courses', async () => {
    const page = await open('ZA');
    await status(page).getByText('Prices shown in ZAR').waitFor();
    expect(await status(page).getByRole('img', { name: 'Flag of ZA' }).locator('svg').count()).toBe(1);
    expect(await status(page).innerText()).not.toContain('1 USD');
    expect(await text(card(page, 'Software Engineering').getByTestId('course-price'))).toMatch(/R3,625\.50\/month\s+or R19,995 upfront/);
    expect(await text(card(page, 'IT Support').getByTestId('course-price'))).toMatch(/R2,550\.05\/month\s+or R14,000 upfront/);
    expect(await page.getByRole('region', { name: 'Evening Programmes' }).getByRole('article').count()).toBe(6);
    expect(await page.getByRole('region', { name: 'Full-Time Courses' }).getByRole('article').count()).toBe(7);
    expect(await text(page.getByTestId('plan-premium-plus'))).toMatch(/R5,599\/month\s+or R30,000 upfront/);
    expect(await text(page.getByTestId('plan-standard'))).toContain('Most Popular');
    expect(await text(page.getByTestId('footer-contact'))).toContain('Johannesburg, South Africa');
    expect(await text(page.getByTestId('support-hours'))).toMatch(/Mon-Fri\s+8:00-18:00\s+Sat\s+9:00-14:00/);
    // Hero: the Login link and the four anchors, each leading to its section.
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
    for (const id of ['courses', 'about', 'pricing', 'contact']) {
      expect(await nav.locator(`a[href="#${id}"]`).count()).toBe(1);
      expect(await page.locator(`section#${id}`).count()).toBe(1);
    }
  });

  it('falls back to ZA and rand with "Unable to determine location" when the lookup fails', async () => {
    const page = await open();
    await status(page).getByText('Prices shown in ZAR').waitFor();
    await status(page).getByText('Unable to determine location').waitFor();
    expect(await status(page).getByRole('img', { name: 'Flag of ZA' }).locator('svg').count()).toBe(1);
    expect(await text(card(page, 'Introduction to Tech').getByTestId('course-price'))).toMatch(/R5,399\/month\s+or R15,000 upfront/);
  });

  it('draws course icons, flags and the syllabus image as SVG: no emoji in them (issue 18 §5)', async () => {
    // Emoji and regional-indicator flags need a colour-emoji font, which many lab machines lack.
    const emoji = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
    for (const country of ['ZA', 'ZW']) {
      const page = await open(country);
      await status(page).getByRole('img', { name: `Flag of ${country}` }).locator('svg').waitFor();
      expect(await status(page).innerText()).not.toMatch(emoji);
      const cards = page.locator('article[data-testid^="course-"]');
      expect(await cards.count()).toBe(13);
      // Every card's heading starts with its icon drawn in SVG, and no card says anything in emoji.
      expect(await cards.locator('h4 > svg[data-icon]').count()).toBe(13);
      for (const t of await cards.allTextContents()) expect(t).not.toMatch(emoji);
    }
    const page = await open('ZA');
    await page.getByRole('button', { name: 'View Syllabus: Software Engineering' }).click();
    const dialog = page.getByRole('dialog', { name: 'Software Engineering' });
    await dialog.locator('h2 > svg[data-icon]').waitFor();
    expect(await dialog.textContent()).not.toMatch(emoji);
    const image = dialog.getByRole('img', { name: 'Software Engineering' });
    expect(await image.getAttribute('alt')).not.toMatch(emoji);
    // The banner itself: the icon is drawn (paths), no <text> needs an emoji font.
    const svg = await (await fetch(new URL((await image.getAttribute('src'))!, api.url))).text();
    expect(svg).not.toMatch(emoji);
    expect(svg).toMatch(/<g transform="translate\(40 40\) scale\(4\)"[^>]*stroke="currentColor"[^>]*><path d="/);
  });

  it('opens a syllabus from the keyboard with every field, and Escape gives the focus back', async () => {
    const page = await open('ZA');
    const button = page.getByRole('button', { name: 'View Syllabus: Software Engineering' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Software Engineering' });
    await dialog.waitFor();
    for (const heading of ['Duration', 'Audience', 'Accreditation']) await dialog.getByText(heading, { exact: true }).waitFor();
    for (const heading of ['What You Will Learn', 'Weekly Outline', 'Outcomes', 'Certification']) await dialog.getByRole('heading', { name: heading }).waitFor();
    await dialog.getByText('Week 24').waitFor();
    expect(await dialog.getByText('Project', { exact: true }).count()).toBe(6);
    await dialog.getByText('Academy Diploma in Software Engineering').waitFor();
    const image = dialog.getByRole('img', { name: /Software Engineering/ });
    await page.waitForFunction((el) => (el as unknown as { complete: boolean; naturalWidth: number }).complete && (el as unknown as { naturalWidth: number }).naturalWidth > 0, await image.elementHandle());
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await button.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement)).toBe(true);
    // The evening programmes call it Learn More.
    await page.getByRole('button', { name: 'Learn More: Evening IT Support' }).click();
    await page.getByRole('dialog', { name: 'Evening IT Support' }).getByText('Week 20').waitFor();
  });

  it('Enroll Now scrolls to the application form with the course chosen; bad input gets the messages and stores nothing', async () => {
    const page = await open('ZA');
    await card(page, 'Web Development for Marketers').getByRole('button', { name: /^Enroll Now/ }).click();
    const form = page.getByRole('form', { name: 'Application Form' });
    await form.waitFor();
    await page.waitForFunction(() => {
      const g = globalThis as unknown as { innerHeight: number; document: { getElementById(id: string): { getBoundingClientRect(): { top: number } } | null } };
      return (g.document.getElementById('contact')?.getBoundingClientRect().top ?? Infinity) < g.innerHeight;
    });
    await page.waitForFunction(() => (globalThis as unknown as { document: { activeElement: { autocomplete?: string } | null } }).document.activeElement?.autocomplete === 'given-name');
    expect(await form.getByLabel('Course').inputValue()).toBe('Web Development');
    await card(page, 'CodeStars (ages 8-17)').getByRole('button', { name: /^Enroll Now/ }).click();
    await page.waitForFunction(() => (globalThis as unknown as { document: { querySelector(s: string): { value: string } | null } }).document.querySelector('select')?.value === 'CodeStars (Under 18)');
    expect(await form.getByLabel('Phone').getAttribute('placeholder')).toBe('+27 XX XXX XXXX');

    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/public/applications') && posts.push(r.url()));
    await form.getByLabel('Course').selectOption({ label: 'Select a course' });
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Submit Application' }).click();
    for (const message of ['First name is required', 'Last name is required', 'Enter a valid email address', 'Phone is required', 'Choose a course', 'Message is required']) {
      await form.getByText(message, { exact: true }).waitFor();
    }
    expect(await form.getByLabel('Email').inputValue()).toBe('not-an-email');
    expect(await form.getByLabel('First Name').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);
    expect(await stored('ApplicationSubmitted')).toBe(0);
  });

  it('submits an application: "Submitting...", the success texts, the form clears, one application is stored', async () => {
    const page = await open('ZA');
    await card(page, 'Software Engineering').getByRole('button', { name: /^Enroll Now/ }).click();
    const form = page.getByRole('form', { name: 'Application Form' });
    await form.getByLabel('First Name').fill('Nomsa');
    await form.getByLabel('Last Name').fill('Dlamini');
    await form.getByLabel('Email').fill(`nomsa.${Date.now()}@example.com`);
    await form.getByLabel('Phone').fill('+27 82 123 4567');
    await form.getByLabel('Message').fill('I would like to start in the next intake.');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/public/applications', async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole('button', { name: 'Submit Application' }).click();
    const busy = form.getByRole('button', { name: 'Submitting...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await toast(page, 'Application submitted!');
    await toast(page, 'Our admissions team will contact you soon.');
    await form.getByRole('button', { name: 'Submit Application' }).waitFor();
    for (const field of ['First Name', 'Last Name', 'Email', 'Phone', 'Message']) expect(await form.getByLabel(field).inputValue()).toBe('');
    expect(await form.getByLabel('Course').inputValue()).toBe('');
    expect(await stored('ApplicationSubmitted')).toBe(1);
  });

  it('a failed submission shows the failure texts and keeps what was typed', async () => {
    const page = await open('ZA');
    await page.route('**/api/public/applications', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
    await page.locator('#contact').scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Application Form' });
    await form.getByLabel('First Name').fill('Farai');
    await form.getByLabel('Last Name').fill('Moyo');
    await form.getByLabel('Email').fill('farai@example.com');
    await form.getByLabel('Phone').fill('+263 77 123 4567');
    await form.getByLabel('Course').selectOption('IT Support');
    await form.getByLabel('Message').fill('Evening classes?');
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await toast(page, 'Failed to submit application. Please try again.');
    expect(await form.getByLabel('First Name').inputValue()).toBe('Farai');
    expect(await form.getByLabel('Course').inputValue()).toBe('IT Support');
  });

  it('a rate-limited submission says so, under the button and in the toast', async () => {
    const page = await open('ZA');
    // The API's per-IP limit (admissions' integration tests drive the real one) answers 429.
    await page.route('**/api/public/quick-contacts', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'Too many requests' }) }),
    );
    await page.getByRole('button', { name: 'Quick Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quick Contact' });
    await dialog.getByLabel('Name').fill('Rudo');
    await dialog.getByLabel('Email').fill('rudo@example.com');
    await dialog.getByLabel('Message').fill('Hello');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Too many messages from your network. Please wait a few minutes and try again.' }).waitFor();
    await toast(page, 'Too many messages from your network.');
    expect(await dialog.getByLabel('Message').inputValue()).toBe('Hello');
  });

  it('Quick Contact: messages for bad input, "Sending...", then "Message sent!" and the dialog closes', async () => {
    const page = await open('ZA');
    await page.getByRole('button', { name: 'Quick Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quick Contact' });
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    for (const message of ['Name is required', 'Email is required', 'Message is required']) await dialog.getByText(message, { exact: true }).waitFor();
    expect(await stored('QuickContactReceived')).toBe(0);
    await dialog.getByLabel('Name').fill('Tendai');
    await dialog.getByLabel('Email').fill(`tendai.${Date.now()}@example.com`);
    await dialog.getByLabel('Message').fill('Do you offer weekend classes?');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/public/quick-contacts', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    expect(await dialog.getByRole('button', { name: 'Sending...' }).isDisabled()).toBe(true);
    release();
    await toast(page, 'Message sent!');
    await toast(page, "We'll get back to you soon.");
    await dialog.waitFor({ state: 'detached' });
    expect(await stored('QuickContactReceived')).toBe(1);
  });

  it('fits a 360 px wide screen without horizontal scrolling', async () => {
    const page = await open('ZW', { width: 360, height: 740 });
    await status(page).getByText('Prices shown in USD').waitFor();
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await page.getByRole('form', { name: 'Application Form' }).waitFor();
    await page.getByRole('button', { name: 'Quick Contact' }).waitFor();
    const widths = await page.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return { scroll: root.scrollWidth, client: root.clientWidth };
    });
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(widths.client).toBeLessThanOrEqual(360);
  });

  it('has no serious or critical axe violations, with the form loaded and with a dialog open', async () => {
    const page = await open('ZA');
    await status(page).getByText('Prices shown in ZAR').waitFor();
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await page.getByRole('form', { name: 'Application Form' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'View Syllabus: Web Development', exact: true }).click();
    await page.getByRole('dialog', { name: 'Web Development' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
