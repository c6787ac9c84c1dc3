import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Claims } from '../../../../shared/users/admin-rule';
import type { Profile } from '../../../../shared/users/users.schemas';
import { api, ApiError } from '../../../lib/api-client';
import { loadSession, readCachedSession, type Session } from '../profile-cache';

export const sessionQueryKey = ['session'] as const;

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

/** The session query, starting from the cached profile so the shell renders at once while it revalidates. */
export function useSessionQuery() {
  return useQuery({
    ...sessionQueryOptions(),
    initialData: () => readCachedSession() ?? undefined,
    initialDataUpdatedAt: 0,
  });
}
