import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyRainOuts } from '../../../../shared/rain-outs/rain-outs.schemas';
import { api } from '../../../lib/api-client';
import { fieldStatusQueryKey } from '../../../lib/query-keys';

/** The caller's team's recent rain-outs not yet dismissed, and its free make-up credits (GET /api/rain-outs/mine). */
export function getMyRainOuts(): Promise<MyRainOuts> {
  return api<MyRainOuts>('/api/rain-outs/mine');
}

/** `userId` is only in the key: the answer depends on who asks, so another sign-in reads it again. */
export const myRainOutsQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: [...fieldStatusQueryKey, 'mine', userId] as const, queryFn: getMyRainOuts, staleTime: 60_000, refetchOnWindowFocus: true });

export const useMyRainOuts = (userId: string | null, enabled: boolean) => useQuery({ ...myRainOutsQueryOptions(userId), enabled });
