import type { ReactNode } from 'react';
import type { SessionUser } from '@academy/contracts';
import { renderAs } from '@academy/web-dashboard/testing';

export { cells, figure, rowOf, text } from '@academy/web-dashboard/testing';

export const teacher: SessionUser = { id: 'u-t', email: 't@academy.test', fullName: 'Tendai Moyo', role: 'teacher', firstLoginCompleted: true };

/** Server-renders `ui` signed in as a teacher, with `data` (query key → answer) in the cache, so a page shows it without a request. */
export const render = (ui: ReactNode, data: [readonly unknown[], unknown][] = [], location = '/dashboard/teacher') => renderAs(teacher, ui, data, location);
