import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import type { SwapOffer } from '../../../../shared/swaps/swaps.schemas';
import { api } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { refreshBookingData } from '../../../lib/live/refresh-booking-data';
import { toast } from '../../../lib/toast';
import { acceptedMessage } from '../swap-words';
import { swapsQueryKey } from './get-my-swaps';

export const acceptSwap = (offerId: string, bookingId: string | null) =>
  api<{ offer: SwapOffer; booking: Booking }>(`/api/swaps/${encodeURIComponent(offerId)}/accept`, { method: 'POST', body: bookingId ? { bookingId } : {} });

/**
 * Accept an offer made to the team: both practices move at once, under both teams' rules. `bookingId`: which of the
 * team's practices it gives (a swap); null for a gift. A refusal comes in the server's words ("Swap refused for
 * Orioles: …"). Win or lose, the offers, the team's practices and the weeks reload.
 */
export function useAcceptSwap() {
  const queryClient = useQueryClient();
  const { t } = useT('swaps');
  return useMutation({
    mutationFn: ({ offer, bookingId }: { offer: SwapOffer; bookingId: string | null; timeZone: string }) => acceptSwap(offer.id, bookingId),
    onSuccess: ({ offer, booking }, { timeZone }) => toast.success(acceptedMessage(t, offer, booking, timeZone)),
    onError: (err) => toast.error(err.message),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: swapsQueryKey }), refreshBookingData(queryClient)]),
  });
}
