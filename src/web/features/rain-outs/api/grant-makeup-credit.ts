import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { grantCreditInputSchema, MakeupCredit } from '../../../../shared/rain-outs/rain-outs.schemas';
import { api } from '../../../lib/api-client';
import { makeupCreditsQueryKey } from '../../../lib/query-keys';

export type GrantCreditValues = z.output<typeof grantCreditInputSchema>;

/** Gives a team one make-up practice (a credit past the daily and weekly limits). */
export async function grantMakeupCredit(input: GrantCreditValues): Promise<MakeupCredit> {
  const { credit } = await api<{ credit: MakeupCredit }>('/api/makeup-credits', { method: 'POST', body: { ...input } });
  return credit;
}

export function useGrantMakeupCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantMakeupCredit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: makeupCreditsQueryKey }),
  });
}
