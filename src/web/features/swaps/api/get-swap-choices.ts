import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SwapChoices } from '../../../../shared/swaps/swaps.schemas';
import { api } from '../../../lib/api-client';
import { swapsQueryKey } from './get-my-swaps';

export function getSwapChoices(teamId: string | null, signal?: AbortSignal): Promise<SwapChoices> {
  return api<SwapChoices>(teamId ? `/api/swaps/practices?teamId=${encodeURIComponent(teamId)}` : '/api/swaps/practices', signal ? { signal } : {});
}

/** `teamId` null: the teams only. `userId` is only in the key. */
export const swapChoicesQueryOptions = (teamId: string | null, userId: string | null) =>
  queryOptions({
    queryKey: [...swapsQueryKey, 'choices', teamId, userId] as const,
    queryFn: ({ signal }) => getSwapChoices(teamId, signal),
    staleTime: 30_000,
  });

export const useSwapChoices = (teamId: string | null, userId: string | null, enabled: boolean) => useQuery({ ...swapChoicesQueryOptions(teamId, userId), enabled });
