import type { QueryClient } from '@tanstack/react-query';
import type { Slot } from '../../../shared/slots/slots.schemas';
import { getSlotsByIds, type SlotQuery } from '../api/get-slots';
import { adminQueryKey, bookingsQueryKey, fieldStatusQueryKey, slotListsQueryKey, slotsQueryKey, waitsQueryKey } from '../query-keys';
import { patchSlotList } from './live-patch';

/**
 * After a booking changes (here or, through the live events, anywhere): the slot weeks, the rule context,
 * the team's and the admin's lists and the admin counts are all stale. Only the queries on screen refetch.
 * An event naming no slots may be a rain-out, its reopening or a make-up credit (issue 28), and a booking may use a
 * credit: the field status and the coach's rain-out notices reload too. A booking, a cancel or a hold moves the team's
 * waits (issue 28): they reload as well.
 */
export function refreshBookingData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: slotsQueryKey }),
    queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
    queryClient.invalidateQueries({ queryKey: adminQueryKey }),
    queryClient.invalidateQueries({ queryKey: fieldStatusQueryKey }),
    queryClient.invalidateQueries({ queryKey: waitsQueryKey }),
  ]);
}

/**
 * After a live event naming some slots: fetch just those and patch them into the cached weeks (a week of
 * 20 fields is 1,000+ slots; an event is usually one). A week the patch cannot settle, or a failed fetch,
 * falls back to reloading. The small per-team and admin lists reload as after any booking change, and so do the team's
 * waits: a hold given or moved on is an event naming its slot (issue 28).
 */
export async function refreshNamedSlots(queryClient: QueryClient, slotIds: readonly string[]): Promise<unknown> {
  let fresh: Slot[];
  try {
    fresh = await getSlotsByIds(slotIds);
  } catch {
    return refreshBookingData(queryClient);
  }
  const reloads: Array<Promise<unknown>> = [];
  for (const [key, cached] of queryClient.getQueriesData<Slot[]>({ queryKey: slotListsQueryKey })) {
    if (!cached) continue;
    const result = patchSlotList(key[2] as SlotQuery, cached, slotIds, fresh);
    if (result.kind === 'patched') queryClient.setQueryData(key, result.slots);
    else if (result.kind === 'refetch') reloads.push(queryClient.invalidateQueries({ queryKey: key, exact: true }));
  }
  return Promise.all([
    ...reloads,
    queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
    queryClient.invalidateQueries({ queryKey: adminQueryKey }),
    queryClient.invalidateQueries({ queryKey: waitsQueryKey }),
  ]);
}
