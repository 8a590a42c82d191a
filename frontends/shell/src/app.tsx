import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { Role } from '@academy/contracts';
import { DASHBOARD_PATHS, RequireRole } from '@academy/web-session';
import { Splash } from './components/splash';
import { DASHBOARD_REMOTES } from './federation/dashboards';
import { RemoteRoute } from './federation/remote-route';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';

// Only the landing page is in the first page's JavaScript: the other screens (and the forms and Radix
// parts they use) load when visited (docs/benchmarks.md, landing).
const AuthPage = lazy(() => import('./pages/auth-page').then((m) => ({ default: m.AuthPage })));
const CompleteProfilePage = lazy(() => import('./pages/complete-profile-page').then((m) => ({ default: m.CompleteProfilePage })));
const SetupPage = lazy(() => import('./pages/setup-page').then((m) => ({ default: m.SetupPage })));
const VerifyCertificatePage = lazy(() => import('./pages/verify-certificate-page').then((m) => ({ default: m.VerifyCertificatePage })));
const VerifyEmailPage = lazy(() => import('./pages/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })));

function dashboardRoute(role: Role, notFound: ReactNode) {
  return (
    <Route
      key={role}
      path={`${DASHBOARD_PATHS[role]}/*`}
      element={
        // The guard comes first: a visitor without the role never downloads the remote.
        <RequireRole role={role}>
          <RemoteRoute id={DASHBOARD_REMOTES[role]} notFound={notFound} />
        </RequireRole>
      }
    />
  );
}

export function App() {
  const notFound = <NotFoundPage />;
  return (
    <Suspense fallback={<Splash />}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/auth/verify" element={<VerifyEmailPage />} />
        <Route path="/setup" element={<SetupPage />} />
        <Route path="/verify/:code" element={<VerifyCertificatePage />} />
        <Route path="/complete-profile" element={<CompleteProfilePage />} />
        {(Object.keys(DASHBOARD_REMOTES) as Role[]).map((role) => dashboardRoute(role, notFound))}
        <Route path="*" element={notFound} />
      </Routes>
    </Suspense>
  );
}
