import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GenerateProgress } from '../../../../shared/slots/slots.schemas';
import { ApiError, apiStream } from '../../../lib/api-client';
import { translate } from '../../../lib/i18n';
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
  // The words of the page that started it (the slots namespace is loaded by the generator).
  throw new ApiError(0, 'NETWORK', translate('slots', 'generator.streamEnded'));
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
