import type { RuleCode } from '../../../shared/bookings/booking-rules';
import type { BookingContext } from '../../../shared/bookings/bookings.schemas';
import type { Division } from '../../../shared/divisions/divisions.schemas';
import type { Facility } from '../../../shared/facilities/facilities.schemas';
import type { Slot } from '../../../shared/slots/slots.schemas';
import { dateInZone, formatDateTime, startOfWeek } from '../../lib/dates';
import type { Translate } from '../../lib/i18n';
import { roundCovers, type HoldingRound } from '../../lib/opening-slots';
import { isPast } from '../../lib/slot-week';
import type { CheckBooking } from './lazy-booking-rules';

type T = Translate<'bookings'>;

/** What one slot is for the person looking at it, and so how it is drawn. */
export type SlotView =
  | { kind: 'past' }
  | { kind: 'blocked'; reason: string | null }
  /** `otherDivision`: on a field limited to divisions this coach's team is not in (issue 29): nothing to wait for. */
  | { kind: 'booked'; teamName: string; ours: boolean; otherDivision?: true }
  /** Open, and this coach's team may book it now. */
  | { kind: 'bookable'; makeup?: true }
  /** Open; a visitor, whose Book leads to the login page and back. */
  | { kind: 'login' }
  /** Open, but this person cannot book at all (no team, not a coach): shown, not offered. */
  | { kind: 'open' }
  /**
   * Open, but a booking rule says no: the rule's code and the server's exact words. SLOT_HELD: held for another team
   * that waited for it (issue 28); the slot carries `heldFor` for its short words. FIELD_DIVISION: on a field limited
   * to other divisions (issue 29), drawn greyed out, its words said once for the field (slot-board.ts `note`).
   */
  | { kind: 'unavailable'; code: RuleCode; message: string }
  /**
   * Open and held for this coach's team, which waited for it (issue 28), until `until`: Take it or Pass. `refusal`: the
   * words of one of the team's rules that refuses it (taking it then moves the hold on to the next team).
   */
  | { kind: 'heldForUs'; until: string; makeup?: true; refusal: string | null }
  /**
   * Open when last read, but this person's Book press ended with the database gone mid-save (the booking may or may
   * not exist): not offered again until the week has been read again. Set by the page, never by slotView.
   */
  | { kind: 'checking' }
  /**
   * Open, but held back by the league's opening round (issue 26): its words instead of Book ("Opening round · draw Thu
   * Dec 3, 8:00 pm"). `canRank`: this coach may add it to the team's preferences now; `rank`: its place there (1 first).
   */
  | { kind: 'opening'; words: string; canRank: boolean; rank: number | null };

/** The catalogue's key of each rule's short words. */
const RULE_LABEL_KEY = {
  FIELD_DIVISION: 'rule.fieldDivision',
  SLOT_BLOCKED: 'rule.slotBlocked',
  SLOT_TAKEN: 'rule.slotTaken',
  SLOT_HELD: 'rule.slotHeld',
  SLOT_PAST: 'rule.slotPast',
  BOOKING_PAUSED: 'rule.bookingPaused',
  WINDOW_NOT_OPEN: 'rule.windowNotOpen',
  WINDOW_CLOSED: 'rule.windowClosed',
  TOO_SOON: 'rule.tooSoon',
  TOO_FAR_AHEAD: 'rule.tooFarAhead',
  DAY_LIMIT: 'rule.dayLimit',
  WEEK_LIMIT: 'rule.weekLimit',
  UPCOMING_LIMIT: 'rule.upcomingLimit',
} as const satisfies Record<RuleCode, string>;

/** Short words for a rule, for a slot whose full reason is already shown for its whole day or week ("Week limit reached"). */
export const ruleLabel = (t: T, code: RuleCode): string => t(RULE_LABEL_KEY[code]);

/** The divisions a field is limited to (issue 29): their ids, and their names for the words. None: every team may use it. */
export interface FieldLimit {
  divisionIds: readonly string[];
  divisionNames: readonly string[];
}

/** Field id to its limit; a field not in it is for every team. */
export type FieldLimits = ReadonlyMap<string, FieldLimit>;

/**
 * The fields limited to some divisions, from the facilities list (`divisionIds`) and the league's divisions (their names,
 * in the league's order as the field lists them; an id not in `divisions`, or all of them before those load, has no name).
 */
