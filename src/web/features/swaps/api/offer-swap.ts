import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SwapOffer, SwapOfferRequest } from '../../../../shared/swaps/swaps.schemas';
import { api } from '../../../lib/api-client';
import { swapsQueryKey } from './get-my-swaps';

export async function offerSwap(input: SwapOfferRequest): Promise<SwapOffer> {
  const { offer } = await api<{ offer: SwapOffer }>('/api/swaps', { method: 'POST', body: { ...input } });
  return offer;
}

/** Offer one of the team's practices to another team (in trade, or as a gift); the team's offers reload either way. */
export function useOfferSwap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offerSwap,
    onSettled: () => queryClient.invalidateQueries({ queryKey: swapsQueryKey }),
  });
}
