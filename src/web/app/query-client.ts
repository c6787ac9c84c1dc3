import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { sessionQueryKey } from '../lib/query-keys';

const isClientError = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * One place for API errors in queries and mutations. A 401 from any query means the session ended elsewhere, so the
 * session is revalidated (and the shell shows Login). A write whose outcome is unknown (the database stopped
 * answering mid-save, ApiError.outcomeUnknown) may have changed anything a page shows, so every query on screen
 * (but the session) is read again: the page then shows what was really saved before the press is offered again. Client errors are not
 * retried; they will not heal.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (error instanceof ApiError && error.status === 401 && query.queryKey[0] !== sessionQueryKey[0]) {
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        }
      },
    }),
    mutationCache: new MutationCache({
      // Not awaited: the mutation's own onError (the server's words) comes at once, not after the re-read. The
      // session is left out: no write changes who is signed in, and a session read that fails while the database is
      // down counts as signed out (profile-cache.ts loadSession), which would show the person the Login page.
      onError: (error) => {
        if (error instanceof ApiError && error.outcomeUnknown) void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
