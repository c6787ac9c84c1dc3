import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import { api } from '../../../lib/api-client';
import { refreshBookingData } from '../../../lib/live/refresh-booking-data';

/** A coach cancels one of the team's bookings; the server refuses (422) after the cutoff. */
export async function cancelBooking(id: string, reason?: string): Promise<Booking> {
  const body = reason?.trim() ? { reason: reason.trim() } : {};
  const { booking } = await api<{ booking: Booking }>(`/api/bookings/${encodeURIComponent(id)}/cancel`, { method: 'POST', body });
  return booking;
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) => cancelBooking(id, reason),
    onSettled: () => refreshBookingData(queryClient),
  });
}
