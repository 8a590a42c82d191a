import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { Role } from '@academy/contracts';
import { DASHBOARD_PATHS, RequireRole } from '@academy/web-session';
import { RemoteRoute } from './federation/remote-route';
import { AuthPage } from './pages/auth-page';
import { CompleteProfilePage } from './pages/complete-profile-page';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { SetupPage } from './pages/setup-page';
import { VerifyEmailPage } from './pages/verify-email-page';

/** Each role's remote (Module Federation name), mounted under its dashboard path. */
const DASHBOARD_REMOTES: Record<Role, string> = {
  student: 'dashboard_student/Module',
  teacher: 'dashboard_teacher/Module',
  admin: 'dashboard_admin/Module',
  student_admin: 'dashboard_student_admin/Module',
};

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
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/auth" element={<AuthPage />} />
      <Route path="/auth/verify" element={<VerifyEmailPage />} />
      <Route path="/setup" element={<SetupPage />} />
      <Route path="/complete-profile" element={<CompleteProfilePage />} />
      {(Object.keys(DASHBOARD_REMOTES) as Role[]).map((role) => dashboardRoute(role, notFound))}
      <Route path="*" element={notFound} />
    </Routes>
  );
}