export function fieldLimits(facilities: readonly Facility[], divisions: readonly Division[] | undefined): FieldLimits {
  const names = new Map((divisions ?? []).map((d) => [d.id, d.name]));
  const limits = new Map<string, FieldLimit>();
  for (const field of facilities.flatMap((f) => f.fields)) {
    // A facilities list cached from before divisions (or a fixture of then) has none: every team's.
    if (!field.divisionIds?.length) continue;
    limits.set(field.id, { divisionIds: field.divisionIds, divisionNames: field.divisionIds.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])) });
  }
  return limits;
}

/**
 * Whether a team of this division (null: none yet) may use a field: one limited to no division is for every team
 * (shared booking-rules.ts `fieldAllows`, which the server's decision mirrors, by the division's id here).
 */
export function mayUseField(limit: FieldLimit | undefined, divisionId: string | null): boolean {
  return !limit || limit.divisionIds.length === 0 || (divisionId !== null && limit.divisionIds.includes(divisionId));
}

/** The fields this coach's team may not use (none for anyone who cannot book: they see every field as it is). */
export function fieldsForOtherDivisions(context: BookingContext | undefined, limits: FieldLimits): Set<string> {
  const team = context?.team;
  if (!team || context.cannotBook) return new Set();
  return new Set([...limits].filter(([, limit]) => !mayUseField(limit, team.divisionId)).map(([fieldId]) => fieldId));
}

/**
 * Runs the server's own rule (checkBooking) on a slot with the booking context, so a coach sees why a slot
 * cannot be booked before clicking, in the words the server would answer with. `now` is the server's clock; `t` the
 * page's words (the short ones for a field of other divisions, a slot held for another team).
 * `checkBooking` is loaded apart (lazy-booking-rules.ts); null when it could not be: the server then judges.
 * `limits`: the fields limited to some divisions (issue 29); a slot on one the team may not use says so first.
 */
export function slotView(t: T, slot: Slot, context: BookingContext | undefined, now: Date, checkBooking: CheckBooking | null, limits?: FieldLimits): SlotView {
  if (isPast(slot, now)) return { kind: 'past' };
  if (slot.status === 'blocked') return { kind: 'blocked', reason: slot.blockReason };
  const limit = limits?.get(slot.fieldId);
  const otherDivision = Boolean(context?.team && !context.cannotBook && !mayUseField(limit, context.team.divisionId));
  if (slot.status === 'booked') {
    const booked = { kind: 'booked', teamName: slot.teamName ?? t('slot.anotherTeam'), ours: Boolean(context?.team && slot.teamId === context.team.id) } as const;
    return otherDivision ? { ...booked, otherDivision: true } : booked;
  }
  if (!context) return { kind: 'open' };
  // A hold that ran out is the server's to settle (its worker moves it on): until then the slot is drawn as open.
  const hold = slot.heldFor && Date.parse(slot.heldFor.until) > now.getTime() ? slot.heldFor : null;
  const ours = Boolean(hold && context.team && hold.teamId === context.team.id);
  const heldByOther = (): SlotView => ({ kind: 'unavailable', code: 'SLOT_HELD', message: heldMessage(t, hold!.teamName, hold!.until, context.timeZone) });
  // Not for a visitor's login either: nobody else can book it while it is held.
  if (context.cannotBook) return hold ? heldByOther() : context.cannotBook.code === 'SIGN_IN' ? { kind: 'login' } : { kind: 'open' };
  const { rules, season, team } = context;
  // A field of other divisions is never the team's, whatever the rest says; its words are the server's once the rules and
  // the divisions' names are in, and shorter until then (never a Book button).
  const judged = Boolean(rules && season && team && season.id === slot.seasonId && checkBooking);
  if (otherDivision && !(judged && limit?.divisionNames.length)) {
    return { kind: 'unavailable', code: 'FIELD_DIVISION', message: t('slot.otherDivisions', { field: slot.fieldName }) };
  }
  // The context holds one season's rules; a slot of another season is left to the server to judge.
  if (!rules || !season || !team || season.id !== slot.seasonId || !checkBooking) {
    if (hold) return ours ? { kind: 'heldForUs', until: hold.until, refusal: null } : heldByOther();
    return { kind: 'bookable' };
  }
  const result = checkBooking({
    rules,
    season,
    slot: {
      startsAt: new Date(slot.startsAt),
      endsAt: new Date(slot.endsAt),
      status: slot.status,
      blockReason: slot.blockReason,
      heldFor: hold ? { teamName: hold.teamName, until: new Date(hold.until), ours } : null,
    },
    teamBookings: context.teamBookings.map((start) => new Date(start)),
    teamName: team.name,
    now,
    timeZone: context.timeZone,
    makeupCredits: context.makeupCredits.map((expires) => new Date(expires)),
    ...(otherDivision && limit ? { field: { fieldName: slot.fieldName, divisions: limit.divisionNames, teamDivision: team.divisionName } } : {}),
  });
  // `result.message` is in the person's language: lazy-booking-rules.ts words the refusal from its key.
  if (hold && ours) {
    if (!result.ok) return { kind: 'heldForUs', until: hold.until, refusal: result.message };
    return result.makeup ? { kind: 'heldForUs', until: hold.until, makeup: true, refusal: null } : { kind: 'heldForUs', until: hold.until, refusal: null };
  }
  if (!result.ok) return { kind: 'unavailable', code: result.code, message: result.message };
  return result.makeup ? { kind: 'bookable', makeup: true } : { kind: 'bookable' };
}

