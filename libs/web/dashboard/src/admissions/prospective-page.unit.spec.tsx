import { describe, expect, it } from '@jest/globals';
import { ADMISSIONS_MESSAGES, convertProspectAnswerSchema, prospectsQuerySchema, type Prospect, type SessionUser } from '@academy/contracts';
import { renderPage } from '../testing';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { admissionsKeys, prospectsUrl, refreshAdmissions, type ProspectFilter } from './api';
import { DEFAULT_PROSPECT_FILTER, isFiltered, prospectActions, prospectFilterParams, readProspectFilter } from './prospect-filters';
import { ProspectivePage } from './prospective-page';

const studentAdmin: SessionUser = { id: 'u-sa', email: 'nomsa@academy.test', fullName: 'Nomsa Dlamini', role: 'student_admin', firstLoginCompleted: true };

function prospect(overrides: Partial<Prospect> & Pick<Prospect, 'id' | 'firstName' | 'lastName' | 'email'>): Prospect {
  return {
    kind: 'application',
    name: `${overrides.firstName} ${overrides.lastName}`,
    phone: '+27 82 555 0199',
    courseInterest: 'Web Development',
    message: 'I would like to join the evening classes.',
    status: 'pending',
    appliedAt: '2026-11-20T08:30:00.000Z',
    statusChangedAt: null,
    statusChangedBy: null,
    studentId: null,
    version: 1,
    ...overrides,
  };
}

