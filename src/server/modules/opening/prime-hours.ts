import { Temporal } from 'temporal-polyfill';

/** Prime time: practices that start Monday to Friday from 17:00 up to (not at) 21:00, league time. */
export const PRIME_START_HOUR = 17;
export const PRIME_END_HOUR = 21;

/**
 * A team's prime-time hours for the draw's "fewer prime-time hours first" weighting (decision 030): the hours of its
 * confirmed bookings this season whose practice starts on a weekday evening (Mon–Fri, 17:00 ≤ start < 21:00, in the
 * league's zone). A practice counts whole, by its length, whenever it starts inside the window.
 */
export function primeHours(bookings: ReadonlyArray<{ startsAt: Date; endsAt: Date }>, timeZone: string): number {
  let ms = 0;
  for (const b of bookings) {
    const local = Temporal.Instant.fromEpochMilliseconds(b.startsAt.getTime()).toZonedDateTimeISO(timeZone);
    const minutes = local.hour * 60 + local.minute;
    if (local.dayOfWeek <= 5 && minutes >= PRIME_START_HOUR * 60 && minutes < PRIME_END_HOUR * 60) ms += b.endsAt.getTime() - b.startsAt.getTime();
  }
  // Hours to two decimals: the published inputs stay readable, and the order never hangs on a float's last bit.
  return Math.round(ms / 36_000) / 100;
}
