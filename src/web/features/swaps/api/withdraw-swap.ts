import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SwapOffer } from '../../../../shared/swaps/swaps.schemas';
import { api } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { withdrawnMessage } from '../swap-words';
import { swapsQueryKey } from './get-my-swaps';

export const withdrawSwap = (offerId: string) => api<{ offer: SwapOffer }>(`/api/swaps/${encodeURIComponent(offerId)}/withdraw`, { method: 'POST', body: {} });

/** Take back an offer the team made; the offers reload either way. */
export function useWithdrawSwap() {
  const queryClient = useQueryClient();
  const { t } = useT('swaps');
  return useMutation({
    mutationFn: (offer: SwapOffer) => withdrawSwap(offer.id),
    onSuccess: (_answer, offer) => toast.success(withdrawnMessage(t, offer)),
    onError: (err) => toast.error(err.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: swapsQueryKey }),
  });
}
