import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import { api } from '../../../lib/api-client';
import { adminTeamsQueryKey } from '../user-manager-keys';

/** A team's bookings in a season (the admin bookings search, by team and season), soonest first. */
export async function getTeamBookings(teamId: string, seasonId: string): Promise<Booking[]> {
  const query = new URLSearchParams({ teamId, seasonId });
  const { bookings } = await api<{ bookings: Booking[] }>(`/api/admin/bookings?${query.toString()}`);
  return [...bookings].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

export const teamBookingsQueryOptions = (teamId: string, seasonId: string) =>
  queryOptions({ queryKey: [...adminTeamsQueryKey, teamId, 'bookings', seasonId] as const, queryFn: () => getTeamBookings(teamId, seasonId) });

export const useTeamBookings = (teamId: string, seasonId: string) => useQuery(teamBookingsQueryOptions(teamId, seasonId));
