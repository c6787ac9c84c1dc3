import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RainOutResult, rainOutInputSchema } from '../../../../shared/rain-outs/rain-outs.schemas';
import { api } from '../../../lib/api-client';
import { invalidateAfterClosure } from './invalidate-after-closure';

export type RainOutValues = z.output<typeof rainOutInputSchema>;

/** Rains out a facility (fieldIds empty) or some of its fields: blocks, cancels the practices, grants credits, tells the teams. */
export const createRainOut = (input: RainOutValues) => api<RainOutResult>('/api/rain-outs', { method: 'POST', body: { ...input } });

export function useCreateRainOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRainOut,
    onSuccess: () => invalidateAfterClosure(queryClient),
  });
}
