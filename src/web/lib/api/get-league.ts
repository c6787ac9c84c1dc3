import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_LEAGUE_NAME, DEFAULT_LEAGUE_TIMEZONE } from '../../../shared/constants';
import type { LeagueSettings } from '../../../shared/league/league.schemas';
import { api } from '../api-client';
import { leagueQueryKey } from '../query-keys';

export const getLeague = () => api<LeagueSettings>('/api/league');

export const leagueQueryOptions = () => queryOptions({ queryKey: leagueQueryKey, queryFn: getLeague, staleTime: 5 * 60_000 });

export const useLeague = () => useQuery(leagueQueryOptions());

/**
 * The zone every date is shown and every day and week computed in. Until the settings arrive (or when they
 * cannot be loaded) it is the league default, which is what nearly every league uses.
 */
export function useLeagueTimeZone(): string {
  const { data } = useLeague();
  return data?.timeZone ?? DEFAULT_LEAGUE_TIMEZONE;
}

/**
 * The league's name as its admin set it in the league settings; the default name until the settings arrive
 * (or when they cannot be loaded), so the shell never shows an empty name.
 */
export function useLeagueName(): string {
  const { data } = useLeague();
  return data?.name ?? DEFAULT_LEAGUE_NAME;
}
