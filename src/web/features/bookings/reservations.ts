import type { Booking } from '../../../shared/bookings/bookings.schemas';

/**
 * My Reservations' two lists: upcoming (not yet over, cancelled ones included so a coach sees a bump or an
 * admin's cancellation with its reason), soonest first; past (over), latest first.
 */
export function splitReservations(bookings: readonly Booking[], now: Date): { upcoming: Booking[]; past: Booking[] } {
  const over = (b: Booking) => Date.parse(b.endsAt) <= now.getTime();
  const byStart = (a: Booking, b: Booking) => Date.parse(a.startsAt) - Date.parse(b.startsAt);
  return {
    upcoming: bookings.filter((b) => !over(b)).sort(byStart),
    past: bookings.filter(over).sort((a, b) => byStart(b, a)),
  };
}
