/**
 * @jest-environment ./libs/testing/src/jest-environment-dom.mjs
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { ReactNode } from 'react';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiRequestError, SessionClient, SessionProvider, type ApiFetchOptions } from '@academy/web-session';
import { useApiMutation, useApiQuery } from './api-hooks';

afterEach(cleanup);

const itemSchema = z.object({ id: z.string(), name: z.string() });
type Sent = { path: string; options: Omit<ApiFetchOptions, 'token' | 'fetch'> };

/** The hooks as a page runs them: a session whose fetch is `answer` (every call recorded), and a query cache. */
function setup(answer: (path: string) => Promise<unknown>) {
  const sent: Sent[] = [];
  const session = new SessionClient({ hasSessionHint: () => false });
  Object.assign(session, {
    fetch: (path: string, options: Sent['options'] = {}) => {
      sent.push({ path, options });
      return answer(path);
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <SessionProvider client={session}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </SessionProvider>
    </MemoryRouter>
  );
  return { sent, client, wrapper };
}

describe('useApiQuery', () => {
  it("GETs the path through the session's fetch, checks the answer with the schema and caches it under the key", async () => {
    const { sent, client, wrapper } = setup(() => Promise.resolve({ id: 'p-1', name: 'Web Development', extra: 'dropped' }));
    const { result } = renderHook(() => useApiQuery(['programs', 'p-1'], '/api/programs/p-1', itemSchema), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ id: 'p-1', name: 'Web Development' }));
    expect(sent).toHaveLength(1);
    expect(sent[0].path).toBe('/api/programs/p-1');
    expect(sent[0].options.method).toBeUndefined();
    expect(sent[0].options.signal).toBeInstanceOf(AbortSignal);
    expect(client.getQueryData(['programs', 'p-1'])).toEqual({ id: 'p-1', name: 'Web Development' });
  });

  it('is an error when the answer does not have the contract\'s shape, and reads nothing while not enabled', async () => {
    const { sent, wrapper } = setup(() => Promise.resolve({ id: 7 }));
    const { result } = renderHook(() => useApiQuery(['bad'], '/api/bad', itemSchema), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(z.ZodError);
    renderHook(() => useApiQuery(['off'], '/api/off', itemSchema, { enabled: false }), { wrapper });
    expect(sent.map((s) => s.path)).toEqual(['/api/bad']);
  });
});

describe('useApiMutation', () => {
  it('sends what `call` makes of the variables, and resolves to the checked answer once onSuccess is done', async () => {
    const { sent, client, wrapper } = setup(() => Promise.resolve({ id: 'p-1', name: 'Renamed' }));
    const order: string[] = [];
    const onSuccess = jest.fn(async (_client: QueryClient, answer: { name: string }, vars: { id: string; name: string }) => {
      await Promise.resolve();
      order.push(`refreshed after ${answer.name} (${vars.id})`);
    });
    const { result } = renderHook(() => useApiMutation(({ id, ...body }: { id: string; name: string }) => ({ path: `/api/programs/${id}`, method: 'PUT', body }), itemSchema, { onSuccess }), { wrapper });
    const answer = await result.current.mutateAsync({ id: 'p-1', name: 'Renamed' });
    order.push('resolved');
    expect(answer).toEqual({ id: 'p-1', name: 'Renamed' });
    expect(sent).toEqual([{ path: '/api/programs/p-1', options: { method: 'PUT', body: { name: 'Renamed' } } }]);
    expect(onSuccess.mock.calls[0][0]).toBe(client);
    expect(order).toEqual(['refreshed after Renamed (p-1)', 'resolved']);
  });

  it('rejects with the refusal; onSettled still reads again, onSuccess does not run', async () => {
    const refusal = new ApiRequestError('Someone else retried it', 404, {}, true);
    const { wrapper } = setup(() => Promise.reject(refusal));
    const onSuccess = jest.fn();
    const onSettled = jest.fn();
    const { result } = renderHook(() => useApiMutation((id: string) => ({ path: `/api/jobs/${id}/retry`, method: 'POST' }), itemSchema, { onSuccess, onSettled }), { wrapper });
    await expect(result.current.mutateAsync('j-1')).rejects.toBe(refusal);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(onSettled).toHaveBeenCalledTimes(1);
  });
});
