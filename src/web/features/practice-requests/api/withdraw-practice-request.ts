import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PracticeRequest } from '../../../../shared/practice-requests/practice-requests.schemas';
import { api } from '../../../lib/api-client';
import { practiceRequestsQueryKey } from '../../../lib/query-keys';
import { adminQueryKey } from '../../../lib/query-keys';

export const withdrawPracticeRequest = (id: string) =>
  api<{ request: PracticeRequest }>(`/api/practice-requests/${encodeURIComponent(id)}/withdraw`, { method: 'POST', body: {} });

export function useWithdrawPracticeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawPracticeRequest,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: practiceRequestsQueryKey }), queryClient.invalidateQueries({ queryKey: adminQueryKey })]),
  });
}
