import type { ReactNode } from 'react';
import type { SessionUser } from '@academy/contracts';
import { renderAs } from '@academy/web-dashboard/testing';

export { cells, figure, rowOf, text } from '@academy/web-dashboard/testing';

export const student: SessionUser = { id: 'u-s', email: 's@academy.test', fullName: 'Lerato Mokoena', role: 'student', firstLoginCompleted: true };

/** Server-renders `ui` signed in as a student, with `data` (query key → answer) in the cache, so a page shows it without a request. */
export const render = (ui: ReactNode, data: [readonly unknown[], unknown][] = [], location = '/dashboard/student') => renderAs(student, ui, data, location);
