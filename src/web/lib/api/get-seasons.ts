import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Season } from '../../../shared/seasons/seasons.schemas';
import { api } from '../api-client';
import { seasonsQueryKey } from '../query-keys';

export async function getSeasons(): Promise<Season[]> {
  const { seasons } = await api<{ seasons: Season[] }>('/api/seasons');
  return seasons;
}

export const seasonsQueryOptions = () => queryOptions({ queryKey: seasonsQueryKey, queryFn: getSeasons, staleTime: 60_000 });

export const useSeasons = () => useQuery(seasonsQueryOptions());
