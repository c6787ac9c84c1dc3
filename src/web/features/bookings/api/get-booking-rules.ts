import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { BookingRules } from '../../../../shared/bookings/booking-rules';
import { api } from '../../../lib/api-client';
import { bookingsQueryKey } from '../../../lib/query-keys';

export const bookingRulesQueryKey = [...bookingsQueryKey, 'rules'] as const;

export async function getBookingRules(seasonId: string): Promise<BookingRules> {
  const { rules } = await api<{ rules: BookingRules }>(`/api/seasons/${encodeURIComponent(seasonId)}/booking-rules`);
  return rules;
}

export const bookingRulesQueryOptions = (seasonId: string) =>
  queryOptions({ queryKey: [...bookingRulesQueryKey, seasonId] as const, queryFn: () => getBookingRules(seasonId), staleTime: 60_000 });

export const useBookingRules = (seasonId: string | null) => useQuery({ ...bookingRulesQueryOptions(seasonId ?? ''), enabled: Boolean(seasonId) });

/** The rules of several seasons at once, by season id (those not loaded yet are missing). */
export function useBookingRulesOf(seasonIds: readonly string[]): Map<string, BookingRules> {
  return useQueries({
    queries: seasonIds.map((id) => bookingRulesQueryOptions(id)),
    combine: (results) => {
      const rules = new Map<string, BookingRules>();
      results.forEach((result, i) => {
        const id = seasonIds[i];
        if (id && result.data) rules.set(id, result.data);
      });
      return rules;
    },
  });
}
