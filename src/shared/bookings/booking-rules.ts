import { Temporal } from 'temporal-polyfill';
import type { MessageKey } from '../i18n/catalogues';
import { INTL_LOCALE, type Locale } from '../i18n/locales';
import { formatDateTime, formatWeekdayDay } from '../time/date-words';

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

/**
 * Why a booking is refused, with the facts its words need. checkBooking and checkLimits build one and word it with
 * `refusalMessage`; the database's booking call (`cgsl_book`, docs/decisions/031) answers the same facts, worded by
 * the same function on the server, so a refusal reads alike whichever of them decided it.
 */
export type Refusal =
  /** A field limited to other divisions (issue 29, decision 035); `divisions`: the ones it is for, in the league's order. */
  | { code: 'FIELD_DIVISION'; fieldName: string; teamName: string; divisionName: string | null; divisions: readonly string[] }
  | { code: 'SLOT_BLOCKED'; blockReason: string | null }
  | { code: 'SLOT_TAKEN' }
  /** A freed slot held for the first team waiting on it (issue 28, decision 034). */
  | { code: 'SLOT_HELD'; teamName: string; until: Date; timeZone: string }
  | { code: 'SLOT_PAST' }
  | { code: 'BOOKING_PAUSED'; pausedMessage: string | null }
  | { code: 'WINDOW_NOT_OPEN'; opens: Date; timeZone: string }
  | { code: 'WINDOW_CLOSED'; closes: Date; timeZone: string }
  | { code: 'TOO_SOON'; minLeadHours: number }
  | { code: 'TOO_FAR_AHEAD'; maxAheadDays: number }
  | { code: 'DAY_LIMIT'; teamName: string; count: number; limit: number; day: string }
  | { code: 'WEEK_LIMIT'; teamName: string; count: number; limit: number; week: string }
  | { code: 'UPCOMING_LIMIT'; teamName: string; count: number; limit: number };

export type RuleCode = Refusal['code'];

/** `makeup`: allowed only on a make-up credit (past the daily or weekly limit; issue 28). */
export type RuleResult = { ok: true; makeup?: true } | { ok: false; code: RuleCode; message: string };

export interface SlotForRules {
  startsAt: Date;
  endsAt: Date;
  status: 'open' | 'booked' | 'blocked';
  blockReason?: string | null;
  /** Held for a waiting team until then (issue 28); `ours`: held for the team asking, which may take it. */
  heldFor?: { teamName: string; until: Date; ours: boolean } | null;
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
  /** When the team's free make-up credits run out (issue 28): each lets one practice past the daily and weekly limits. */
  makeupCredits?: readonly Date[];
  /** The slot's field when it is limited to some divisions (issue 29), and the team's division. */
  field?: FieldAccess;
}

/** A field limited to some divisions, and the division of the team asking (issue 29). */
export interface FieldAccess {
  fieldName: string;
  /** The divisions the field is for; empty: every team may use it. */
  divisions: readonly string[];
  teamDivision: string | null;
}

/** Whether a team of this division may use the field (a field for no division in particular is for every team). */
export function fieldAllows(access: Pick<FieldAccess, 'divisions' | 'teamDivision'>): boolean {
  if (access.divisions.length === 0) return true;
  const mine = access.teamDivision?.toLowerCase();
  return mine !== undefined && access.divisions.some((d) => d.toLowerCase() === mine);
}

/** The part of a season's rules a division may set for itself (issue 29); null: the season's. */
export interface DivisionRuleOverrides {
  windowOpensAt: string | null;
  windowClosesAt: string | null;
  maxPerWeek: number | null;
  maxPerDay: number | null;
  maxUpcoming: number | null;
  minLeadHours: number | null;
  maxAheadDays: number | null;
}

export const DIVISION_RULE_KEYS = ['windowOpensAt', 'windowClosesAt', 'maxPerWeek', 'maxPerDay', 'maxUpcoming', 'minLeadHours', 'maxAheadDays'] as const;

/** The rules a team of a division books under: the division's own where it set one, else the season's (as `cgsl_booking_decision`). */
export function rulesForDivision(season: BookingRules, overrides: DivisionRuleOverrides | null | undefined): BookingRules {
  if (!overrides) return season;
  const rules = { ...season };
  for (const key of DIVISION_RULE_KEYS) {
    const value = overrides[key];
    if (value !== null && value !== undefined) (rules as Record<string, unknown>)[key] = value;
  }
  return rules;
}

