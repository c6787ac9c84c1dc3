import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingRules } from '../../../../shared/bookings/booking-rules';
import { api } from '../../../lib/api-client';
import { bookingsQueryKey } from '../../../lib/query-keys';

export async function saveBookingRules(seasonId: string, rules: BookingRules): Promise<BookingRules> {
  const { rules: saved } = await api<{ rules: BookingRules }>(`/api/seasons/${encodeURIComponent(seasonId)}/booking-rules`, {
    method: 'PUT',
    body: { ...rules },
  });
  return saved;
}

export function useSaveBookingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seasonId, rules }: { seasonId: string; rules: BookingRules }) => saveBookingRules(seasonId, rules),
    // The rules explain every slot on Book a Field, so the context goes stale with them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
