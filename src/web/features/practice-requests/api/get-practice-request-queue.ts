import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PracticeRequestStatus, QueuedPracticeRequest } from '../../../../shared/practice-requests/practice-requests.schemas';
import { api } from '../../../lib/api-client';
import { practiceRequestsQueryKey } from '../../../lib/query-keys';

export const practiceRequestQueueQueryKey = [...practiceRequestsQueryKey, 'admin'] as const;

export async function getPracticeRequestQueue(status: PracticeRequestStatus): Promise<QueuedPracticeRequest[]> {
  const { requests } = await api<{ requests: QueuedPracticeRequest[] }>(`/api/admin/practice-requests?status=${status}`);
  return requests;
}

export const practiceRequestQueueQueryOptions = (status: PracticeRequestStatus) =>
  queryOptions({ queryKey: [...practiceRequestQueueQueryKey, status] as const, queryFn: () => getPracticeRequestQueue(status) });

export const usePracticeRequestQueue = (status: PracticeRequestStatus) => useQuery(practiceRequestQueueQueryOptions(status));
