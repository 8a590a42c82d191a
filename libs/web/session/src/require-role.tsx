import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { Role } from '@academy/contracts';
import { Spinner } from '@academy/ui';
import { decideAccess } from './access';
import { useSession } from './session-provider';

/** Shows `children` only to a signed-in user of `role`; see decideAccess for where others go. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { status, user } = useSession();
  const decision = decideAccess({ loading: status === 'loading', user }, role);
  if (decision.kind === 'loading') return <Spinner className="min-h-svh" label="Loading your session…" />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