const thandi = prospect({ id: 'p1', firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.org' });
const farai = prospect({
  id: 'p2',
  firstName: 'Farai',
  lastName: 'Chikwanha',
  email: 'farai@example.org',
  phone: '+263 77 123 4567',
  courseInterest: 'IT Support',
  status: 'contacted',
  statusChangedAt: '2026-11-21T10:15:00.000Z',
  statusChangedBy: { id: 'u-sa', name: 'Nomsa Dlamini' },
  version: 2,
});
const lindiwe = prospect({
  id: 'p3',
  firstName: 'Lindiwe',
  lastName: 'Khumalo',
  email: 'lindiwe@example.org',
  status: 'converted',
  statusChangedAt: '2026-11-22T11:00:00.000Z',
  statusChangedBy: { id: 'u-admin', name: 'Ada Admin' },
  studentId: 'u-lindiwe',
  version: 2,
});
const bongani = prospect({ id: 'p4', firstName: 'Bongani', lastName: 'Mthembu', email: 'bongani@example.org', status: 'declined', statusChangedAt: '2026-11-22T12:00:00.000Z', statusChangedBy: { id: 'u-admin', name: 'Ada Admin' }, version: 2 });

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
const rowOf = (html: string, needle: string) => [...html.matchAll(/<tr[^>]*>.*?<\/tr>/g)].map((m) => m[0]).find((row) => row.includes(needle)) ?? '';
const cells = (row: string) => [...row.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => text(m[1]));
const headers = (html: string) => [...html.matchAll(/<th[^>]*>(.*?)<\/th>/g)].map((m) => text(m[1]));
const buttons = (row: string) => [...row.matchAll(/<button[^>]*aria-label="([^"]+)"/g)].map((m) => m[1]);

/** The page at `search` (the address' query) with `prospects` as the answer for the filter that address means. */
function renderAt(search: string, prospects: Prospect[] | undefined, title = 'Prospective') {
  const filter = readProspectFilter(new URLSearchParams(search));
  return renderPage(<ProspectivePage title={title} />, {
    user: studentAdmin,
    location: `/dashboard/student-admin/prospective${search ? `?${search}` : ''}`,
    data: prospects ? [[admissionsKeys.prospects(filter), { prospects }]] : [],
  });
}

describe('the Prospective filter in the address', () => {
  it('reads kind, status and search, and falls back to the defaults for unknown values', () => {
    expect(readProspectFilter(new URLSearchParams(''))).toEqual(DEFAULT_PROSPECT_FILTER);
    expect(readProspectFilter(new URLSearchParams('kind=quick_contact&status=contacted&q=web dev'))).toEqual({ kind: 'quick_contact', status: 'contacted', q: 'web dev' });
    expect(readProspectFilter(new URLSearchParams('kind=everything&status=archived'))).toEqual(DEFAULT_PROSPECT_FILTER);
    expect(readProspectFilter(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(prospectFilterParams(DEFAULT_PROSPECT_FILTER).toString()).toBe('');
    expect(prospectFilterParams({ kind: 'application', status: null, q: '   ' }).toString()).toBe('');
    const filter: ProspectFilter = { kind: 'quick_contact', status: 'declined', q: 'Thandi' };
    expect(prospectFilterParams(filter).toString()).toBe('kind=quick_contact&status=declined&q=Thandi');
    expect(readProspectFilter(prospectFilterParams(filter))).toEqual(filter);
    expect(isFiltered(DEFAULT_PROSPECT_FILTER)).toBe(false);
    expect(isFiltered({ ...DEFAULT_PROSPECT_FILTER, status: 'pending' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_PROSPECT_FILTER, q: 'nkosi' })).toBe(true);
  });

  it('asks the API with a query its own schema accepts: the kind always, status and trimmed search only when set', () => {
    expect(prospectsUrl(DEFAULT_PROSPECT_FILTER)).toBe('/api/admissions/prospects?kind=application');
    const url = prospectsUrl({ kind: 'application', status: 'pending', q: '  web dev ' });
    expect(url).toBe('/api/admissions/prospects?kind=application&status=pending&q=web+dev');
    const params = Object.fromEntries(new URL(url, 'http://x').searchParams);
    expect(prospectsQuerySchema.parse(params)).toEqual({ kind: 'application', status: 'pending', q: 'web dev' });
    // The same filter with other spacing is the same cache entry.
    expect(admissionsKeys.prospects({ kind: 'application', status: null, q: ' a ' })).toEqual(admissionsKeys.prospects({ kind: 'application', status: null, q: 'a' }));
  });
});

describe('what staff may do with a prospect', () => {
  it('pending: contact, decline or convert; contacted: decline or convert; converted and declined: nothing', () => {
    expect(prospectActions({ kind: 'application', status: 'pending' })).toEqual({ markContacted: true, decline: true, convert: true });
    expect(prospectActions({ kind: 'application', status: 'contacted' })).toEqual({ markContacted: false, decline: true, convert: true });
    expect(prospectActions({ kind: 'application', status: 'converted' })).toEqual({ markContacted: false, decline: false, convert: false });
    expect(prospectActions({ kind: 'application', status: 'declined' })).toEqual({ markContacted: false, decline: false, convert: false });
  });

  it('never converts a quick-contact message (it has no phone or course to make an account from)', () => {
    expect(prospectActions({ kind: 'quick_contact', status: 'pending' })).toEqual({ markContacted: true, decline: true, convert: false });
    expect(prospectActions({ kind: 'quick_contact', status: 'contacted' })).toEqual({ markContacted: false, decline: true, convert: false });
  });
});

describe('ProspectivePage', () => {
  it("shows the spec's columns, then the message and actions; a row per application with its applied date", () => {
    const html = renderAt('', [thandi, farai, lindiwe, bongani]);
    expect(/<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]).toBe('Prospective');
    expect(html).toMatch(/<table[^>]*aria-label="Applications"/);
    expect(headers(html)).toEqual(['Name', 'Email', 'Phone', 'Course Interest', 'Status', 'Applied', 'Message', 'Actions']);
    expect(cells(rowOf(html, 'thandi@example.org')).slice(0, 7)).toEqual([
      'Thandi Nkosi',
      'thandi@example.org',
      '+27 82 555 0199',
      'Web Development',
      'Pending',
      '20 Nov 2026',
      'I would like to join the evening classes.',
    ]);
    // Who moved it last, and when.
    expect(cells(rowOf(html, 'farai@example.org'))[4]).toBe('Contacted by Nomsa Dlamini · 21 Nov 2026, 10:15');
  });

  it('offers per row only what its status allows: a converted or declined applicant has no Convert action; every row can be erased', () => {
    const html = renderAt('', [thandi, farai, lindiwe, bongani]);
    expect(buttons(rowOf(html, 'thandi@example.org'))).toEqual(['Convert Thandi Nkosi to student', 'Mark Thandi Nkosi as contacted', 'Decline Thandi Nkosi', 'Erase Thandi Nkosi']);
    expect(buttons(rowOf(html, 'farai@example.org'))).toEqual(['Convert Farai Chikwanha to student', 'Decline Farai Chikwanha', 'Erase Farai Chikwanha']);
    expect(buttons(rowOf(html, 'lindiwe@example.org'))).toEqual(['Erase Lindiwe Khumalo']);
    expect(text(rowOf(html, 'lindiwe@example.org'))).toContain('Student account created');
    expect(buttons(rowOf(html, 'bongani@example.org'))).toEqual(['Erase Bongani Mthembu']);
    expect(text(rowOf(html, 'bongani@example.org'))).toMatch(/Declined by Ada Admin .* Closed Erase applicant$/);
  });

  it('shows the filter the address holds: kind, status and the search text', () => {
    const html = renderAt('status=contacted&q=farai', [farai]);
    const selected = [...html.matchAll(/<option value="([^"]*)" selected="">/g)].map((m) => m[1]);
    expect(selected).toEqual(['application', 'contacted']);
    expect(html).toMatch(/<input[^>]*type="search"[^>]*value="farai"/);
    expect(html).toMatch(/<div role="search"[^>]*aria-label="Filter prospects"/);
    expect([...html.matchAll(/<label[^>]*>([^<]+)<\/label>/g)].map((m) => m[1])).toEqual(['Show', 'Status', 'Search']);
    // Every status can be chosen, or all of them.
    expect([...html.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1])).toEqual(['application', 'quick_contact', '', 'pending', 'contacted', 'converted', 'declined']);
    expect(rowOf(html, 'farai@example.org')).not.toBe('');
  });

  it('lists quick-contact messages without a phone, course or Convert action', () => {
    const message = prospect({ id: 'q1', kind: 'quick_contact', name: 'Sizwe', firstName: '', lastName: '', email: 'sizwe@example.org', phone: '', courseInterest: null, message: 'Do you teach on Saturdays?' });
    const html = renderAt('kind=quick_contact', [message]);
    expect(html).toMatch(/<table[^>]*aria-label="Quick contact messages"/);
    expect(headers(html)[5]).toBe('Received');
    expect(cells(rowOf(html, 'sizwe@example.org')).slice(0, 7)).toEqual(['Sizwe', 'sizwe@example.org', '—', '—', 'Pending', '20 Nov 2026', 'Do you teach on Saturdays?']);
    expect(buttons(rowOf(html, 'sizwe@example.org'))).toEqual(['Mark Sizwe as contacted', 'Decline Sizwe', 'Erase Sizwe']);
  });

  it('says there is nothing yet, or that nothing matches the filter; a spinner while the list is read', () => {
    expect(text(renderAt('', []))).toContain(ADMISSIONS_MESSAGES.noProspects);
    expect(text(renderAt('status=declined', []))).toContain(ADMISSIONS_MESSAGES.noMatches);
    expect(text(renderAt('q=nobody', []))).toContain(ADMISSIONS_MESSAGES.noMatches);
    expect(text(renderAt('kind=quick_contact', []))).toContain('No quick contact messages yet');
    expect(renderAt('', undefined)).toContain('Loading applications…');
  });
});

describe('what Convert to student is answered', () => {
  it('tells a 201 (converted, with the row) from a 202 (still under way, with the message to show)', () => {
    const converted = convertProspectAnswerSchema.parse({ message: ADMISSIONS_MESSAGES.converted, prospect: { ...farai, status: 'converted', studentId: 'u-farai', version: 4 }, studentId: 'u-farai' });
    const pending = convertProspectAnswerSchema.parse({ message: ADMISSIONS_MESSAGES.conversionPending, position: 42, pending: ['admissions-conversion'] });
    expect('prospect' in converted).toBe(true);
    expect('prospect' in pending).toBe(false);
    expect(pending.message).toBe(ADMISSIONS_MESSAGES.conversionPending);
    // The platform's 202 (a read model still behind) has no message: the screen says the same.
    expect('prospect' in convertProspectAnswerSchema.parse({ position: 42, pending: ['users'] })).toBe(false);
    expect(() => convertProspectAnswerSchema.parse({ message: 'x', prospect: thandi })).toThrow();
  });
});

describe('after a status change', () => {
  it('drops the cached lists of other filters, so none shows the row as it was before the change', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const shown = admissionsKeys.prospects({ kind: 'application', status: null, q: 'nkosi' });
    const other = admissionsKeys.prospects({ kind: 'application', status: null, q: '' });
    let fetched = 0;
    // The list on screen (observed) and one the user looked at before (cached, not observed).
    const observer = new QueryObserver(client, { queryKey: shown, queryFn: async () => ({ prospects: [{ ...thandi, status: 'contacted', version: 2 }], n: ++fetched }) });
    const unsubscribe = observer.subscribe(() => {});
    await observer.refetch();
    client.setQueryData(other, { prospects: [thandi] });
    await refreshAdmissions(client);
    expect(client.getQueryData(other)).toBeUndefined();
    expect(client.getQueryState(shown)?.isInvalidated).toBe(false);
    expect(fetched).toBe(2);
    unsubscribe();
    client.clear();
  });
});