/** Which of a season's rules a division changes, for the words that explain them ("12U: 3 per week"). */
export function overriddenKeys(overrides: DivisionRuleOverrides | null | undefined): Array<(typeof DIVISION_RULE_KEYS)[number]> {
  if (!overrides) return [];
  return DIVISION_RULE_KEYS.filter((k) => overrides[k] !== null && overrides[k] !== undefined);
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

// Formatting a day costs ~0.1 ms; the draw words thousands of refusals over a few dozen days.
const dayWords = new Map<string, string>();

export function formatDay(isoDate: string): string {
  let words = dayWords.get(isoDate);
  if (words === undefined) {
    words = Temporal.PlainDate.from(isoDate).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
    if (dayWords.size >= 2_000) dayWords.clear();
    dayWords.set(isoDate, words);
  }
  return words;
}

/** "Sat Nov 28, 9:00 am" in the league's zone: how every refusal (and email) writes a time (shared/time/date-words.ts). */
export { formatDateTime, formatTime } from '../time/date-words';

export const SLOT_PAST_MESSAGE = 'This practice time has already started or passed.';

const listWords = (items: readonly string[]) => new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' }).format(items);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The words a coach sees for a refusal. */
export function refusalMessage(r: Refusal): string {
  switch (r.code) {
    case 'FIELD_DIVISION':
      return `${r.fieldName} is only for ${listWords(r.divisions)} teams, and ${r.teamName} ${r.divisionName ? `play in ${r.divisionName}` : 'have no division yet'}. Pick a slot on another field.`;
    case 'SLOT_BLOCKED':
      return `This slot is blocked${r.blockReason ? `: ${r.blockReason}` : ''}.`;
    case 'SLOT_TAKEN':
      return 'Someone just booked this slot. Pick another time.';
    case 'SLOT_HELD':
      return `This slot is held for ${r.teamName}, who were waiting for it, until ${formatDateTime(r.until, r.timeZone)}. If they pass, it goes to the next team waiting, or to whoever books first.`;
    case 'SLOT_PAST':
      return SLOT_PAST_MESSAGE;
    case 'BOOKING_PAUSED':
      return `Booking is paused: ${r.pausedMessage?.trim() || 'the league has paused booking for now.'}`;
    case 'WINDOW_NOT_OPEN':
      return `Booking opens ${formatDateTime(r.opens, r.timeZone)}.`;
    case 'WINDOW_CLOSED':
      return `Booking for this season closed ${formatDateTime(r.closes, r.timeZone)}.`;
    case 'TOO_SOON':
      return `Practices must be booked at least ${plural(r.minLeadHours, 'hour')} ahead.`;
    case 'TOO_FAR_AHEAD':
      return `You can book up to ${plural(r.maxAheadDays, 'day')} ahead.`;
    case 'DAY_LIMIT':
      return `${r.teamName} already has ${plural(r.count, 'practice')} on ${formatDay(r.day)} (limit ${r.limit}).`;
    case 'WEEK_LIMIT':
      return `${r.teamName} already has ${plural(r.count, 'practice')} in the week of ${formatDay(r.week)} (limit ${r.limit}).`;
    case 'UPCOMING_LIMIT':
      return `${r.teamName} already has ${plural(r.count, 'upcoming practice')} (limit ${r.limit}).`;
  }
}

/**
 * A refusal's words by key in the errors catalogue (src/shared/i18n/locales/<lang>/errors.json) and their values: what
 * the server's answer carries (`error.key`, `error.params`) and what the web app words on Book a Field. Dates, days and
 * lists of divisions are written in `locale`; worded in English, they read exactly as `refusalMessage` (a test holds
 * every kind of refusal to it).
 */
export interface RefusalWords {
  key: MessageKey<'errors'>;
  params: Record<string, string | number>;
}

export function refusalWords(r: Refusal, locale: Locale = 'en'): RefusalWords {
  const day = (isoDate: string) => (locale === 'en' ? formatDay(isoDate) : formatWeekdayDay(isoDate, locale));
  switch (r.code) {
    case 'FIELD_DIVISION': {
      const divisions = new Intl.ListFormat(INTL_LOCALE[locale], { style: 'long', type: 'conjunction' }).format(r.divisions);
      return r.divisionName
        ? { key: 'refusal.fieldDivision', params: { field: r.fieldName, divisions, team: r.teamName, division: r.divisionName } }
        : { key: 'refusal.fieldDivisionNoDivision', params: { field: r.fieldName, divisions, team: r.teamName } };
    }
    case 'SLOT_BLOCKED':
      return r.blockReason ? { key: 'refusal.slotBlockedReason', params: { reason: r.blockReason } } : { key: 'refusal.slotBlocked', params: {} };
    case 'SLOT_TAKEN':
      return { key: 'refusal.slotTaken', params: {} };
    case 'SLOT_HELD':
      return { key: 'refusal.slotHeld', params: { team: r.teamName, until: formatDateTime(r.until, r.timeZone, locale) } };
    case 'SLOT_PAST':
      return { key: 'refusal.slotPast', params: {} };
    case 'BOOKING_PAUSED': {
      const said = r.pausedMessage?.trim();
      return said ? { key: 'refusal.bookingPaused', params: { message: said } } : { key: 'refusal.bookingPausedDefault', params: {} };
    }
    case 'WINDOW_NOT_OPEN':
      return { key: 'refusal.windowNotOpen', params: { opens: formatDateTime(r.opens, r.timeZone, locale) } };
    case 'WINDOW_CLOSED':
      return { key: 'refusal.windowClosed', params: { closes: formatDateTime(r.closes, r.timeZone, locale) } };
    case 'TOO_SOON':
      return { key: 'refusal.tooSoon', params: { hours: r.minLeadHours } };
    case 'TOO_FAR_AHEAD':
      return { key: 'refusal.tooFarAhead', params: { days: r.maxAheadDays } };
    case 'DAY_LIMIT':
      return { key: 'refusal.dayLimit', params: { team: r.teamName, count: r.count, day: day(r.day), limit: r.limit } };
    case 'WEEK_LIMIT':
      return { key: 'refusal.weekLimit', params: { team: r.teamName, count: r.count, week: day(r.week), limit: r.limit } };
    case 'UPCOMING_LIMIT':
      return { key: 'refusal.upcomingLimit', params: { team: r.teamName, count: r.count, limit: r.limit } };
  }
}

const refused = (r: Refusal): RuleResult => ({ ok: false, code: r.code, message: refusalMessage(r) });

/**
 * A rule's decision with the refusal's facts rather than its English words (`judgeLimits`, `judgeBooking`): for the
 * server's keyed answer and the web's words in the person's language (`refusalWords`).
 */
export type Judgement = { ok: true; makeup?: true } | { ok: false; refusal: Refusal };

const no = (refusal: Refusal): Judgement => ({ ok: false, refusal });
const worded = (j: Judgement): RuleResult => (j.ok ? j : refused(j.refusal));

/** The instant the booking window opens / closes: the rule if set, else the season's first day / the end of its last day. */
export function bookingWindow(rules: BookingRules, season: { startsOn: string; endsOn: string }, timeZone: string): { opens: Date; closes: Date } {
  const opens = rules.windowOpensAt ? new Date(rules.windowOpensAt) : new Date(Temporal.PlainDate.from(season.startsOn).toZonedDateTime({ timeZone }).epochMilliseconds);
  const closes = rules.windowClosesAt
    ? new Date(rules.windowClosesAt)
    : new Date(Temporal.PlainDate.from(season.endsOn).add({ days: 1 }).toZonedDateTime({ timeZone }).epochMilliseconds);
  return { opens, closes };
}

/** The limits a team's own bookings set. The opening round's draw judges these (not how far ahead: the round sets its dates). */
export type LimitRules = Pick<BookingRules, 'maxPerWeek' | 'maxPerDay' | 'maxUpcoming' | 'minLeadHours'> & Partial<Pick<BookingRules, 'maxAheadDays'>>;

/** An instant with its local day and the Monday of its local week, worked out once (the draw judges thousands of them). */
export interface DatedStart {
  at: number;
  day: string;
  week: string;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Same answers as localDay and weekStart (the tests compare them across DST changes), ten times faster: the local
 * date comes straight from Intl (which Temporal's polyfill asks too), the Monday from calendar arithmetic.
 */
export function datedStart(d: Date, timeZone: string): DatedStart {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, calendar: 'gregory', numberingSystem: 'latn', year: 'numeric', month: 'numeric', day: 'numeric' });
    dateFormats.set(timeZone, format);
  }
  let y = 0;
  let m = 0;
  let dd = 0;
  for (const part of format.formatToParts(d)) {
    if (part.type === 'year') y = Number(part.value);
    else if (part.type === 'month') m = Number(part.value);
    else if (part.type === 'day') dd = Number(part.value);
  }
  const utc = Date.UTC(y, m - 1, dd);
  const monday = utc - ((new Date(utc).getUTCDay() + 6) % 7) * DAY;
  return { at: d.getTime(), day: new Date(utc).toISOString().slice(0, 10), week: new Date(monday).toISOString().slice(0, 10) };
}

