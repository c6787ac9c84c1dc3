import { weekStart, type BookingRules } from '../../../shared/bookings/booking-rules';
import type { Booking } from '../../../shared/bookings/bookings.schemas';
import { addDays, dateInZone, formatLongDay, formatMonthDay, formatTimeRange } from '../../lib/dates';
import type { Translate } from '../../lib/i18n';
import { openingDateTime, type PendingRound } from '../../lib/opening-slots';

type Words = Translate<'coach-dashboard'>;

/** The team's practices still to come (or under way), soonest first: the first one is "next practice". */
export function upcomingPractices(bookings: readonly Booking[], now: Date): Booking[] {
  return bookings
    .filter((b) => b.status === 'confirmed' && Date.parse(b.endsAt) > now.getTime())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

/** One limit's use: `max` null when no season (so no rules) applies. */
export interface LimitUse {
  used: number;
  max: number | null;
}

export interface LimitsSummary {
  /** Mondays (league zone) of this week and next week. */
  thisWeekOf: string;
  nextWeekOf: string;
  thisWeek: LimitUse;
  nextWeek: LimitUse;
  upcoming: LimitUse;
}

/**
 * How much of the weekly and upcoming limits the team uses, counted as the server counts them when it books
 * (shared booking-rules.ts: weeks are Monday–Sunday in the league zone, past practices of this week count).
 * Next week is this week's Monday plus 7 calendar days, not plus 168 hours, so a DST change cannot skip a week.
 */
export function limitsSummary(teamBookings: readonly string[], rules: Pick<BookingRules, 'maxPerWeek' | 'maxUpcoming'> | null, now: Date, timeZone: string): LimitsSummary {
  const thisWeekOf = weekStart(now, timeZone);
  const nextWeekOf = addDays(thisWeekOf, 7);
  const weeks = teamBookings.map((start) => weekStart(new Date(start), timeZone));
  const inWeek = (monday: string) => weeks.filter((w) => w === monday).length;
  return {
    thisWeekOf,
    nextWeekOf,
    thisWeek: { used: inWeek(thisWeekOf), max: rules?.maxPerWeek ?? null },
    nextWeek: { used: inWeek(nextWeekOf), max: rules?.maxPerWeek ?? null },
    upcoming: { used: teamBookings.filter((start) => Date.parse(start) > now.getTime()).length, max: rules?.maxUpcoming ?? null },
  };
}

/** "1 of 2", or "1" when no limit applies. */
export function limitText(t: Words, { used, max }: LimitUse): string {
  return max === null ? String(used) : t('limit.of', { used, max });
}

/** Whether the team can still book under this limit (no limit: yes). */
export const limitLeft = ({ used, max }: LimitUse): number | null => (max === null ? null : Math.max(0, max - used));

/**
 * When a practice is, in the league zone, as a coach reads it: "Today", "Tomorrow" or "Thursday, March 5",
 * and "6:00 pm – 7:30 pm"; `underWay` while it has started and not ended.
 */
export function practiceWhen(
  t: Words,
  booking: Pick<Booking, 'startsAt' | 'endsAt'>,
  now: Date,
  timeZone: string,
): { day: string; relative: string | null; time: string; underWay: boolean } {
  const day = dateInZone(booking.startsAt, timeZone);
  const today = dateInZone(now, timeZone);
  const relative = day === today ? t('when.today') : day === addDays(today, 1) ? t('when.tomorrow') : null;
  const underWay = Date.parse(booking.startsAt) <= now.getTime() && Date.parse(booking.endsAt) > now.getTime();
  return { day: formatLongDay(day), relative, time: formatTimeRange(booking.startsAt, booking.endsAt, timeZone), underWay };
}

/** Where a practice is on a map: the facility's own map link, else a map search for its address, else none. */
export function mapLink(booking: Pick<Booking, 'mapUrl' | 'facilityAddress'>): string | null {
  if (booking.mapUrl) return booking.mapUrl;
  const address = booking.facilityAddress?.trim();
  return address ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}` : null;
}

/** The server's "now" from its clock read at `receivedAt` (browser ms), moved on by the browser's clock since. */
export function serverNow(serverIso: string | undefined, receivedAt: number, browserNow: number): Date {
  const server = serverIso ? Date.parse(serverIso) : Number.NaN;
  if (!Number.isFinite(server) || receivedAt <= 0) return new Date(browserNow);
  return new Date(server + Math.max(0, browserNow - receivedAt));
}

/**
 * The opening round card, in words (issue 26): "Opening round: submitted, 3 of 10 · draw Thu Dec 3, 8:00 pm", or what
 * the coach still has to do and by when. `saved` is the team's list as the server holds it; null when it could not be
 * read (then the card does not say "not submitted", only when things happen).
 */
export function openingCardText(
  t: Words,
  { round, status }: PendingRound,
  saved: { slotIds: readonly string[]; savedAt: string | null } | null,
  timeZone: string,
): string {
  const draw = openingDateTime(round.drawAt, timeZone);
  const closes = openingDateTime(round.closesAt, timeZone);
  if (status === 'announced') return t('opening.announced', { opens: openingDateTime(round.opensAt, timeZone), draw });
  if (!saved) return status === 'open' ? t('opening.closesUnknown', { closes, draw }) : t('opening.closedUnknown', { draw });
  const submitted = saved.savedAt && saved.slotIds.length > 0 ? saved.slotIds.length : 0;
  if (submitted) return t('opening.submitted', { count: submitted, max: round.maxPreferences, draw });
  if (status === 'closed') return t('opening.nothingSubmitted', { draw });
  return t('opening.notSubmitted', { max: round.maxPreferences, closes });
}

/**
 * The last day of the team's first make-up practice to run out ("Dec 10"), in the league's zone; null without any.
 * A credit runs out at the start of the day after its last day.
 */
export function firstCreditLastDay(expiries: readonly string[], timeZone: string): string | null {
  if (expiries.length === 0) return null;
  const first = Math.min(...expiries.map((expiresAt) => Date.parse(expiresAt)));
  return formatMonthDay(dateInZone(new Date(first - 1), timeZone));
}
