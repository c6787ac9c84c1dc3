import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Season } from '../../../../shared/seasons/seasons.schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, seasonsQueryKey } from '../../../lib/query-keys';

export async function activateSeason(id: string): Promise<Season> {
  const { season } = await api<{ season: Season }>(`/api/seasons/${encodeURIComponent(id)}/activate`, { method: 'POST', body: {} });
  return season;
}

export function useActivateSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateSeason,
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: seasonsQueryKey }),
      queryClient.invalidateQueries({ queryKey: adminQueryKey }),
    ]),
  });
}
