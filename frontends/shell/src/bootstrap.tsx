import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from '@academy/ui';
import { SessionClient, SessionProvider } from '@academy/web-session';
import { App } from './app';
import { QueryProvider } from './query';
import './styles.css';

// One session for the page; the remotes read it through the shared @academy/web-session.
const session = new SessionClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <SessionProvider client={session}>
        <QueryProvider>
          <App />
          <Toaster position="top-right" />
        </QueryProvider>
      </SessionProvider>
    </BrowserRouter>
  </StrictMode>,
);
