/**
 * @jest-environment ./libs/testing/src/jest-environment-dom.mjs
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '@academy/web-session';
import { QueryView } from './query-view';

afterEach(cleanup);

/** A page reading `read` through TanStack Query, shown through QueryView. */
function Page({ read }: { read: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['items'], queryFn: read, retry: false });
  return (
    <QueryView query={query} pending="Loading items…" error="The items could not be loaded." empty="No items yet." isEmpty={(items) => items.length === 0}>
      {(items) => <ul aria-label="Items">{items.map((item) => <li key={item}>{item}</li>)}</ul>}
    </QueryView>
  );
}

const show = (read: () => Promise<string[]>) => render(<QueryClientProvider client={new QueryClient()}>{<Page read={read} />}</QueryClientProvider>);

describe('QueryView', () => {
  it('shows the spinner with its label while the data is first read, then the children with the data', async () => {
    let answer!: (items: string[]) => void;
    show(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole('status').textContent).toBe('Loading items…');
    answer(['one', 'two']);
    await waitFor(() => expect(screen.getByRole('list', { name: 'Items' }).textContent).toBe('onetwo'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the empty text when the data is empty', async () => {
    show(() => Promise.resolve([]));
    await waitFor(() => expect(screen.getByText('No items yet.')).toBeTruthy());
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the error panel with the server message, and Retry reads again', async () => {
    let calls = 0;
    show(async () => {
      calls += 1;
      if (calls === 1) throw new ApiRequestError('The database is busy', 503, {}, true);
      return ['back'];
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The items could not be loaded.');
    expect(alert.textContent).toContain('The database is busy');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Items' }).textContent).toBe('back'));
    expect(calls).toBe(2);
  });

  it('with several queries: the data of each once all are read; only the failed ones are read again on Retry', async () => {
    const reads = { a: 0, b: 0 };
    function Both() {
      const a = useQuery({ queryKey: ['a'], queryFn: async () => (reads.a += 1), retry: false });
      const b = useQuery({
        queryKey: ['b'],
        queryFn: async () => {
          reads.b += 1;
          if (reads.b === 1) throw new Error('down');
          return 'B';
        },
        retry: false,
      });
      return (
        <QueryView queries={[a, b]} pending="Loading…" error="Could not be loaded.">
          {([n, s]) => <p>{`${s}${n}`}</p>}
        </QueryView>
      );
    }
    render(<QueryClientProvider client={new QueryClient()}>{<Both />}</QueryClientProvider>);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('B1')).toBeTruthy());
    expect(reads).toEqual({ a: 1, b: 2 });
  });
});
