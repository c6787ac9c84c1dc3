import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import type { Wait } from '../../../../shared/waitlist/waitlist.schemas';
import { api } from '../../../lib/api-client';
import { refreshBookingData } from '../../../lib/live/refresh-booking-data';
import { toast } from '../../../lib/toast';
import { takenMessage, waitlistT } from '../waitlist-words';

export async function takeWait(waitId: string): Promise<Booking> {
  const { booking } = await api<{ booking: Booking }>(`/api/waits/${encodeURIComponent(waitId)}/take`, { method: 'POST' });
  return booking;
}

/**
 * Take it: books the slot held for the team, under its rules. A refusal comes in the server's words (a rule's refusal
 * says the slot went to the next team). Win or lose, the week, the team's bookings and its waits reload.
 */
export function useTakeWait() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ wait }: { wait: Wait; timeZone: string }) => takeWait(wait.id),
    onSuccess: (booking, { timeZone }) => toast.success(takenMessage(waitlistT, booking, timeZone)),
    onError: (err) => toast.error(err.message),
    onSettled: () => refreshBookingData(queryClient),
  });
}
