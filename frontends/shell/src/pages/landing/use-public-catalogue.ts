import { useQuery } from '@tanstack/react-query';
import type { PublicCatalogueResponse } from '@academy/contracts';
import { apiFetch } from '@academy/web-session';

/** The catalogue priced for this visitor: the server decides the country (spec §4 location). */
export function usePublicCatalogue() {
  return useQuery({
    queryKey: ['public-catalogue'],
    queryFn: ({ signal }) => apiFetch<PublicCatalogueResponse>('/api/public/courses', { signal }),
    staleTime: 5 * 60_000,
  });
}
