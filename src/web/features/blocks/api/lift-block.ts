import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminQueryKey, slotsQueryKey } from '../../../lib/query-keys';
import { blocksQueryKey } from './get-blocks';

/** Lifts (unblocks) a block: its slots reopen unless another block still covers them. */
export const liftBlock = (id: string) => api<{ slotsReopened: number }>(`/api/blocks/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useLiftBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: liftBlock,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blocksQueryKey }),
        queryClient.invalidateQueries({ queryKey: slotsQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
      ]),
  });
}
