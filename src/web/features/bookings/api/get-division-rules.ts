import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DivisionRules } from '../../../../shared/divisions/divisions.schemas';
import { api } from '../../../lib/api-client';
import { bookingsQueryKey } from '../../../lib/query-keys';

/** Each season's rules by division (issue 29), under the bookings key: what invalidates the season's rules reloads these. */
export const divisionRulesQueryKey = [...bookingsQueryKey, 'division-rules'] as const;

export async function getDivisionRules(seasonId: string): Promise<DivisionRules[]> {
  const { rules } = await api<{ rules: DivisionRules[] }>(`/api/admin/seasons/${encodeURIComponent(seasonId)}/division-rules`);
  return rules;
}

/** One entry per division in the league's order; a null rule is the season's. */
export const divisionRulesQueryOptions = (seasonId: string) =>
  queryOptions({ queryKey: [...divisionRulesQueryKey, seasonId] as const, queryFn: () => getDivisionRules(seasonId) });

export const useDivisionRules = (seasonId: string) => useQuery(divisionRulesQueryOptions(seasonId));