export interface LimitCheck {
  rules: LimitRules;
  slot: DatedStart;
  /** The team's confirmed bookings (any season), and in the draw what it got in earlier rounds. */
  teamBookings: readonly DatedStart[];
  teamName: string;
  now: Date;
  /** When the team's free make-up credits run out (ms since the epoch); none in the opening round's draw. */
  makeupCredits?: readonly number[];
}

/**
 * Lead time, how far ahead (when the rules say), and the team's per-day, per-week and upcoming limits, in the words a
 * coach sees. One function for first-come booking (checkBooking) and the opening round's draw, so both refuse alike.
 */
export function judgeLimits(c: LimitCheck): Judgement {
  const { rules, slot, teamName } = c;
  const now = c.now.getTime();
  const lead = slot.at - now;
  if (lead < rules.minLeadHours * HOUR) {
    return no({ code: 'TOO_SOON', minLeadHours: rules.minLeadHours });
  }
  if (rules.maxAheadDays !== undefined && lead > rules.maxAheadDays * DAY) {
    return no({ code: 'TOO_FAR_AHEAD', maxAheadDays: rules.maxAheadDays });
  }
  let sameDay = 0;
  let sameWeek = 0;
  let upcoming = 0;
  for (const b of c.teamBookings) {
    if (b.day === slot.day) sameDay++;
    if (b.week === slot.week) sameWeek++;
    if (b.at > now) upcoming++;
  }
  // A make-up credit lets one practice past the daily and weekly limits, if the practice starts before it runs out
  // (the booking call of migration 0017 judges alike).
  const makeup = (sameDay >= rules.maxPerDay || sameWeek >= rules.maxPerWeek) && (c.makeupCredits ?? []).some((expires) => expires > slot.at);
  if (!makeup && sameDay >= rules.maxPerDay) {
    return no({ code: 'DAY_LIMIT', teamName, count: sameDay, limit: rules.maxPerDay, day: slot.day });
  }
  if (!makeup && sameWeek >= rules.maxPerWeek) {
    return no({ code: 'WEEK_LIMIT', teamName, count: sameWeek, limit: rules.maxPerWeek, week: slot.week });
  }
  if (upcoming >= rules.maxUpcoming) {
    return no({ code: 'UPCOMING_LIMIT', teamName, count: upcoming, limit: rules.maxUpcoming });
  }
  return makeup ? { ok: true, makeup: true } : { ok: true };
}

