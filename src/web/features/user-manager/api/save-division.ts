import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminDivision, Division, DivisionInput } from '../../../../shared/divisions/divisions.schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, bookingsQueryKey, facilitiesQueryKey, slotsQueryKey, teamsQueryKey } from '../../../lib/query-keys';
import { adminDivisionsQueryKey } from '../user-manager-keys';

export async function createDivision(input: DivisionInput): Promise<Division> {
  const { division } = await api<{ division: Division }>('/api/admin/divisions', { method: 'POST', body: { ...input } });
  return division;
}

export async function renameDivision(id: string, input: DivisionInput): Promise<Division> {
  const { division } = await api<{ division: Division }>(`/api/admin/divisions/${encodeURIComponent(id)}`, { method: 'PATCH', body: { ...input } });
  return division;
}

/**
 * What reads a division's name or place reloads after a change: the admin lists (teams, divisions), the team lists,
 * the fields' limits (facilities), each season's rules by division and the booking context (bookings), and the booked
 * slots, whose team labels carry the division.
 */
export function refreshAfterDivisionChange(queryClient: QueryClient) {
  return Promise.all(
    [adminQueryKey, teamsQueryKey, facilitiesQueryKey, bookingsQueryKey, slotsQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** Adds a division (id null; it goes last in order) or renames one. */
export function useSaveDivision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: DivisionInput }) => (id ? renameDivision(id, input) : createDivision(input)),
    onSuccess: (saved, { id }) => {
      // Drawn at once (the focus can go to it), then read again with everything else.
      queryClient.setQueryData<AdminDivision[]>(adminDivisionsQueryKey, (list) =>
        !list ? list : id ? list.map((d) => (d.id === saved.id ? { ...d, ...saved } : d)) : [...list, { ...saved, teamCount: 0, fieldNames: [] }],
      );
      return refreshAfterDivisionChange(queryClient);
    },
  });
}
