import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Team } from '../../../shared/users/users.schemas';
import { api } from '../api-client';
import { teamsQueryKey } from '../query-keys';

export async function getTeams(): Promise<Team[]> {
  const { teams } = await api<{ teams: Team[] }>('/api/teams');
  return teams;
}

export const teamsQueryOptions = () => queryOptions({ queryKey: teamsQueryKey, queryFn: getTeams, staleTime: 5 * 60_000 });

export const useTeams = () => useQuery(teamsQueryOptions());
