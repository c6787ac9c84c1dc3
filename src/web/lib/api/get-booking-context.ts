import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingContext } from '../../../shared/bookings/bookings.schemas';
import { api } from '../api-client';
import { bookingContextQueryKey } from '../query-keys';

/** Rules, the caller's team and its bookings, and the server's clock: what explains a rule before the click. */
export function getBookingContext(seasonId: string | null): Promise<BookingContext> {
  const query = seasonId ? `?seasonId=${encodeURIComponent(seasonId)}` : '';
  return api<BookingContext>(`/api/bookings/context${query}`);
}

/** `userId` (null for a visitor) is only in the key: the answer depends on who asks, so a sign-in refetches. */
export const bookingContextQueryOptions = (seasonId: string | null, userId: string | null) =>
  queryOptions({
    queryKey: [...bookingContextQueryKey, { seasonId, userId }] as const,
    queryFn: () => getBookingContext(seasonId),
    placeholderData: keepPreviousData,
  });

export const useBookingContext = (seasonId: string | null, userId: string | null, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...bookingContextQueryOptions(seasonId, userId), enabled });
