import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SessionUser } from '@academy/contracts';
import { SessionClient, SessionProvider, type SessionState } from '@academy/web-session';

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
