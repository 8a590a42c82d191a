import { BrowserRouter } from 'react-router-dom';
import { Toaster } from '@academy/ui';
import { SessionClient, SessionProvider } from '@academy/web-session';
import { App } from './app';
import { QueryProvider } from './query';

// One session for the page; the remotes read it through the shared @academy/web-session.
const session = new SessionClient();

/** Every route of the shell with the router, the session, the query cache and the toasts. */
export default function FullApp() {
  return (
    <BrowserRouter>
      <SessionProvider client={session}>
        <QueryProvider>
          <App />
          <Toaster />
        </QueryProvider>
      </SessionProvider>
    </BrowserRouter>
  );
}
