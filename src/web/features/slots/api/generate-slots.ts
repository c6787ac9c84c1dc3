import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GenerateProgress } from '../../../../shared/slots/slots.schemas';
import { ApiError, apiStream } from '../../../lib/api-client';
import { adminQueryKey, slotsQueryKey } from '../../../lib/query-keys';
import type { SlotGeneratorValues } from './preview-slots';

export type GenerateResult = Extract<GenerateProgress, { type: 'done' }>;

/**
 * Creates the slots, reporting progress as the server streams it (NDJSON: progress lines, then one done or
 * error line). A stream that ends without either means the connection dropped part-way.
 */
export async function generateSlots(input: SlotGeneratorValues, onProgress: (done: number, total: number) => void): Promise<GenerateResult> {
  for await (const line of apiStream<GenerateProgress>('/api/slots/generate', { method: 'POST', body: { ...input } })) {
    if (line.type === 'progress') onProgress(line.done, line.total);
    else if (line.type === 'done') return line;
    else if (line.type === 'error') throw new ApiError(200, line.error.code, line.error.message);
  }
  throw new ApiError(0, 'NETWORK', 'The server stopped before it said it had finished. Reload the page to see which slots were created.');
}

export function useGenerateSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, onProgress }: { input: SlotGeneratorValues; onProgress: (done: number, total: number) => void }) => generateSlots(input, onProgress),
    // Some slots may exist even after an error part-way, so the lists refresh either way.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: slotsQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
      ]),
  });
}
