import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PracticeRequest, PracticeRequestRequest } from '../../../../shared/practice-requests/practice-requests.schemas';
import { api } from '../../../lib/api-client';
import { practiceRequestsQueryKey } from '../../../lib/query-keys';
import { adminQueryKey } from '../../../lib/query-keys';

export const filePracticeRequest = (input: PracticeRequestRequest) =>
  api<{ request: PracticeRequest }>('/api/practice-requests', { method: 'POST', body: { ...input } });

export function useFilePracticeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: filePracticeRequest,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: practiceRequestsQueryKey }), queryClient.invalidateQueries({ queryKey: adminQueryKey })]),
  });
}
