import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameImportPreview, GameImportProgress, GameImportRequest, GameImportTotals } from '../../../../shared/schedule-import/schedule-import.schemas';
import { api, ApiError, apiStream } from '../../../lib/api-client';
import { translate } from '../../../lib/i18n';
import { adminQueryKey, blocksQueryKey, bookingsQueryKey, slotsQueryKey } from '../../../lib/query-keys';

export const previewGameImport = (file: GameImportRequest) => api<GameImportPreview>('/api/admin/schedule-import/preview', { method: 'POST', body: { ...file } });

export function usePreviewGameImport() {
  return useMutation({ mutationFn: previewGameImport });
}

/**
 * Blocks the previewed games, reporting progress as the server streams it (NDJSON: progress lines, then one done
 * or error line). A stream that ends without either means the connection dropped.
 */
export async function applyGameImport(file: GameImportRequest, onProgress: (done: number, total: number) => void): Promise<GameImportTotals> {
  for await (const line of apiStream<GameImportProgress>('/api/admin/schedule-import/apply', { method: 'POST', body: { ...file } })) {
    if (line.type === 'progress') onProgress(line.done, line.total);
    else if (line.type === 'done') return line.totals;
    else if (line.type === 'error') throw new ApiError(200, line.error.code, line.error.message);
  }
  // In the words of the page that started it (/schedule-sync loads its namespace).
  throw new ApiError(0, 'NETWORK', translate('schedule-sync', 'import.streamEnded'));
}

export function useApplyGameImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: GameImportRequest; onProgress: (done: number, total: number) => void }) => applyGameImport(file, onProgress),
    onSettled: () =>
      Promise.all([blocksQueryKey, slotsQueryKey, bookingsQueryKey, adminQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
