import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDivision, Division } from '../../../../shared/divisions/divisions.schemas';
import { api } from '../../../lib/api-client';
import { adminDivisionsQueryKey } from '../user-manager-keys';
import { refreshAfterDivisionChange } from './save-division';

export async function reorderDivisions(ids: readonly string[]): Promise<Division[]> {
  const { divisions } = await api<{ divisions: Division[] }>('/api/admin/divisions/order', { method: 'PUT', body: { ids: [...ids] } });
  return divisions;
}

/**
 * Puts the divisions in this order (every division's id, first to last). The list shows the new order at once and
 * goes back to the old one if the server refuses (someone added or deleted a division meanwhile).
 */
export function useReorderDivisions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => reorderDivisions(ids),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: adminDivisionsQueryKey });
      const before = queryClient.getQueryData<AdminDivision[]>(adminDivisionsQueryKey);
      if (before) {
        const byId = new Map(before.map((d) => [d.id, d]));
        const next = ids.flatMap((id, i) => {
          const division = byId.get(id);
          return division ? [{ ...division, position: i + 1 }] : [];
        });
        queryClient.setQueryData(adminDivisionsQueryKey, next);
      }
      return { before };
    },
    onError: (_err, _ids, context) => {
      if (context?.before) queryClient.setQueryData(adminDivisionsQueryKey, context.before);
    },
    onSettled: () => refreshAfterDivisionChange(queryClient),
  });
}
