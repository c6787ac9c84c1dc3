import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MakeupCredit } from '../../../../shared/rain-outs/rain-outs.schemas';
import { api } from '../../../lib/api-client';
import { makeupCreditsQueryKey } from '../../../lib/query-keys';

/** One team's make-up credits, newest first, in every state (free, used, expired, removed). */
export async function getMakeupCredits(teamId: string): Promise<MakeupCredit[]> {
  const { credits } = await api<{ credits: MakeupCredit[] }>(`/api/makeup-credits?${new URLSearchParams({ teamId }).toString()}`);
  return credits;
}

export const makeupCreditsQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: [...makeupCreditsQueryKey, teamId] as const,
    queryFn: () => getMakeupCredits(teamId),
  });

export const useMakeupCredits = (teamId: string) => useQuery(makeupCreditsQueryOptions(teamId));
