import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReopenResult } from '../../../../shared/rain-outs/rain-outs.schemas';
import { api } from '../../../lib/api-client';
import { invalidateAfterClosure } from './invalidate-after-closure';

/** Lifts a rain-out and restores the practices it cancelled whose slots are still free. */
export const reopenRainOut = (id: string) =>
  api<ReopenResult>(`/api/rain-outs/${encodeURIComponent(id)}/reopen`, {
    method: 'POST',
  });

export function useReopenRainOut() {
  const queryClient = useQueryClient();
  // Errors too: "already reopened" means the list on screen is out of date.
  return useMutation({
    mutationFn: reopenRainOut,
    onSettled: () => invalidateAfterClosure(queryClient),
  });
}
