import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyWaits } from '../../../../shared/waitlist/waitlist.schemas';
import { api } from '../../../lib/api-client';
import { waitsQueryKey } from '../../../lib/query-keys';

export const myWaitsQueryKey = [...waitsQueryKey, 'mine'] as const;

/** The caller's team's waits: in line, offered, and those decided this last week (GET /api/waits/mine). */
export function getMyWaits(): Promise<MyWaits> {
  return api<MyWaits>('/api/waits/mine');
}

/** Whether the team waits for a slot now (in line, or holding one): then an offer may come at any moment. */
const hasLiveWaits = (data: MyWaits | undefined) => Boolean(data?.waits.some((w) => w.state === 'waiting' || w.state === 'offered'));

/**
 * `userId` is only in the key: another sign-in reads it again. Live pages (lib/live) reload it on every slot event,
 * which every hold change is; on the others, a team with a live wait asks again each minute (only while the tab is
 * shown), so an offer or a hold running out shows without a reload anywhere.
 */
export const myWaitsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...myWaitsQueryKey, userId] as const,
    queryFn: getMyWaits,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (hasLiveWaits(query.state.data) ? 60_000 : false),
  });

export const useMyWaits = (userId: string | null, enabled: boolean) => useQuery({ ...myWaitsQueryOptions(userId), enabled: enabled && userId !== null });
