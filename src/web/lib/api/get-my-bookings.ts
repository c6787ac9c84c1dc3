import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '../../../shared/bookings/bookings.schemas';
import { api } from '../api-client';
import { bookingsQueryKey } from '../query-keys';

export const myBookingsQueryKey = [...bookingsQueryKey, 'mine'] as const;

export async function getMyBookings(): Promise<Booking[]> {
  const { bookings } = await api<{ bookings: Booking[] }>('/api/bookings/mine');
  return bookings;
}

/** `userId` is only in the key: another person signing in on this browser gets their own team's list. */
export const myBookingsQueryOptions = (userId: string | null) => queryOptions({ queryKey: [...myBookingsQueryKey, { userId }] as const, queryFn: getMyBookings });

export const useMyBookings = (userId: string | null, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...myBookingsQueryOptions(userId), enabled });

/** The calendar file of one booking; a plain link downloads it with the session cookie. */
export const bookingIcsHref = (id: string) => `/api/bookings/${encodeURIComponent(id)}/ics`;
