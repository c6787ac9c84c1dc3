import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminQueryKey, slotsQueryKey } from '../../../lib/query-keys';

/** Deletes a slot; the server refuses (409) when it has a confirmed booking. */
export const deleteSlot = (id: string) => api<null>(`/api/slots/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSlot,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: slotsQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
      ]),
  });
}
