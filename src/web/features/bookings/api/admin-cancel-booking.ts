import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import { api } from '../../../lib/api-client';
import { refreshBookingData } from '../../../lib/live/refresh-booking-data';

/** An admin cancels any booking, at any time, with a reason the coach is sent. */
export async function adminCancelBooking(id: string, reason: string): Promise<Booking> {
  const { booking } = await api<{ booking: Booking }>(`/api/admin/bookings/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: { reason } });
  return booking;
}

export function useAdminCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => adminCancelBooking(id, reason),
    onSettled: () => refreshBookingData(queryClient),
  });
}
