// The QueryClient factory, with deliberate defaults.
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { isApiError, retryDelayMs } from './api-client.ts';

const MAX_RETRIES = 3;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Hotel data is shopping data: fresh for a short while, kept for back/forward.
        staleTime: 30_000,
        gcTime: 10 * 60_000,
        // Only transient failures are retried, with a growing delay; a 4xx needs new input.
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES && isApiError(error) && error.retryable,
        retryDelay: (attempt, error) => retryDelayMs(attempt, error),
        // Prices are polled on purpose (see the price-refresh hook); no surprise refetches.
        refetchOnWindowFocus: false,
      },
      mutations: {
        // Mutations (prebook, book) decide their own retries: book reuses its key, prebook never retries.
        retry: false,
      },
    },
  });
}

/**
 * Starts a page's data ahead of the page (the server's render, a form about to navigate):
 * fetches unless the cache has the answer already, and leaves a failure in the cache as an
 * error, for the page to show or ask again.
 */
export async function fetchUnlessCached(
  client: QueryClient,
  queryKey: QueryKey,
  fetch: () => Promise<unknown>,
): Promise<void> {
  if (client.getQueryData(queryKey) !== undefined) return;
  await fetch().catch(() => undefined);
}
