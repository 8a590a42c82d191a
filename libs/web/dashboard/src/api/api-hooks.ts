import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useSession, type ApiFetchOptions } from '@academy/web-session';

// The two hooks every API hook of the dashboards is made of: a read and a change, each through the
// session's fetch (token, read-your-writes position) with its answer checked by the contract's schema.

/** What checks an answer and gives it its type: a zod schema of @academy/contracts. */
export interface AnswerSchema<T> {
  parse: (json: unknown) => T;
}

/** One call of a change: where, how (a body without a method is a POST) and, for a download, as what. */
export type ApiCall = { path: string } & Pick<ApiFetchOptions, 'method' | 'body' | 'responseType'>;

type ReadOptions<T> = Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn'>;

/** GET `path`, cached under `queryKey`; `options` as TanStack Query's (enabled, polling, placeholder…). */
export function useApiQuery<T>(queryKey: QueryKey, path: string, schema: AnswerSchema<T>, options: ReadOptions<T> = {}) {
  const { fetch } = useSession();
  return useQuery({ ...options, queryKey, queryFn: async ({ signal }) => schema.parse(await fetch<unknown>(path, { signal })) });
}

export interface ApiMutationOptions<V, T> {
  /** What the answer changes on screen (lists read again, an answer put in the cache); the change resolves once it is done. */
  onSuccess?: (client: QueryClient, answer: T, vars: V) => unknown;
  /** Read again whatever the outcome: a refusal may mean someone else already changed it. */
  onSettled?: (client: QueryClient) => unknown;
}

/** A change made by `call(vars)`; its answer is checked by `schema`. */
export function useApiMutation<V = void, T = unknown>(call: (vars: V) => ApiCall, schema: AnswerSchema<T>, { onSuccess, onSettled }: ApiMutationOptions<V, T> = {}) {
  const { fetch } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => {
      const { path, ...how } = call(vars);
      return schema.parse(await fetch<unknown>(path, how));
    },
    onSuccess: onSuccess && ((answer: T, vars: V) => onSuccess(client, answer, vars)),
    onSettled: onSettled && (() => onSettled(client)),
  });
}

/** `base/id`, the id encoded. */
export const pathOf = (base: string, id: string, rest = '') => `${base}/${encodeURIComponent(id)}${rest}`;
