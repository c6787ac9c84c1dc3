import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { teamInputSchema, TeamPatch } from '../../../../shared/teams/teams.schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, slotsQueryKey, teamsQueryKey } from '../../../lib/query-keys';

export interface SavedTeam {
  id: string;
  name: string;
  /** The division's name, as the team lists show it. */
  division: string | null;
  divisionId: string | null;
  active: boolean;
}

export type TeamValues = z.output<typeof teamInputSchema>;

export async function createTeam(input: TeamValues): Promise<SavedTeam> {
  const { team } = await api<{ team: SavedTeam }>('/api/teams', { method: 'POST', body: { ...input } });
  return team;
}

export async function editTeam(id: string, patch: TeamPatch): Promise<SavedTeam> {
  const { team } = await api<{ team: SavedTeam }>(`/api/teams/${encodeURIComponent(id)}`, { method: 'PATCH', body: { ...patch } });
  return team;
}

/** Creates a team (id null) or edits one: rename, division, deactivate, reactivate. */
export function useSaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string | null; patch: TeamPatch }) =>
      id ? editTeam(id, patch) : createTeam({ name: patch.name ?? '', divisionId: patch.divisionId ?? null }),
    // Team lists everywhere (sign-up, filters), the divisions' team counts (under the admin key) and booked slots (they
    // show the team's name) refresh.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
        queryClient.invalidateQueries({ queryKey: slotsQueryKey }),
      ]),
  });
}
