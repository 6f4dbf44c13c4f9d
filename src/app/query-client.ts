import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/api-error';
import { registerServerCache } from '@/api/server-cache';

/**
 * Server reads are cached briefly; 4xx answers are not retried (they will not change), network
 * failures are retried twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Offline the query still runs: each data hook falls back to the device's copy itself
        // (one code path per screen); TanStack's default would pause it and show stale data.
        networkMode: 'always',
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

let shared: QueryClient | null = null;

/** The app's one server cache, made when the first screen that reads the server needs it. */
export function appQueryClient(): QueryClient {
  if (!shared) {
    const client = createQueryClient();
    registerServerCache({ clear: () => client.clear(), invalidate: () => void client.invalidateQueries() });
    shared = client;
  }
  return shared;
}
