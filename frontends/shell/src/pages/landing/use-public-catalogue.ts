import { startTransition, useCallback, useEffect, useState } from 'react';
import type { PublicCatalogueResponse } from '@academy/contracts';

export type CatalogueState = { status: 'pending' } | { status: 'error'; retry: () => void } | { status: 'success'; data: PublicCatalogueResponse };

/**
 * The catalogue priced for this visitor: the server decides the country (spec §4 location). A plain
 * fetch, not the query cache: the landing page starts without it (see bootstrap.tsx).
 */
export function usePublicCatalogue(): CatalogueState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<CatalogueState>({ status: 'pending' });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    const abort = new AbortController();
    setState({ status: 'pending' });
    fetch('/api/public/courses', { headers: { accept: 'application/json' }, signal: abort.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const data = (await res.json()) as PublicCatalogueResponse;
        // A transition: React renders the thirteen courses in slices, yielding to the browser between
        // them, instead of one long task (Lighthouse's total blocking time on a slow phone).
        startTransition(() => setState({ status: 'success', data }));
      })
      .catch(() => !abort.signal.aborted && setState({ status: 'error', retry }));
    return () => abort.abort();
  }, [attempt, retry]);
  return state;
}
