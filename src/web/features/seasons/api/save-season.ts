import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Season, SeasonInput } from '../../../../shared/seasons/seasons.schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, seasonsQueryKey } from '../../../lib/query-keys';

export async function createSeason(input: SeasonInput): Promise<Season> {
  const { season } = await api<{ season: Season }>('/api/seasons', { method: 'POST', body: { ...input } });
  return season;
}

export async function updateSeason(id: string, input: SeasonInput): Promise<Season> {
  const { season } = await api<{ season: Season }>(`/api/seasons/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...input } });
  return season;
}

/** Creates a season, or edits one when `id` is given. */
export function useSaveSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SeasonInput }) => (id ? updateSeason(id, input) : createSeason(input)),
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: seasonsQueryKey }),
      queryClient.invalidateQueries({ queryKey: adminQueryKey }),
    ]),
  });
}
