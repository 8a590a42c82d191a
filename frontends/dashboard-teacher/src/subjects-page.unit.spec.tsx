import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MySubjectsResponse, Subject } from '@academy/contracts';
import { catalogKeys } from '@academy/web-dashboard';
import { SessionClient, SessionProvider } from '@academy/web-session';
import { SubjectsPage, manageContentPath } from './subjects-page';

function render(answer?: MySubjectsResponse) {
  const session = new SessionClient({ fetch: () => Promise.reject(new Error('no network in unit tests')) });
  Object.assign(session, { getState: () => ({ status: 'signed-in', user: { id: 'u-t', email: 't@academy.test', fullName: 'Tendai Moyo', role: 'teacher', firstLoginCompleted: true } }) });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (answer) queries.setQueryData(catalogKeys.mySubjects, answer);
  return renderToStaticMarkup(
    <StaticRouter location="/dashboard/teacher/subjects">
      <SessionProvider client={session}>
        <QueryClientProvider client={queries}>
          <SubjectsPage />
        </QueryClientProvider>
      </SessionProvider>
    </StaticRouter>,
  );
}
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

const html5: Subject = { id: 's-html', name: 'HTML & CSS', programId: 'p-web', programName: 'Web Development', programType: 'evening', weekNumber: 3, description: 'Semantic markup', createdAt: '2026-11-03T09:00:00.000Z' };
const sql: Subject = { id: 's-sql', name: 'SQL', programId: 'p-data', programName: 'Data Analytics', programType: 'daytime', weekNumber: null, description: '', createdAt: '2026-11-03T09:00:00.000Z' };

describe('teacher My Subjects', () => {
  it('shows a card per subject: program type, name, program, week, description and Manage Content to its weeks', () => {
    const html = render({ subjects: [html5, sql] });
    expect(/<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]).toBe('My Subjects');
    const cards = [...html.matchAll(/<div[^>]*role="article"[^>]*>.*?<\/a><\/div><\/div>/g)].map((m) => text(m[0]));
    expect(cards).toEqual(['Evening HTML & CSS Web Development Week 3 Semantic markup Manage Content', 'Daytime SQL Data Analytics No week set Manage Content']);
    expect(manageContentPath('s-html')).toBe('/dashboard/teacher/weeks?subject=s-html');
    expect(html).toMatch(/<a[^>]*aria-label="Manage Content of HTML &amp; CSS"[^>]*href="\/dashboard\/teacher\/weeks\?subject=s-html"/);
  });

  it('says No Subjects Assigned when there is none', () => {
    expect(text(render({ subjects: [] }))).toContain('No Subjects Assigned');
    expect(render()).toContain('Loading your subjects…');
  });
});
