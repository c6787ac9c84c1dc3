import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { sessionQueryKey } from '../lib/query-keys';
import { clearSavedMarks, oldestSavedCopy } from '../lib/saved-copy';

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
        // Offline, a read still goes out once: the offline worker may answer it with its saved copy (decision 037).
        networkMode: 'offlineFirst',
      },
      // A write is never held to be sent later: offline, the API client says so at once ("You are offline").
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  if (typeof window !== 'undefined') watchConnection(queryClient);
  return queryClient;
}

/**
 * Back online after pages were drawn from saved copies: every query is read again (those on screen at once) and the
 * offline banner goes; a read answered from a saved copy again brings it back, and is tried again a little later, a
 * few times (a phone often says it is online a moment before its connection carries anything). The browser's own word
 * on the connection is taken at start too: a page opened offline waits for the network instead of spending its retries.
 */
function watchConnection(queryClient: QueryClient): void {
  if (navigator.onLine === false) onlineManager.setOnline(false);
  let tries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const readAgain = async () => {
    if (oldestSavedCopy() === null || navigator.onLine === false) return;
    // After every listener of this event has looked (a test makes several clients); the reads answer later.
    queueMicrotask(clearSavedMarks);
    await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    if (oldestSavedCopy() !== null && tries < 3) {
      tries += 1;
      timer = setTimeout(() => void readAgain(), 2_000 * tries);
    }
  };
  window.addEventListener('online', () => {
    tries = 0;
    clearTimeout(timer);
    void readAgain();
  });
}
