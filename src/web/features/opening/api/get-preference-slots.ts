import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Slot } from '../../../../shared/slots/slots.schemas';
import { getSlotsByIds } from '../../../lib/api/get-slots';
import { openingsQueryKey, slotListsQueryKey } from '../../../lib/query-keys';

/**
 * The slots a ranked list names, by id: from the week on screen, else from any week already read (the coach ranked
 * it there and moved on), else read by id (a list saved earlier, on another day). `missing` are the ids the server
 * does not list any more (a slot deleted since), once that is known.
 */
export function usePreferenceSlots(slotIds: readonly string[], weekSlots: readonly Slot[]): { slots: Map<string, Slot>; loading: boolean; missing: Set<string> } {
  const queryClient = useQueryClient();
  const known = new Map<string, Slot>();
  const wanted = new Set(slotIds);
  for (const slot of weekSlots) if (wanted.has(slot.id)) known.set(slot.id, slot);
  if (known.size < wanted.size) {
    for (const [, cached] of queryClient.getQueriesData<Slot[]>({ queryKey: slotListsQueryKey })) {
      for (const slot of cached ?? []) if (wanted.has(slot.id) && !known.has(slot.id)) known.set(slot.id, slot);
    }
  }
  const unknown = slotIds.filter((id) => !known.has(id)).sort();
  const read = useQuery({
    queryKey: [...openingsQueryKey, 'slots-by-id', unknown] as const,
    queryFn: () => getSlotsByIds(unknown),
    enabled: unknown.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  for (const slot of read.data ?? []) if (wanted.has(slot.id) && !known.has(slot.id)) known.set(slot.id, slot);
  const settled = read.isSuccess && !read.isPlaceholderData;
  const missing = new Set(settled ? unknown.filter((id) => !known.has(id)) : []);
  return { slots: known, loading: unknown.some((id) => !known.has(id)) && !settled, missing };
}
