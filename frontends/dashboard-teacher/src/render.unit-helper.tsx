import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SessionUser } from '@academy/contracts';
import { SessionClient, SessionProvider } from '@academy/web-session';

export const teacher: SessionUser = { id: 'u-t', email: 't@academy.test', fullName: 'Tendai Moyo', role: 'teacher', firstLoginCompleted: true };

/** Server-renders `ui` signed in as a teacher, with `data` (query key → answer) in the cache, so a page shows it without a request. */
export function render(ui: ReactNode, data: [readonly unknown[], unknown][] = [], location = '/dashboard/teacher') {
  const session = new SessionClient({ fetch: () => Promise.reject(new Error('no network in unit tests')) });
  Object.assign(session, { getState: () => ({ status: 'signed-in', user: teacher }) });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const [key, value] of data) queries.setQueryData(key, value);
  return renderToStaticMarkup(
    <StaticRouter location={location}>
      <SessionProvider client={session}>
        <QueryClientProvider client={queries}>{ui}</QueryClientProvider>
      </SessionProvider>
    </StaticRouter>,
  );
}

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

/** The figure of the StatCard titled `title`. */
export const figure = (html: string, title: string) => new RegExp(`data-testid="stat-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-value">([^<]*)<`).exec(html)?.[1];
export const rowOf = (html: string, needle: string) => [...html.matchAll(/<tr[^>]*>.*?<\/tr>/g)].map((m) => m[0]).find((row) => row.includes(needle)) ?? '';
export const cells = (row: string) => [...row.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => text(m[1]));
