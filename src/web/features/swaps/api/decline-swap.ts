import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SwapOffer } from '../../../../shared/swaps/swaps.schemas';
import { api } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { declinedMessage } from '../swap-words';
import { swapsQueryKey } from './get-my-swaps';

export const declineSwap = (offerId: string) => api<{ offer: SwapOffer }>(`/api/swaps/${encodeURIComponent(offerId)}/decline`, { method: 'POST', body: {} });

/** Decline an offer made to the team (the offering team is emailed); the offers reload either way. */
export function useDeclineSwap() {
  const queryClient = useQueryClient();
  const { t } = useT('swaps');
  return useMutation({
    mutationFn: (offer: SwapOffer) => declineSwap(offer.id),
    onSuccess: (_answer, offer) => toast.success(declinedMessage(t, offer)),
    onError: (err) => toast.error(err.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: swapsQueryKey }),
  });
}