/**
 * The server's words for a slot held for another team (shared booking-rules.ts `refusalMessage`, SLOT_HELD), for
 * someone whose rules are not loaded (a visitor, a member): booking-rules.ts brings Temporal, which they never need.
 * slot-availability.test.ts holds the two to the same words.
 */
export function heldMessage(t: T, teamName: string, until: string, timeZone: string): string {
  return t('slot.heldRefusal', { team: teamName, when: formatDateTime(until, timeZone) });
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
  // A field of other divisions is not the team's to rank either (the server refuses such a preference).
  if (view.kind === 'unavailable' && view.code === 'FIELD_DIVISION') return view;
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

/** Reasons about one slot or one field, never said for a whole day or week. */
const OWN_REASONS: readonly RuleCode[] = ['SLOT_HELD', 'FIELD_DIVISION'];

function shared(views: readonly SlotView[]): string | null {
  // A slot held for a waiting team says so itself: its words are about that slot, never its day's or week's; a field of
  // other divisions says so once for the field. One held for this team that it may take counts as bookable.
  const open = views.filter((v) => v.kind === 'bookable' || (v.kind === 'heldForUs' && !v.refusal) || (v.kind === 'unavailable' && !OWN_REASONS.includes(v.code)));
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

/** The words a slot that cannot be booked shows itself: the full reason, unless its day, week or field says it. */
export function unavailableText(t: T, view: Extract<SlotView, { kind: 'unavailable' }>, day: string, reasons: WeekReasons): string {
  if (view.code === 'FIELD_DIVISION') return ruleLabel(t, 'FIELD_DIVISION');
  return reasons.week === view.message || reasons.days.get(day) === view.message ? ruleLabel(t, view.code) : view.message;
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

/**
 * The rules the team's division sets for itself (issue 29), in a line beside the quota, or null when it sets none (the
 * season's rules then apply, as the slots say): "12U rules: 3 practices a week, booking opens Sat Dec 5, 9:00 am".
 */
export function divisionRulesLine(t: T, context: BookingContext | undefined, now: Date): string | null {
  const division = context?.team?.divisionName;
  const rules = context?.rules;
  if (!context || !division || !rules || context.cannotBook || context.divisionRules.length === 0) return null;
  const set = new Set(context.divisionRules);
  const when = (iso: string) => formatDateTime(iso, context.timeZone);
  const parts: string[] = [];
  const future = (iso: string) => Date.parse(iso) > now.getTime();
  if (set.has('maxPerWeek')) parts.push(t('divisionLine.perWeek', { count: rules.maxPerWeek }));
  if (set.has('maxPerDay')) parts.push(t('divisionLine.perDay', { count: rules.maxPerDay }));
  if (set.has('maxUpcoming')) parts.push(t('divisionLine.upcoming', { count: rules.maxUpcoming }));
  if (set.has('minLeadHours')) parts.push(t('divisionLine.lead', { count: rules.minLeadHours }));
  if (set.has('maxAheadDays')) parts.push(t('divisionLine.ahead', { count: rules.maxAheadDays }));
  if (set.has('windowOpensAt') && rules.windowOpensAt) {
    parts.push(t(future(rules.windowOpensAt) ? 'divisionLine.opens' : 'divisionLine.opened', { when: when(rules.windowOpensAt) }));
  }
  if (set.has('windowClosesAt') && rules.windowClosesAt) {
    parts.push(t(future(rules.windowClosesAt) ? 'divisionLine.closes' : 'divisionLine.closed', { when: when(rules.windowClosesAt) }));
  }
  return parts.length > 0 ? t('divisionLine.line', { division, rules: parts.join(', ') }) : null;
}

/** "Blue Jays · 1 of 2 this week · 3 of 4 upcoming" */
export function quotaText(t: T, quota: TeamQuota): string {
  return t('quota.line', { team: quota.teamName, week: quota.thisWeek, maxWeek: quota.maxPerWeek, upcoming: quota.upcoming, maxUpcoming: quota.maxUpcoming });
}
