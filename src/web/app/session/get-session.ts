import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Claims } from '../../../shared/users/admin-rule';
import type { Profile } from '../../../shared/users/users.schemas';
import { api, ApiError } from '../../lib/api-client';
import { sessionQueryKey } from '../../lib/query-keys';
import { loadSession, readCachedSession, type Session } from './profile-cache';

async function fetchProfile(): Promise<Profile | null> {
  try {
    const { profile } = await api<{ profile: Profile }>('/api/me');
    return profile;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

async function fetchClaims(): Promise<Claims> {
  const { claims } = await api<{ claims: Claims }>('/api/me/claims');
  return claims;
}

/** Never fails: signed out and a failed load are both `null` (spec §8: swallowed silently). */
export function fetchSession(): Promise<Session | null> {
  return loadSession({ fetchProfile, fetchClaims });
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

/** The session query, starting from the cached profile so the shell renders at once while it revalidates. */
export function useSessionQuery() {
  return useQuery({
    ...sessionQueryOptions(),
    initialData: () => readCachedSession() ?? undefined,
    initialDataUpdatedAt: 0,
  });
}
