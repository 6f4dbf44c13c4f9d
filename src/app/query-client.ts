import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';

/**
 * Server reads are cached briefly; 4xx answers are not retried (they will not change), network
 * failures are retried twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}
