import type { ReactNode } from 'react';
import type { SessionUser } from '@academy/contracts';
import { renderAs } from '@academy/web-dashboard/testing';

export { cells, headers, rowOf, text } from '@academy/web-dashboard/testing';

export const admin: SessionUser = { id: 'u-admin', email: 'admin@academy.test', fullName: 'Ada Admin', role: 'admin', firstLoginCompleted: true };

/** Server-renders `ui` signed in as `user` (the admin by default), with `data` (query key → answer) in the cache. */
export function render(ui: ReactNode, data: [readonly unknown[], unknown][] = [], { user = admin, location = '/dashboard/admin' }: { user?: SessionUser; location?: string } = {}) {
  return renderAs(user, ui, data, location);
}
