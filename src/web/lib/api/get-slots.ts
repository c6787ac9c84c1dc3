import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Slot, SlotQuery } from '../../../shared/slots/slots.schemas';
import { api } from '../api-client';
import { slotListsQueryKey } from '../query-keys';

export type { SlotQuery };

export async function getSlots(query: SlotQuery): Promise<Slot[]> {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.seasonId) params.set('seasonId', query.seasonId);
  if (query.facilityId) params.set('facilityId', query.facilityId);
  if (query.fieldId) params.set('fieldId', query.fieldId);
  const { slots } = await api<{ slots: Slot[] }>(`/api/slots?${params.toString()}`);
  return slots;
}

/** The slots a live event named, as the week view shows them (GET /api/slots/by-id). */
export async function getSlotsByIds(ids: readonly string[]): Promise<Slot[]> {
  const { slots } = await api<{ slots: Slot[] }>(`/api/slots/by-id?ids=${ids.map(encodeURIComponent).join(',')}`);
  return slots;
}

export const slotsQueryOptions = (query: SlotQuery) =>
  queryOptions({
    queryKey: [...slotListsQueryKey, query] as const,
    queryFn: () => getSlots(query),
    // The week before stays on screen while the next one loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });

export const useSlots = (query: SlotQuery, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...slotsQueryOptions(query), enabled });
