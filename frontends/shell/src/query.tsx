import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiRequestError, useSessionClient } from '@academy/web-session';

/**
 * The page's query cache (remotes read it through the shared @tanstack/react-query). A page shows
 * what it has at once and reads it again on every visit (staleTime 0): other people change these
 * lists too. A refused or invalid request (4xx) is not retried: asking again gives the same answer.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 0,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 2 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

/** Forgets every cached answer when the signed-in user changes: one user never sees another's data. */
function ClearOnUserChange({ client }: { client: QueryClient }) {
  // The client's state, not useSession(): that would start the session on public pages that never need it.
  const session = useSessionClient();
  const userId = useSyncExternalStore(session.subscribe, () => session.getState().user?.id ?? null);
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current !== userId) client.clear();
    previous.current = userId;
  }, [client, userId]);
  return null;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <ClearOnUserChange client={client} />
      {children}
    </QueryClientProvider>
  );
}
