import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportPreview, ImportProgress } from '../../../../shared/invitations/invitations.schemas';
import { api, ApiError, apiStream } from '../../../lib/api-client';
import { translate } from '../../../lib/i18n';
import { adminQueryKey, teamsQueryKey } from '../../../lib/query-keys';

export const previewImport = (csv: string) => api<ImportPreview>('/api/admin/invitations/import/preview', { method: 'POST', body: { csv } });

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export type ImportResult = Extract<ImportProgress, { type: 'done' }>;

/**
 * Creates the previewed teams and sends the invitations, reporting progress as the server streams it (NDJSON:
 * progress lines, then one done or error line). A stream that ends without either means the connection dropped.
 */
export async function applyImport(csv: string, fingerprint: string, onProgress: (done: number, total: number) => void): Promise<ImportResult> {
  for await (const line of apiStream<ImportProgress>('/api/admin/invitations/import/apply', { method: 'POST', body: { csv, fingerprint } })) {
    if (line.type === 'progress') onProgress(line.done, line.total);
    else if (line.type === 'done') return line;
    else if (line.type === 'error') throw new ApiError(200, line.error.code, line.error.message);
  }
  // The Import tab has loaded its words by the time an import runs.
  throw new ApiError(0, 'NETWORK', translate('user-manager', 'import.stopped'));
}

export function useApplyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, fingerprint, onProgress }: { csv: string; fingerprint: string; onProgress: (done: number, total: number) => void }) =>
      applyImport(csv, fingerprint, onProgress),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminQueryKey }), queryClient.invalidateQueries({ queryKey: teamsQueryKey })]),
  });
}
