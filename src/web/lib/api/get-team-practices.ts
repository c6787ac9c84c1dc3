import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking, BookingContext } from '../../../shared/bookings/bookings.schemas';
import { api } from '../api-client';
import { bookingContextQueryKey, bookingsQueryKey } from '../query-keys';

/*
 * The caller's team's practices and booking context, for pages outside the bookings feature (the coach
 * dashboard). The keys are the ones the bookings feature uses for the same requests, so both share one cache
 * entry and every booking change (a mutation, a live update) refreshes both.
 * TODO: features/bookings/api/get-booking-context.ts and get-my-bookings.ts can use these and drop their copies.
 */

/** Rules of the active season, the caller's team and its confirmed bookings' start times, and the server's clock. */
export const teamBookingContextQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...bookingContextQueryKey, { seasonId: null, userId }] as const,
    queryFn: () => api<BookingContext>('/api/bookings/context'),
    placeholderData: keepPreviousData,
  });

export const useTeamBookingContext = (userId: string | null, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...teamBookingContextQueryOptions(userId), enabled });

/** Every booking of the caller's team (confirmed and cancelled), with field, facility and map link. */
export const teamBookingsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...bookingsQueryKey, 'mine', { userId }] as const,
    queryFn: async () => (await api<{ bookings: Booking[] }>('/api/bookings/mine')).bookings,
  });

export const useTeamBookings = (userId: string | null, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...teamBookingsQueryOptions(userId), enabled });
