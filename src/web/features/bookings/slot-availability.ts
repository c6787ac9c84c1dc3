import type { RuleCode } from '../../../shared/bookings/booking-rules';
import type { BookingContext } from '../../../shared/bookings/bookings.schemas';
import type { Slot } from '../../../shared/slots/slots.schemas';
import { dateInZone, startOfWeek } from '../../lib/dates';
import { roundCovers, type HoldingRound } from '../../lib/opening-slots';
import { isPast } from '../../lib/slot-week';
import type { CheckBooking } from './lazy-booking-rules';

/** What one slot is for the person looking at it, and so how it is drawn. */
export type SlotView =
  | { kind: 'past' }
  | { kind: 'blocked'; reason: string | null }
  | { kind: 'booked'; teamName: string; ours: boolean }
  /** Open, and this coach's team may book it now. */
  | { kind: 'bookable'; makeup?: true }
  /** Open; a visitor, whose Book leads to the login page and back. */
  | { kind: 'login' }
  /** Open, but this person cannot book at all (no team, not a coach): shown, not offered. */
  | { kind: 'open' }
  /** Open, but a booking rule says no: the rule's code and the server's exact words. */
  | { kind: 'unavailable'; code: RuleCode; message: string }
  /**
   * Open when last read, but this person's Book press ended with the database gone mid-save (the booking may or may
   * not exist): not offered again until the week has been read again. Set by the page, never by slotView.
   */
  | { kind: 'checking' }
  /**
   * Open, but held back by the league's opening round (issue 26): its words instead of Book ("Opening round · draw Thu,
   * Dec 3, 8:00 PM"). `canRank`: this coach may add it to the team's preferences now; `rank`: its place there (1 first).
   */
  | { kind: 'opening'; words: string; canRank: boolean; rank: number | null };

/** Short words for a rule, for a slot whose full reason is already shown for its whole day or week. */
export const RULE_LABEL: Record<RuleCode, string> = {
  SLOT_BLOCKED: 'Blocked',
  SLOT_TAKEN: 'Booked',
  SLOT_HELD: 'Held for a waiting team',
  SLOT_PAST: 'Already started',
  BOOKING_PAUSED: 'Booking paused',
  WINDOW_NOT_OPEN: 'Not open yet',
  WINDOW_CLOSED: 'Booking closed',
  TOO_SOON: 'Too soon',
  TOO_FAR_AHEAD: 'Too far ahead',
  DAY_LIMIT: 'Day limit reached',
  WEEK_LIMIT: 'Week limit reached',
  UPCOMING_LIMIT: 'Upcoming limit reached',
};

/**
 * Runs the server's own rule (checkBooking) on a slot with the booking context, so a coach sees why a slot
 * cannot be booked before clicking, in the words the server would answer with. `now` is the server's clock.
 * `checkBooking` is loaded apart (lazy-booking-rules.ts); null when it could not be: the server then judges.
 */
export function slotView(slot: Slot, context: BookingContext | undefined, now: Date, checkBooking: CheckBooking | null): SlotView {
  if (isPast(slot, now)) return { kind: 'past' };
  if (slot.status === 'blocked') return { kind: 'blocked', reason: slot.blockReason };
  if (slot.status === 'booked') return { kind: 'booked', teamName: slot.teamName ?? 'another team', ours: Boolean(context?.team && slot.teamId === context.team.id) };
  if (!context) return { kind: 'open' };
  if (context.cannotBook) return context.cannotBook.code === 'SIGN_IN' ? { kind: 'login' } : { kind: 'open' };
  const { rules, season, team } = context;
  // The context holds one season's rules; a slot of another season is left to the server to judge.
  if (!rules || !season || !team || season.id !== slot.seasonId || !checkBooking) return { kind: 'bookable' };
  const result = checkBooking({
    rules,
    season,
    slot: { startsAt: new Date(slot.startsAt), endsAt: new Date(slot.endsAt), status: slot.status, blockReason: slot.blockReason },
    teamBookings: context.teamBookings.map((start) => new Date(start)),
    teamName: team.name,
    now,
    timeZone: context.timeZone,
    makeupCredits: context.makeupCredits.map((expires) => new Date(expires)),
  });
  if (!result.ok) return { kind: 'unavailable', code: result.code, message: result.message };
  return result.makeup ? { kind: 'bookable', makeup: true } : { kind: 'bookable' };
}

/** The opening round holding slots back, as Book a Field applies it to the week. */
export interface OpeningHold {
  held: HoldingRound;
  /** What a covered slot says instead of Book. */
  words: string;
  timeZone: string;
  /** The coach's ranked list (rank 1 first) while they may rank; null for anyone who may not. */
  ranked: readonly string[] | null;
}

