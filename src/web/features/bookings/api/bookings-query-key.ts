import type { QueryClient } from '@tanstack/react-query';
import { adminQueryKey } from '../../admin/api/get-admin-overview';
import { slotsQueryKey } from '../../slots/api/get-slots';

/** Every bookings query (context, mine, admin search, rules) sits under this key. */
export const bookingsQueryKey = ['bookings'] as const;

/**
 * After a booking changes (here or, through the live events, anywhere): the slot weeks, the rule context,
 * the team's and the admin's lists and the admin counts are all stale. Only the queries on screen refetch.
 */
export function refreshBookingData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: slotsQueryKey }),
    queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
    queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  ]);
}
