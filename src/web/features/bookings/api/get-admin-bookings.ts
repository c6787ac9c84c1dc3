import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import { api } from '../../../lib/api-client';
import { bookingsQueryKey } from '../../../lib/query-keys';
import { adminBookingQueryString, type AdminBookingFilters } from '../admin-booking-filters';

export const adminBookingsQueryKey = [...bookingsQueryKey, 'admin'] as const;

export async function getAdminBookings(filters: AdminBookingFilters): Promise<Booking[]> {
  const { bookings } = await api<{ bookings: Booking[] }>(`/api/admin/bookings${adminBookingQueryString(filters)}`);
  return bookings;
}

export const adminBookingsQueryOptions = (filters: AdminBookingFilters) =>
  queryOptions({
    queryKey: [...adminBookingsQueryKey, filters] as const,
    queryFn: () => getAdminBookings(filters),
    // The last results stay while a changed filter loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export const useAdminBookings = (filters: AdminBookingFilters) => useQuery(adminBookingsQueryOptions(filters));
