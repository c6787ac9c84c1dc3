import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Closure } from '../../../../shared/rain-outs/rain-outs.schemas';
import { api } from '../../../lib/api-client';
import { rainOutsQueryKey } from '../../../lib/query-keys';

/** Open rain-outs and those of the last 30 days, with the practices each cancelled and restored (admins). */
export async function getRainOuts(): Promise<Closure[]> {
  const { closures } = await api<{ closures: Closure[] }>('/api/rain-outs');
  return closures;
}

export const rainOutsQueryOptions = () =>
  queryOptions({
    queryKey: [...rainOutsQueryKey, 'admin'] as const,
    queryFn: getRainOuts,
  });

export const useRainOuts = () => useQuery(rainOutsQueryOptions());
