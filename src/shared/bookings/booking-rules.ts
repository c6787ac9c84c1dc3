import { Temporal } from 'temporal-polyfill';

/**
 * The league's booking rules, per season (product.md "Booking rules"). Pure functions shared by the server,
 * which decides, and the web app, which explains a rule before the click with the same words.
 */
export interface BookingRules {
  bookingOpen: boolean;
  pausedMessage: string | null;
  /** ISO instants; null means the season's first / last day. */
  windowOpensAt: string | null;
  windowClosesAt: string | null;
  maxPerWeek: number;
  maxPerDay: number;
  maxUpcoming: number;
  minLeadHours: number;
  maxAheadDays: number;
  cancelCutoffHours: number;
}

export const DEFAULT_BOOKING_RULES: BookingRules = {
  bookingOpen: true,
  pausedMessage: null,
  windowOpensAt: null,
  windowClosesAt: null,
  maxPerWeek: 2,
  maxPerDay: 1,
  maxUpcoming: 4,
  minLeadHours: 12,
  maxAheadDays: 21,
  cancelCutoffHours: 24,
};

export type RuleCode =
  | 'SLOT_BLOCKED'
  | 'SLOT_TAKEN'
  | 'SLOT_PAST'
  | 'BOOKING_PAUSED'
  | 'WINDOW_NOT_OPEN'
  | 'WINDOW_CLOSED'
  | 'TOO_SOON'
  | 'TOO_FAR_AHEAD'
  | 'DAY_LIMIT'
  | 'WEEK_LIMIT'
  | 'UPCOMING_LIMIT';

export type RuleResult = { ok: true } | { ok: false; code: RuleCode; message: string };

export interface SlotForRules {
  startsAt: Date;
  endsAt: Date;
  status: 'open' | 'booked' | 'blocked';
  blockReason?: string | null;
}

export interface BookingCheck {
  rules: BookingRules;
  season: { startsOn: string; endsOn: string };
  slot: SlotForRules;
  /** Start times of the team's confirmed bookings (any season). */
  teamBookings: readonly Date[];
  teamName: string;
  now: Date;
  timeZone: string;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function zoned(d: Date, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO(timeZone);
}

/** The local calendar day of an instant. */
export function localDay(d: Date, timeZone: string): string {
  return zoned(d, timeZone).toPlainDate().toString();
}

/** Monday of the local week (Mon–Sun) an instant falls in. */
export function weekStart(d: Date, timeZone: string): string {
  const date = zoned(d, timeZone).toPlainDate();
  return date.subtract({ days: date.dayOfWeek - 1 }).toString();
}

export function formatDay(isoDate: string): string {
  return Temporal.PlainDate.from(isoDate).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
}

export function formatDateTime(d: Date, timeZone: string): string {
  return d.toLocaleString('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The instant the booking window opens / closes: the rule if set, else the season's first day / the end of its last day. */
export function bookingWindow(rules: BookingRules, season: { startsOn: string; endsOn: string }, timeZone: string): { opens: Date; closes: Date } {
  const opens = rules.windowOpensAt ? new Date(rules.windowOpensAt) : new Date(Temporal.PlainDate.from(season.startsOn).toZonedDateTime({ timeZone }).epochMilliseconds);
  const closes = rules.windowClosesAt
    ? new Date(rules.windowClosesAt)
    : new Date(Temporal.PlainDate.from(season.endsOn).add({ days: 1 }).toZonedDateTime({ timeZone }).epochMilliseconds);
  return { opens, closes };
}

/** Whether a team may book a slot now, and if not, the rule and the words a coach sees (same on both sides). */
export function checkBooking(c: BookingCheck): RuleResult {
  const { rules, slot, now, timeZone, teamName } = c;
  if (slot.status === 'blocked') return { ok: false, code: 'SLOT_BLOCKED', message: `This slot is blocked${slot.blockReason ? `: ${slot.blockReason}` : ''}.` };
  if (slot.status === 'booked') return { ok: false, code: 'SLOT_TAKEN', message: 'Someone just booked this slot. Pick another time.' };
  if (slot.startsAt.getTime() <= now.getTime()) return { ok: false, code: 'SLOT_PAST', message: 'This practice time has already started or passed.' };
  if (!rules.bookingOpen) {
    return { ok: false, code: 'BOOKING_PAUSED', message: `Booking is paused: ${rules.pausedMessage?.trim() || 'the league has paused booking for now.'}` };
  }
  const { opens, closes } = bookingWindow(rules, c.season, timeZone);
  if (now < opens) return { ok: false, code: 'WINDOW_NOT_OPEN', message: `Booking opens ${formatDateTime(opens, timeZone)}.` };
  if (now >= closes) return { ok: false, code: 'WINDOW_CLOSED', message: `Booking for this season closed ${formatDateTime(closes, timeZone)}.` };
  const lead = slot.startsAt.getTime() - now.getTime();
  if (lead < rules.minLeadHours * HOUR) {
    return { ok: false, code: 'TOO_SOON', message: `Practices must be booked at least ${plural(rules.minLeadHours, 'hour')} ahead.` };
  }
  if (lead > rules.maxAheadDays * DAY) return { ok: false, code: 'TOO_FAR_AHEAD', message: `You can book up to ${plural(rules.maxAheadDays, 'day')} ahead.` };

  const day = localDay(slot.startsAt, timeZone);
  const sameDay = c.teamBookings.filter((b) => localDay(b, timeZone) === day).length;
  if (sameDay >= rules.maxPerDay) {
    return { ok: false, code: 'DAY_LIMIT', message: `${teamName} already has ${plural(sameDay, 'practice')} on ${formatDay(day)} (limit ${rules.maxPerDay}).` };
  }
  const week = weekStart(slot.startsAt, timeZone);
  const sameWeek = c.teamBookings.filter((b) => weekStart(b, timeZone) === week).length;
  if (sameWeek >= rules.maxPerWeek) {
    return { ok: false, code: 'WEEK_LIMIT', message: `${teamName} already has ${plural(sameWeek, 'practice')} in the week of ${formatDay(week)} (limit ${rules.maxPerWeek}).` };
  }
  const upcoming = c.teamBookings.filter((b) => b.getTime() > now.getTime()).length;
  if (upcoming >= rules.maxUpcoming) {
    return { ok: false, code: 'UPCOMING_LIMIT', message: `${teamName} already has ${plural(upcoming, 'upcoming practice')} (limit ${rules.maxUpcoming}).` };
  }
  return { ok: true };
}

/** Whether a coach may still cancel (admins always may). */
export function checkCancellation(rules: BookingRules, startsAt: Date, now: Date): RuleResult {
  if (startsAt.getTime() - now.getTime() < rules.cancelCutoffHours * HOUR) {
    return {
      ok: false,
      code: 'TOO_SOON',
      message: `Cancellations close ${plural(rules.cancelCutoffHours, 'hour')} before the start; contact an admin.`,
    };
  }
  return { ok: true };
}
