import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDivision } from '../../../../shared/divisions/divisions.schemas';
import { api } from '../../../lib/api-client';
import { adminDivisionsQueryKey } from '../user-manager-keys';
import { refreshAfterDivisionChange } from './save-division';

/** Deletes a division; the server refuses (409, in words) while a team is in it or a field is limited to it. */
export const deleteDivision = (id: string) => api<null>(`/api/admin/divisions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteDivision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteDivision(id),
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<AdminDivision[]>(adminDivisionsQueryKey, (list) => list?.filter((d) => d.id !== id));
      return refreshAfterDivisionChange(queryClient);
    },
  });
}