/**
 * An open slot the round covers is not bookable first-come while the round is announced, open or closed (nor after
 * the draw until the league opens the rest): it says so instead of offering Book, whoever looks (the server refuses a
 * coach's Book with the same reason). Booked, blocked, past and checking slots are drawn as they are.
 */
export function withOpening(slot: Slot, view: SlotView, hold: OpeningHold | null): SlotView {
  if (!hold || !(view.kind === 'bookable' || view.kind === 'login' || view.kind === 'open' || view.kind === 'unavailable')) return view;
  if (!roundCovers(hold.held.round, slot, hold.timeZone)) return view;
  const rank = hold.ranked ? hold.ranked.indexOf(slot.id) + 1 : 0;
  return { kind: 'opening', words: hold.words, canRank: hold.ranked !== null, rank: rank > 0 ? rank : null };
}

export interface ViewedSlot {
  slot: Slot;
  view: SlotView;
}

export interface WeekReasons {
  /** The one reason every open slot of the week shares (booking paused, limit reached…), or null. */
  week: string | null;
  /** Per league day: the one reason every open slot of that day shares, when the week has none. */
  days: Map<string, string>;
}

function shared(views: readonly SlotView[]): string | null {
  const open = views.filter((v) => v.kind === 'bookable' || v.kind === 'unavailable');
  const first = open[0];
  if (!first || first.kind !== 'unavailable') return null;
  return open.every((v) => v.kind === 'unavailable' && v.message === first.message) ? first.message : null;
}

/**
 * Reasons said once instead of on every slot: for the whole week when all its open slots share one, else for
 * each day whose open slots share one. The slots covered show a short label; the others their own reason.
 */
export function weekReasons(slots: readonly ViewedSlot[], timeZone: string): WeekReasons {
  const week = shared(slots.map((s) => s.view));
  const days = new Map<string, string>();
  if (week) return { week, days };
  const byDay = new Map<string, SlotView[]>();
  for (const { slot, view } of slots) {
    const day = dateInZone(slot.startsAt, timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), view]);
  }
  for (const [day, views] of byDay) {
    const reason = shared(views);
    if (reason) days.set(day, reason);
  }
  return { week, days };
}

/** The words a slot that cannot be booked shows itself: the full reason, unless its day or week says it. */
export function unavailableText(view: Extract<SlotView, { kind: 'unavailable' }>, day: string, reasons: WeekReasons): string {
  return reasons.week === view.message || reasons.days.get(day) === view.message ? RULE_LABEL[view.code] : view.message;
}

export interface TeamQuota {
  teamName: string;
  thisWeek: number;
  maxPerWeek: number;
  upcoming: number;
  maxUpcoming: number;
}

/** Whether slotView needs checkBooking for this person: they may book, under the season's rules. */
export const needsRuleCheck = (context: BookingContext | undefined): boolean => Boolean(context?.team && context.rules && context.season && !context.cannotBook);

/** The coach's quota strip for the shown week (Monday `weekMonday`, league zone); null for anyone who cannot book. */
export function teamQuota(context: BookingContext | undefined, weekMonday: string, now: Date): TeamQuota | null {
  if (!context?.team || !context.rules || context.cannotBook) return null;
  const starts = context.teamBookings.map((start) => new Date(start));
  return {
    teamName: context.team.name,
    thisWeek: starts.filter((start) => startOfWeek(dateInZone(start, context.timeZone)) === weekMonday).length,
    maxPerWeek: context.rules.maxPerWeek,
    upcoming: starts.filter((start) => start.getTime() > now.getTime()).length,
    maxUpcoming: context.rules.maxUpcoming,
  };
}

/**
 * Which limit booking this slot on a make-up credit goes past: the weekly one when the team's week (league zone) is
 * full, else the daily one (shared booking-rules.ts counts alike).
 */
export function makeupLimit(slot: Pick<Slot, 'startsAt'>, context: Pick<BookingContext, 'teamBookings' | 'rules' | 'timeZone'>): 'weekly' | 'daily' {
  const week = startOfWeek(dateInZone(slot.startsAt, context.timeZone));
  const inWeek = context.teamBookings.filter((start) => startOfWeek(dateInZone(start, context.timeZone)) === week).length;
  return context.rules && inWeek >= context.rules.maxPerWeek ? 'weekly' : 'daily';
}

/** "Blue Jays · 1 of 2 this week · 3 of 4 upcoming" */
export function quotaText(quota: TeamQuota): string {
  return `${quota.teamName} · ${quota.thisWeek} of ${quota.maxPerWeek} this week · ${quota.upcoming} of ${quota.maxUpcoming} upcoming`;
}
