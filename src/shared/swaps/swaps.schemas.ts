import { z } from 'zod';

/**
 * Practice swaps between teams (issue 29, decision 036). A coach offers one of the team's upcoming practices to one
 * other team: in trade for one of that team's practices (`swap`: one chosen, or "any of these"), or as a gift
 * (`give`). The other team's coach accepts or declines; accepting moves both practices in one transaction.
 */
export const SWAP_KINDS = ['swap', 'give'] as const;
export type SwapKind = (typeof SWAP_KINDS)[number];

/** `void`: one of its practices was cancelled, moved or blocked before an answer, so it can no longer be taken. */
export const SWAP_STATES = ['open', 'accepted', 'declined', 'withdrawn', 'expired', 'void'] as const;
export type SwapState = (typeof SWAP_STATES)[number];
