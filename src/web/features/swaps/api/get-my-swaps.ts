import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySwaps } from '../../../../shared/swaps/swaps.schemas';
import { api } from '../../../lib/api-client';

/** Every swaps query (the team's offers, what a coach may offer and ask for) sits under this key. */
export const swapsQueryKey = ['swaps'] as const;
export const mySwapsQueryKey = [...swapsQueryKey, 'mine'] as const;

/** The team's swap offers: open ones made and received, and the latest decided (GET /api/swaps/mine). */
export function getMySwaps(): Promise<MySwaps> {
  return api<MySwaps>('/api/swaps/mine');
}

/**
 * `userId` is only in the key: another sign-in reads it again. Offers, declines and withdrawals publish no live event
 * (decision 036), so the list is read again when the tab comes back and each minute while it is shown; the team's own
 * actions reload it at once.
 */
export const mySwapsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...mySwapsQueryKey, userId] as const,
    queryFn: getMySwaps,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });

export const useMySwaps = (userId: string | null, enabled: boolean) => useQuery({ ...mySwapsQueryOptions(userId), enabled: enabled && userId !== null });
