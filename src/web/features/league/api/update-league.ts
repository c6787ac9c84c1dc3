import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LeagueSettings, leagueSettingsSchema } from '../../../../shared/league/league.schemas';
import { api } from '../../../lib/api-client';
import { leagueQueryKey } from '../../../lib/query-keys';

export type LeagueSettingsValues = z.output<typeof leagueSettingsSchema>;

export const updateLeague = (input: LeagueSettingsValues) => api<LeagueSettings>('/api/league', { method: 'PUT', body: { ...input } });

export function useUpdateLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLeague,
    onSuccess: (saved) => {
      queryClient.setQueryData(leagueQueryKey, saved);
      // Every screen showing times reads the zone from here; refetching keeps them all in step.
      return queryClient.invalidateQueries({ queryKey: leagueQueryKey });
    },
  });
}
