import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import { api } from '../../../lib/api-client';
import { refreshBookingData } from '../../../lib/live/refresh-booking-data';

/**
 * An admin moves a confirmed booking to another open slot, in one step; `allowOtherDivision`: the admin confirmed a
 * field limited to other divisions than the team's (issue 29).
 */
export async function moveBooking(id: string, slotId: string, reason?: string, allowOtherDivision = false): Promise<Booking> {
  const body = { slotId, ...(reason?.trim() ? { reason: reason.trim() } : {}), ...(allowOtherDivision ? { allowOtherDivision } : {}) };
  const { booking } = await api<{ booking: Booking }>(`/api/admin/bookings/${encodeURIComponent(id)}/move`, { method: 'POST', body });
  return booking;
}

export function useMoveBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, slotId, reason, allowOtherDivision }: { id: string; slotId: string; reason?: string | undefined; allowOtherDivision?: boolean }) =>
      moveBooking(id, slotId, reason, allowOtherDivision),
    onSettled: () => refreshBookingData(queryClient),
  });
}
