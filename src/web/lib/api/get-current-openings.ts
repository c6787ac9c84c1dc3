import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpeningRound } from '../../../shared/opening/opening.schemas';
import { api } from '../api-client';
import { openingsQueryKey } from '../query-keys';

/*
 * The active season's opening rounds, read by Book a Field (which slots a round holds back), the coach dashboard and
 * the opening feature's admin section: a read several features share, so it lives here (docs/architecture.md), under
 * openingsQueryKey, which the admin's actions invalidate.
 */

export const currentOpeningsQueryKey = [...openingsQueryKey, 'current'] as const;

/** The active season's rounds that are not cancelled (a drawn one for 14 days after its draw): public. */
export async function getCurrentOpenings(signal?: AbortSignal): Promise<OpeningRound[]> {
  const { rounds } = await api<{ rounds: OpeningRound[] }>('/api/openings/current', { signal });
  return rounds;
}

export const currentOpeningsQueryOptions = () =>
  queryOptions({ queryKey: currentOpeningsQueryKey, queryFn: ({ signal }) => getCurrentOpenings(signal), staleTime: 60_000 });

/**
 * The current rounds. A round's status moves with the clock (open at opensAt, closed at closesAt): readers judge it
 * at their own "now" (lib/opening-slots.ts `roundStatusAt`), not only as it was when this was read.
 */
export const useCurrentOpenings = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...currentOpeningsQueryOptions(), enabled });
