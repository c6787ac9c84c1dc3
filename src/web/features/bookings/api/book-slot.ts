import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import { api } from '../../../lib/api-client';
import { refreshBookingData } from '../../../lib/live/refresh-booking-data';

export async function bookSlot(slotId: string): Promise<Booking> {
  const { booking } = await api<{ booking: Booking }>('/api/bookings', { method: 'POST', body: { slotId } });
  return booking;
}

/** Books an open slot for the caller's team. Win or lose (409 taken, 422 a rule), the week is reloaded. */
export function useBookSlot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bookSlot, onSettled: () => refreshBookingData(queryClient) });
}
