import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import { api } from '../../../lib/api-client';
import { refreshBookingData } from '../../../lib/live/refresh-booking-data';

export async function bookSlot(slotId: string): Promise<Booking> {
  const { booking } = await api<{ booking: Booking }>('/api/bookings', { method: 'POST', body: { slotId } });
  return booking;
}

/**
 * Books an open slot for the caller's team. Win or lose (409 taken, 422 a rule, 503 the database down), the week is
 * reloaded, and the press stays pending until it is: the slot then shows what the server holds. `onError` hears a
 * refusal as soon as the server answers, while the week reloads (in an outage that reload may take seconds to fail),
 * so the page can say so at once and hold the slot while it is checked (ApiError.outcomeUnknown).
 */
export function useBookSlot({ onError }: { onError?: (error: Error, slotId: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bookSlot, onError, onSettled: () => refreshBookingData(queryClient) });
}
