import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/** A page that records what went wrong in it, for assertions and for failure messages. */
export interface TrackedPage {
  page: Page;
  /** Text of every console.error message. */
  consoleErrors: string[];
  /** Uncaught exceptions and unhandled rejections. */
  pageErrors: string[];
  /** URL of every request the page made, in order. */
  requests: string[];
  /**
   * Every Content Security Policy violation the page reported (its securitypolicyviolation events and
   * Chromium's "Refused to …" console errors). Each is also a page error: a test that expects none
   * of those expects the CSP to let the shell and its remotes load.
   */
  cspViolations: string[];
}

export interface BrowserSession {
  context: BrowserContext;
  newPage(): Promise<TrackedPage>;
  close(): Promise<void>;
}

/** What the browser's "machine" says: its time zone (IANA, e.g. Africa/Johannesburg) and its light or dark setting. */
export interface BrowserOptions {
  timezoneId?: string;
  colorScheme?: 'light' | 'dark';
}

/**
 * Debian's Chromium (apt), headless, through playwright-core: nothing is downloaded. A persistent
 * context is the way to give it a profile directory (a --user-data-dir argument is refused).
 */
export async function launchBrowser(options: BrowserOptions = {}): Promise<BrowserSession> {
  // Loaded here, not at import time: most users of @academy/testing never start a browser.
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(path.join(tmpdir(), 'academy-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      ...options,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  } catch (e) {
    rmSync(profile, { recursive: true, force: true });
    throw e;
  }
  // Fail a step within the test's time, with playwright's message, not jest's bare timeout.
  context.setDefaultTimeout(10_000);
  return {
    context,
    async newPage() {
      const page = await context.newPage();
      const tracked: TrackedPage = { page, consoleErrors: [], pageErrors: [], requests: [], cspViolations: [] };
      // Before any script of the page: report each violation on the console, where it is caught below.
      await page.addInitScript(() => {
        // Runs in the page (this file is type-checked without the DOM library).
        type Violation = { effectiveDirective: string; blockedURI: string; sourceFile: string; lineNumber: number };
        const { document } = globalThis as unknown as { document: { addEventListener(type: string, listener: (e: Violation) => void): void } };
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`[csp-violation] ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile || 'page'}:${e.lineNumber})`);
        });
      });
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        const text = m.text();
        tracked.consoleErrors.push(text);
        if (text.startsWith('[csp-violation]') || text.includes('Content Security Policy')) {
          tracked.cspViolations.push(text);
          tracked.pageErrors.push(`CSP: ${text}`);
        }
      });
      page.on('pageerror', (e) => tracked.pageErrors.push(`${e.name}: ${e.message}`));
      page.on('request', (r) => tracked.requests.push(r.url()));
      return tracked;
    },
    async close() {
      try {
        await context.close();
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Waits for a sonner toast containing `text` (within `timeout`, default the context's). When it does not
 * come, the error names the toasts that are shown instead (an error toast says why) and the page's URL.
 */
export async function waitForToast(page: Page, text: string, timeout?: number): Promise<void> {
  const toasts = page.locator('[data-sonner-toast]');
  try {
    await toasts.filter({ hasText: text }).first().waitFor({ timeout });
  } catch (error) {
    const shown = await toasts.allInnerTexts().catch(() => [] as string[]);
    const seen = shown.length ? shown.map((t) => JSON.stringify(t.replace(/\s+/g, ' ').trim())).join(', ') : 'none';
    throw new Error(`no toast "${text}" on ${page.url()}; toasts shown: ${seen}\n${(error as Error).message}`);
  }
}

/**
 * Sets the API's readable session hint cookie in `page` before its scripts run, as a sign-in would:
 * for tests that answer POST /api/auth/refresh themselves. Without it the shell knows there is no
 * refresh cookie and asks for no refresh.
 */
export async function withSessionHint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (globalThis as unknown as { document: { cookie: string } }).document.cookie = 'academy_session=1; path=/; SameSite=Strict';
  });
}

/** The value element of the dashboard StatCard titled `title`. */
export const statFigure = (page: Page, title: string) => page.getByRole('group', { name: title }).getByTestId(`stat-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-value`);

/** Signs in through the Login tab of `<baseUrl>/auth` and waits for the welcome toast. */
export async function signInThroughUi(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Sign In' }).click();
  await waitForToast(page, 'Welcome back!');
}

/** Follows an entry of the dashboard's menu and waits for its page's heading. */
export async function openDashboardMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole('navigation', { name: /menu$/ }).getByRole('link', { name: entry, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: entry, exact: true }).waitFor();
}
