import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamPreferences } from '../../../../shared/opening/opening.schemas';
import { openingPreferencesQueryKey, openingPreferencesQueryOptions, type OpeningPreferences } from '../../../lib/api/get-opening-preferences';
import { currentOpeningsQueryKey } from '../../../lib/api/get-current-openings';
import { api } from '../../../lib/api-client';

/*
 * The team's ranked list in a round. Reading it is shared (lib/api/get-opening-preferences.ts: Book a Field and the
 * coach dashboard read it too); saving it is this feature's, from the panel on Book a Field.
 */

/** The saved list; `savedAt` is null when the list saved is empty (the team has no preferences then). */
export async function savePreferences(roundId: string, slotIds: readonly string[]): Promise<{ slotIds: string[]; savedAt: string | null }> {
  return api<{ slotIds: string[]; savedAt: string | null }>(`/api/openings/${encodeURIComponent(roundId)}/preferences`, { method: 'PUT', body: { slotIds: [...slotIds] } });
}

/**
 * Saves the list in its order (rank 1 first). On success the saved list replaces the read one, so the page shows
 * what the server holds; a refusal (422 in words naming the slot, 409 once the window has closed) leaves the list on
 * screen as it was, and reads the round again, since a closed window changes what the page offers.
 */
export function useSavePreferences(roundId: string, userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slotIds: readonly string[]) => savePreferences(roundId, slotIds),
    onSuccess: (saved) =>
      queryClient.setQueryData<OpeningPreferences>(openingPreferencesQueryKey(roundId, userId), (old) => ({
        // What else the answer said (when the team's lists open) stays.
        ...old,
        maxPreferences: old?.maxPreferences ?? saved.slotIds.length,
        slotIds: saved.slotIds,
        savedAt: saved.savedAt,
      })),
    onError: () => queryClient.invalidateQueries({ queryKey: currentOpeningsQueryKey }),
  });
}

/** When a team's lists open in a round (issue 29's staged opening): its division's own time, else the round's. */
export type TeamListsOpen = Pick<TeamPreferences, 'listsOpenAt' | 'divisionName'>;

/** Reads the staged opening's part of the answer (the shared OpeningPreferences type names only the list). */
const listsOpenOf = (answer: OpeningPreferences): TeamListsOpen | null => {
  const { listsOpenAt, divisionName } = answer as OpeningPreferences & Partial<TeamListsOpen>;
  return listsOpenAt ? { listsOpenAt, divisionName: divisionName ?? null } : null;
};

/**
 * When the caller's team may start saving its list in a round: the same read as the list (one request, shared with
 * Book a Field and the coach dashboard). Only for a coach of a team (`enabled`): anyone else is refused by the server.
 */
export function useTeamListsOpen(roundId: string, userId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...openingPreferencesQueryOptions(roundId, userId), enabled: enabled && Boolean(roundId), select: listsOpenOf });
}
