import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DivisionRules, DivisionRulesInput } from '../../../../shared/divisions/divisions.schemas';
import { api } from '../../../lib/api-client';
import { bookingsQueryKey } from '../../../lib/query-keys';
import { divisionRulesQueryKey } from './get-division-rules';

export async function saveDivisionRules(seasonId: string, divisionId: string, rules: DivisionRulesInput): Promise<DivisionRules> {
  const { rules: saved } = await api<{ rules: DivisionRules }>(
    `/api/admin/seasons/${encodeURIComponent(seasonId)}/division-rules/${encodeURIComponent(divisionId)}`,
    { method: 'PUT', body: { ...rules } },
  );
  return saved;
}

/** Sets a division's own rules in a season (null: the season's), its booking window's opening among them. */
export function useSaveDivisionRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seasonId, divisionId, rules }: { seasonId: string; divisionId: string; rules: DivisionRulesInput }) => saveDivisionRules(seasonId, divisionId, rules),
    onSuccess: (saved, { seasonId }) => {
      queryClient.setQueryData<DivisionRules[]>([...divisionRulesQueryKey, seasonId], (list) => list?.map((r) => (r.divisionId === saved.divisionId ? saved : r)));
      // The rules explain every slot on Book a Field, so the booking context goes stale with them.
      return queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
    },
  });
}
