import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Slot, slotEditSchema } from '../../../../shared/slots/slots.schemas';
import { api } from '../../../lib/api-client';
import { slotsQueryKey } from '../../../lib/query-keys';

export type SlotEditValues = z.output<typeof slotEditSchema>;

export async function updateSlot(id: string, input: SlotEditValues): Promise<Slot> {
  const { slot } = await api<{ slot: Slot }>(`/api/slots/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...input } });
  return slot;
}

export function useUpdateSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SlotEditValues }) => updateSlot(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slotsQueryKey }),
  });
}
