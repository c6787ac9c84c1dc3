import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import { api } from '../../../lib/api-client';
import { refreshBookingData } from '../../../lib/live/refresh-booking-data';

/** An admin moves a confirmed booking to another open slot, in one step. */
export async function moveBooking(id: string, slotId: string, reason?: string): Promise<Booking> {
  const body = reason?.trim() ? { slotId, reason: reason.trim() } : { slotId };
  const { booking } = await api<{ booking: Booking }>(`/api/admin/bookings/${encodeURIComponent(id)}/move`, { method: 'POST', body });
  return booking;
}

export function useMoveBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, slotId, reason }: { id: string; slotId: string; reason?: string }) => moveBooking(id, slotId, reason),
    onSettled: () => refreshBookingData(queryClient),
  });
}
