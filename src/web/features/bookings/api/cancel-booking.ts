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

interface CancelInput {
  id: string;
  reason?: string;
}

/**
 * Win or lose, the team's bookings are reloaded, and the press stays pending until they are. `onError` hears a
 * refusal as soon as the server answers, while they reload (as useBookSlot's: see there).
 */
export function useCancelBooking({ onError }: { onError?: (error: Error, input: CancelInput) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: CancelInput) => cancelBooking(id, reason),
    onError,
    onSettled: () => refreshBookingData(queryClient),
  });
}
