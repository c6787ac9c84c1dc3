import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PracticeRequest } from '../../../shared/practice-requests/practice-requests.schemas';
import { api } from '../api-client';
import { practiceRequestsQueryKey } from '../query-keys';

/** The caller's team's requests. */
export const myPracticeRequestsQueryKey = [...practiceRequestsQueryKey, 'mine'] as const;

export async function getMyPracticeRequests(): Promise<PracticeRequest[]> {
  const { requests } = await api<{ requests: PracticeRequest[] }>('/api/practice-requests/mine');
  return requests;
}

/** The team's requests, newest first. `userId` is only in the key: another person on this browser gets their own. */
export const myPracticeRequestsQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: [...myPracticeRequestsQueryKey, { userId }] as const, queryFn: getMyPracticeRequests });

export const useMyPracticeRequests = (userId: string | null, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...myPracticeRequestsQueryOptions(userId), enabled });
