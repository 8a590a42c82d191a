// Unit-test rendering for the dashboards (@academy/web-dashboard/testing): never imported by app code.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SessionUser } from '@academy/contracts';
import { DASHBOARD_PATHS, SessionClient, SessionProvider, type SessionState } from '@academy/web-session';

/**
 * Server-renders `ui` as a dashboard page sees it: a router at `location`, a session of `user`, and
 * a query cache holding `data` (key → answer), so a page shows its data without a request.
 */
export function renderPage(ui: ReactNode, { user = null, data = [], location = '/' }: { user?: SessionUser | null; data?: [readonly unknown[], unknown][]; location?: string } = {}): string {
  const client = new SessionClient({ fetch: () => Promise.reject(new Error('no network in unit tests')) });
  const state: SessionState = user ? { status: 'signed-in', user } : { status: 'signed-out', user: null };
  Object.assign(client, { getState: () => state });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const [key, value] of data) queries.setQueryData(key, value);
  return renderToStaticMarkup(
    <StaticRouter location={location}>
      <SessionProvider client={client}>
        <QueryClientProvider client={queries}>{ui}</QueryClientProvider>
      </SessionProvider>
    </StaticRouter>,
  );
}

/** Server-renders `ui` signed in as `user` (the remotes' unit tests: one role each). */
export function renderAs(user: SessionUser, ui: ReactNode, data: [readonly unknown[], unknown][] = [], location = '/'): string {
  return renderPage(ui, { user, data, location });
}

/** The signed-in user of each remote's unit tests. */
export const TEST_USERS = {
  admin: { id: 'u-admin', email: 'admin@academy.test', fullName: 'Ada Admin', role: 'admin', firstLoginCompleted: true },
  student: { id: 'u-s', email: 's@academy.test', fullName: 'Lerato Mokoena', role: 'student', firstLoginCompleted: true },
  teacher: { id: 'u-t', email: 't@academy.test', fullName: 'Tendai Moyo', role: 'teacher', firstLoginCompleted: true },
} satisfies Record<string, SessionUser>;

/** The `render` of one remote's unit tests: `ui` signed in as its role's test user, `data` in the cache, at its dashboard unless `location` says otherwise. */
export const rendererFor =
  (role: keyof typeof TEST_USERS) =>
  (ui: ReactNode, data: [readonly unknown[], unknown][] = [], location: string = DASHBOARD_PATHS[role]) =>
    renderAs(TEST_USERS[role], ui, data, location);

/** The text of `html` without tags, entities decoded (enough for assertions). */
export const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

/** The first table row of `html` that contains `needle`, its cells' texts, and the header cells' texts. */
export const rowOf = (html: string, needle: string) => [...html.matchAll(/<tr[^>]*>.*?<\/tr>/g)].map((m) => m[0]).find((row) => row.includes(needle)) ?? '';
export const cells = (row: string) => [...row.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => text(m[1]));
export const headers = (html: string) => [...html.matchAll(/<th[^>]*>(.*?)<\/th>/g)].map((m) => text(m[1]));

/** The figure of the StatCard titled `title`. */
export const figure = (html: string, title: string) => new RegExp(`data-testid="stat-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-value">([^<]*)<`).exec(html)?.[1];
