/**
 * @jest-environment ./libs/testing/src/jest-environment-dom.mjs
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { DataTable, type DataColumn } from './data-table';

interface Person {
  id: string;
  name: string;
  week: number;
  code: string | null;
}

const people: Person[] = [
  { id: 'p1', name: 'Bongani', week: 10, code: 'Week 10' },
  { id: 'p2', name: 'anele', week: 2, code: null },
  { id: 'p3', name: 'Chipo', week: 7, code: 'Week 2' },
];

const columns: DataColumn<Person>[] = [
  { id: 'name', header: 'Name', cell: (p) => p.name, sortValue: (p) => p.name, hideOnCard: true },
  { id: 'week', header: 'Week', cell: (p) => p.week, sortValue: (p) => p.week },
  { id: 'code', header: 'Code', cell: (p) => p.code ?? '—', sortValue: (p) => p.code },
  { id: 'note', header: 'Note', cell: () => 'plain' },
];

/** A viewport of `width` px as far as matchMedia is concerned (jsdom has no layout). */
function viewport(width: number) {
  window.matchMedia = ((query: string) => {
    const max = Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? Infinity);
    return { matches: width <= max, media: query, addEventListener: () => undefined, removeEventListener: () => undefined } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
}

const table = (props: Partial<Parameters<typeof DataTable<Person>>[0]> = {}) => (
  <DataTable
    label="People"
    columns={columns}
    data={people}
    getRowId={(p) => p.id}
    rowTitle={(p) => p.name}
    empty="No people yet."
    rowAttributes={(p) => ({ 'data-person-id': p.id })}
    actions={(p) => <button type="button">Edit {p.name}</button>}
    {...props}
  />
);

const firstColumn = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

afterEach(cleanup);

describe('DataTable on a wide screen', () => {
  it('is a table named by its label, with a header per column, a screen-reader-only Actions header, and the rows in the data order', () => {
    viewport(1366);
    render(table());
    const grid = screen.getByRole('table', { name: 'People' });
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Week', 'Code', 'Note', 'Actions']);
    expect(firstColumn()).toEqual(['Bongani', 'anele', 'Chipo']);
    expect(grid.querySelector('[data-person-id="p3"]')?.textContent).toContain('Edit Chipo');
  });

  it('sorts by a header pressed (a button), ascending then descending, saying so in aria-sort; a column without sortValue has no button', () => {
    viewport(1366);
    render(table());
    const name = screen.getByRole('columnheader', { name: 'Name' });
    expect(name.getAttribute('aria-sort')).toBe('none');
    expect(within(screen.getByRole('columnheader', { name: 'Note' })).queryByRole('button')).toBeNull();

    fireEvent.click(within(name).getByRole('button', { name: 'Name' }));
    expect(name.getAttribute('aria-sort')).toBe('ascending');
    expect(firstColumn()).toEqual(['anele', 'Bongani', 'Chipo']);

    fireEvent.click(within(name).getByRole('button', { name: 'Name' }));
    expect(name.getAttribute('aria-sort')).toBe('descending');
    expect(firstColumn()).toEqual(['Chipo', 'Bongani', 'anele']);
  });

  it('sorts numbers as numbers, text naturally, and blanks last either way', () => {
    viewport(1366);
    render(table());
    fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    expect(firstColumn()).toEqual(['anele', 'Chipo', 'Bongani']);
    fireEvent.click(screen.getByRole('button', { name: 'Code' }));
    expect(firstColumn()).toEqual(['Chipo', 'Bongani', 'anele']);
    fireEvent.click(screen.getByRole('button', { name: 'Code' }));
    expect(firstColumn()).toEqual(['Bongani', 'Chipo', 'anele']);
  });

  it('starts in the initial order asked for', () => {
    viewport(1366);
    render(table({ initialSort: { id: 'week', desc: true } }));
    expect(screen.getByRole('columnheader', { name: 'Week' }).getAttribute('aria-sort')).toBe('descending');
    expect(firstColumn()).toEqual(['Bongani', 'Chipo', 'anele']);
  });

  it('shows the empty text instead of a table when there is no row', () => {
    viewport(1366);
    render(table({ data: [] }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No people yet.')).toBeTruthy();
  });
});

describe('DataTable below 768 px', () => {
  it('is a list of cards named by the label: each with the row title as its name and heading, every column label and value, and the actions', () => {
    viewport(375);
    render(table());
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'People' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const chipo = within(list).getByRole('listitem', { name: 'Chipo' });
    expect(chipo.getAttribute('data-person-id')).toBe('p3');
    expect(within(chipo).getByRole('heading', { level: 2, name: 'Chipo' })).toBeTruthy();
    expect([...chipo.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Week', 'Code', 'Note']);
    expect([...chipo.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['7', 'Week 2', 'plain']);
    expect(within(chipo).getByRole('button', { name: 'Edit Chipo' })).toBeTruthy();
  });

  it('shows the empty text there too', () => {
    viewport(375);
    render(table({ data: [] }));
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('No people yet.')).toBeTruthy();
  });
});