/** `judgeLimits` with a refusal in its English words (`refusalMessage`). */
export function checkLimits(c: LimitCheck): RuleResult {
  return worded(judgeLimits(c));
}

/** Whether a team may book a slot now, and if not, the rule and the words a coach sees (same on both sides). */
export function judgeBooking(c: BookingCheck): Judgement {
  const { rules, slot, now, timeZone, teamName } = c;
  if (c.field && !fieldAllows(c.field)) {
    return no({ code: 'FIELD_DIVISION', fieldName: c.field.fieldName, teamName, divisionName: c.field.teamDivision, divisions: c.field.divisions });
  }
  if (slot.status === 'blocked') return no({ code: 'SLOT_BLOCKED', blockReason: slot.blockReason ?? null });
  if (slot.status === 'booked') return no({ code: 'SLOT_TAKEN' });
  if (slot.heldFor && !slot.heldFor.ours && slot.heldFor.until > now) return no({ code: 'SLOT_HELD', teamName: slot.heldFor.teamName, until: slot.heldFor.until, timeZone });
  if (slot.startsAt.getTime() <= now.getTime()) return no({ code: 'SLOT_PAST' });
  if (!rules.bookingOpen) return no({ code: 'BOOKING_PAUSED', pausedMessage: rules.pausedMessage });
  const { opens, closes } = bookingWindow(rules, c.season, timeZone);
  if (now < opens) return no({ code: 'WINDOW_NOT_OPEN', opens, timeZone });
  if (now >= closes) return no({ code: 'WINDOW_CLOSED', closes, timeZone });
  return judgeLimits({
    rules,
    slot: datedStart(slot.startsAt, timeZone),
    teamBookings: c.teamBookings.map((b) => datedStart(b, timeZone)),
    teamName,
    now,
    makeupCredits: c.makeupCredits?.map((d) => d.getTime()),
  });
}

/** `judgeBooking` with a refusal in its English words (`refusalMessage`). */
export function checkBooking(c: BookingCheck): RuleResult {
  return worded(judgeBooking(c));
}

/** The words of a coach's cancel refused by the cutoff (checkCancellation's, and the database's cancel call's). */
export function cancelCutoffMessage(cancelCutoffHours: number): string {
  return `Cancellations close ${plural(cancelCutoffHours, 'hour')} before the start; contact an admin.`;
}

/** `cancelCutoffMessage` by key in the errors catalogue, for the server's answer and the web app. */
export function cancelCutoffWords(cancelCutoffHours: number): RefusalWords {
  return { key: 'refusal.cancelCutoff', params: { hours: cancelCutoffHours } };
}

/** Whether a coach may still cancel (admins always may). */
export function checkCancellation(rules: BookingRules, startsAt: Date, now: Date): RuleResult {
  if (startsAt.getTime() - now.getTime() < rules.cancelCutoffHours * HOUR) {
    return { ok: false, code: 'TOO_SOON', message: cancelCutoffMessage(rules.cancelCutoffHours) };
  }
  return { ok: true };
}
