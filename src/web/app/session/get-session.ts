import { hashKey, notifyManager, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { Claims } from '../../../shared/users/admin-rule';
import type { Profile } from '../../../shared/users/users.schemas';
import { api, ApiError } from '../../lib/api-client';
import { sessionQueryKey } from '../../lib/query-keys';
import { loadSession, readCachedSession, type Session } from './profile-cache';

/** The signed-in person's profile; null when nobody is (401). */
export async function fetchProfile(): Promise<Profile | null> {
  try {
    const { profile } = await api<{ profile: Profile }>('/api/me');
    return profile;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    // The server cannot say right now (its database does not answer: a 503; or the browser is offline, status 0):
    // whoever was signed in still is, so the shell keeps them rather than showing Login until it can say again.
    const cached = err instanceof ApiError && (err.status === 503 || err.status === 0) ? readCachedSession() : null;
    if (cached) return cached.profile;
    throw err;
  }
}

/** Never fails: signed out and a failed load are both `null` (spec §8: swallowed silently). */
export function fetchSession(): Promise<Session | null> {
  // The claims come with the name of the claim that marks an admin here (OIDC_ADMIN_CLAIM); the rule reads it after.
  let adminClaim: string | undefined;
  const fetchClaims = async (): Promise<Claims> => {
    const answer = await api<{ claims: Claims; adminClaim?: string }>('/api/me/claims');
    adminClaim = answer.adminClaim;
    return answer.claims;
  };
  return loadSession({ fetchProfile, fetchClaims, adminClaim: () => adminClaim });
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: fetchSession,
    staleTime: 60_000,
  });

/** Loads the fresh session into the query cache (and local storage) after the server set the cookie. */
export async function refreshSession(queryClient: QueryClient): Promise<Session | null> {
  return queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
}

/**
 * Re-renders whenever the session entry of the query cache is replaced. Sign-out empties the whole cache
 * (`queryClient.clear()`) and then stores `null`: the old entry is removed under its observers, which would
 * otherwise keep showing the signed-out person (the landing page's "Welcome back" beside the Login link).
 * A render reads the current entry, and its observer moves over to it.
 */
function useSessionEntry(queryClient: QueryClient): void {
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        // Scheduled like TanStack's own observer notifications (after the current tick), so the sign-out's own
        // callbacks (the "You are logged out." toast) run before the Account menu that started it unmounts.
        if ((event.type === 'added' || event.type === 'removed') && event.query.queryHash === hashKey(sessionQueryKey)) notifyManager.schedule(onChange);
      }),
    [queryClient],
  );
  const entry = useCallback(() => queryClient.getQueryCache().find({ queryKey: sessionQueryKey, exact: true }) ?? null, [queryClient]);
  useSyncExternalStore(subscribe, entry, entry);
}

/** The session query, starting from the cached profile so the shell renders at once while it revalidates. */
export function useSessionQuery() {
  useSessionEntry(useQueryClient());
  return useQuery({
    ...sessionQueryOptions(),
    initialData: () => readCachedSession() ?? undefined,
    initialDataUpdatedAt: 0,
  });
}
