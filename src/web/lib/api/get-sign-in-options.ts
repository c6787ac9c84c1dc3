import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInOptions } from '../../../shared/auth/sign-in.schemas';
import { api } from '../api-client';
import { leagueQueryKey } from '../query-keys';

/**
 * How people sign in and sign up here: the league's identity provider (its name) and whether password sign-up is
 * on. Under the league's key: the switch is a league setting, so whatever reloads the league reloads this too.
 */
export const signInOptionsQueryKey = [...leagueQueryKey, 'sign-in-options'] as const;

export const getSignInOptions = () => api<SignInOptions>('/api/sign-in-options');

export const signInOptionsQueryOptions = () => queryOptions({ queryKey: signInOptionsQueryKey, queryFn: getSignInOptions, staleTime: 60_000 });

export const useSignInOptions = () => useQuery(signInOptionsQueryOptions());

/** The provider's name as the pages say it, or null when the league has none (or the options did not load). */
export function useProviderName(): string | null {
  return useSignInOptions().data?.oidc?.providerName ?? null;
}
