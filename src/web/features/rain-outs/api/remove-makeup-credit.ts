import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { makeupCreditsQueryKey } from '../../../lib/query-keys';

/** Takes back a make-up credit no practice uses (409 when one does). */
export const removeMakeupCredit = (id: string) =>
  api<{ removed: true }>(`/api/makeup-credits/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

export function useRemoveMakeupCredit() {
  const queryClient = useQueryClient();
  // Errors too: a credit used or removed meanwhile shows as it now is.
  return useMutation({
    mutationFn: removeMakeupCredit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: makeupCreditsQueryKey }),
  });
}
