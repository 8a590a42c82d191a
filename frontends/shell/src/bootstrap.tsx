import './zod-jitless';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startTheme } from '@academy/ui';
import { Splash } from './components/splash';
import { LandingPage } from './pages/landing/landing-page';
import './styles.css';

// A visitor who opens the landing page gets it alone: no router, session, query cache or toasts
// (react-router alone is ~60 KB gzip, shared whole through Module Federation). Its links to /auth are
// plain page loads, which start the full app; inside the full app `/` renders the same page.
const FullApp = lazy(() => import('./full-app'));

// Light or dark before the first render (the OS setting, or the reader's remembered choice).
startTheme();

// A page load under a dashboard: its remote downloads beside the app's code and the session refresh.
if (window.location.pathname.startsWith('/dashboard/')) void import('./federation/dashboards').then((d) => d.prefetchDashboardForPath(window.location.pathname));

const root = document.getElementById('root')!;
if (window.location.pathname === '/' && root.dataset.prerendered === 'landing') {
  // The server sent the landing page's markup (dist/landing.html, rendered at build time by
  // src/prerender.tsx from the same element): React takes it over instead of drawing it again.
  hydrateRoot(
    root,
    <StrictMode>
      <LandingPage standalone />
    </StrictMode>,
  );
} else {
  createRoot(root).render(
    <StrictMode>
      {window.location.pathname === '/' ? (
        <LandingPage standalone />
      ) : (
        <Suspense fallback={<Splash />}>
          <FullApp />
        </Suspense>
      )}
    </StrictMode>,
  );
}
