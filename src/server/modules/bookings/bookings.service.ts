import { randomUUID } from 'node:crypto';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/i18n/locales';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { sqlState } from '../../db/client';
import { AppError, paramsIn, wordsIn, wordsPerLocale, type ErrorWords } from '../../errors';
import type { Actor } from '../../context';
import {
  cancelCutoffWords,
  datedStart,
  formatDateTime,
  judgeLimits,
  overriddenKeys,
  refusalWords,
  rulesForDivision,
  type BookingRules,
  type DatedStart,
  type LimitRules,
  type Refusal,
} from '../../../shared/bookings/booking-rules';
import type { Booking, BookingContext } from '../../../shared/bookings/bookings.schemas';
import { auditStatement, recordAudit, type AuditContext } from '../audit/audit.service';
import { practiceIcs } from '../calendar/calendar.service';
import { commitThenPublish, publishAfter } from '../live/live.service';
import { tags } from '../read-cache/read-cache.service';
import { notification, queueNotifications, type PracticeFacts } from '../notifications/notifications.service';
import { findActiveSeason, findSeason } from '../seasons/seasons.service';
import { freeCreditsOfTeam } from '../makeup-credits/makeup-credits.service';
import { listDivisions, teamDivisionRules } from '../divisions/divisions.service';
import { findField } from '../facilities/facilities.service';
import { bookedForTeam, findSlot, holdNext, lockSlot } from '../slots/slots.service';
import * as repo from './bookings.repository';

/** A booking rule's refusal (booking-rules.ts `refusalWords`) as an error's words, its dates written in the request's language. */
export const refusalErrorWords = (r: Refusal): ErrorWords => wordsPerLocale((locale) => refusalWords(r, locale));

export const taken = () => new AppError('CONFLICT', refusalErrorWords({ code: 'SLOT_TAKEN' }), { rule: 'SLOT_TAKEN' });
export const fieldClosed = (fieldName: string) => new AppError('CONFLICT', { key: 'bookings.fieldClosed', params: { field: fieldName } }, { rule: 'FIELD_CLOSED' });
export const notFound = () => new AppError('NOT_FOUND', { key: 'bookings.notFound' });
export const seasonGone = () => new AppError('NOT_FOUND', { key: 'bookings.seasonGone' });

/** The unique index on confirmed bookings per slot is the last word on a race: its violation is a lost race. */
export async function raceAsTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (sqlState(err) === '23505') throw taken();
    throw err;
  }
}

/** What a notification says about a booking's practice. */
export function practiceOf(b: Pick<Booking, 'id' | 'teamName' | 'fieldName' | 'startsAt' | 'endsAt'>): PracticeFacts {
  return { bookingId: b.id, teamName: b.teamName, fieldName: b.fieldName, startsAt: b.startsAt, endsAt: b.endsAt };
}

/** How this person reads bookings: an admin sees who booked each; anyone else only their own address. */
export function viewerOf(actor: Actor): repo.Viewer {
  return actor.admin.isAdmin ? { admin: true } : { admin: false, userId: actor.userId };
}

/** A booking as this person sees it (the booker's address only to the booker, or to an admin). */
export const bookingSeenBy = (db: Database, bookingId: string, actor: Actor): Promise<Booking | null> => repo.findBooking(db, bookingId, viewerOf(actor));

/**
 * The team whose bookings this person follows: a coach's (or an admin's) own team. A member's team gives no
 * access to its bookings: a member is not the one who books or cancels them, and only an admin sets a team.
 */
export function followedTeam(actor: Actor): string | null {
  return actor.profile.teamId && (actor.profile.role !== 'member' || actor.admin.isAdmin) ? actor.profile.teamId : null;
}

/** What a person who may not book is refused: booking, or what else a coach does for the team. */
export type CoachAction = 'book' | 'cancel' | 'swap' | 'wait' | 'rank';

const NO_TEAM_WORDS = { book: 'bookings.noTeamToBook', cancel: 'bookings.noTeamToBook', swap: 'bookings.noTeamToSwap', wait: 'bookings.noTeamToWait', rank: 'bookings.noTeamToRank' } as const;
const NOT_COACH_WORDS = {
  book: 'bookings.notCoachToBook',
  cancel: 'bookings.notCoachToCancel',
  swap: 'bookings.notCoachToSwap',
  wait: 'bookings.notCoachToWait',
  rank: 'bookings.notCoachToRank',
} as const;

/**
 * Why this person cannot book at all (or do `action`, which a coach does for the team), or null: `words` by key,
 * `message` in English (Book a Field's context carries both).
 */
export function cannotBook(actor: Actor | null, action: CoachAction = 'book'): { code: string; message: string; words: ErrorWords } | null {
  const refusal = (code: string, words: ErrorWords) => ({ code, words, message: wordsIn('en', words) });
  if (!actor) return refusal('SIGN_IN', { key: 'bookings.signInToBook' });
  if (!actor.profile.teamId) return refusal('NO_TEAM', { key: NO_TEAM_WORDS[action] });
  if (actor.profile.role === 'member') {
    const team = actor.profile.teamName ?? { key: 'bookings.yourTeam' as const };
    return refusal('NOT_COACH', { key: NOT_COACH_WORDS[action], params: { team } });
  }
  return null;
}

/** What a rule's refusal answers. */
function ruleRefusal(result: { code: string; words: ErrorWords }): AppError {
  if (result.code === 'SLOT_TAKEN') return taken();
  return new AppError(result.code === 'SLOT_BLOCKED' || result.code === 'SLOT_HELD' ? 'CONFLICT' : 'RULE_VIOLATION', result.words, { rule: result.code });
}

/**
 * Why an open slot cannot be booked first come, first served because an opening round holds it (decision 030), or
 * null: until the draw the round's preferences decide it; after the draw, the rest waits until the league opens it.
 */
export function openingRefusal(opening: { drawAt: Date; drawn: boolean } | null, timeZone: string): { code: 'OPENING_ROUND'; message: string; words: ErrorWords } | null {
  if (!opening) return null;
  const words: ErrorWords = opening.drawn
    ? { key: 'bookings.openingRoundDrawn' }
    : { key: 'bookings.openingRound', params: { drawAt: (locale) => formatDateTime(opening.drawAt, timeZone, locale) } };
  return { code: 'OPENING_ROUND', words, message: wordsIn('en', words) };
}

export type FieldDivisionRefusal = Extract<Refusal, { code: 'FIELD_DIVISION' }>;

/**
 * Why a team may not use a field limited to other divisions (issue 29, decision 035), with the facts its words need
 * (booking-rules.ts `refusalMessage`), or null when it may: a field limited to no division is for every team. What the
 * booking call's decision (`cgsl_booking_decision`) judges, for the paths that book outside it: an admin's override and
 * move, a practice request and its approval. Judged by the division's id; the names are for the words, in the
 * league's order. In a transaction holding the slot's lock (`lockSlot` shares the field's row), an edit of the field's
 * divisions waits for it.
 */
export async function fieldDivisionRefusal(db: Database, fieldId: string, team: { id: string; name: string }): Promise<FieldDivisionRefusal | null> {
  const field = await findField(db, fieldId);
  if (!field || field.divisionIds.length === 0) return null;
  const { divisionId, divisionName } = await teamDivisionRules(db, team.id, null);
  if (divisionId && field.divisionIds.includes(divisionId)) return null;
  const names = new Map((await listDivisions(db)).map((d) => [d.id, d.name]));
  return { code: 'FIELD_DIVISION', fieldName: field.name, teamName: team.name, divisionName, divisions: field.divisionIds.flatMap((id) => names.get(id) ?? []) };
}

/**
 * A booking call's refusal in words: the rules' words from booking-rules.ts, the rest from this module. A field of other
 * divisions (FIELD_DIVISION, issue 29) is a rule like the limits: 422 with its words, the divisions named in order.
 */
export function refusalError(refusal: repo.BookRefusal, timeZone: string): AppError {
  switch (refusal.code) {
    case 'TEAM_INACTIVE':
      return new AppError('FORBIDDEN', { key: 'bookings.teamInactive' });
    case 'SLOT_GONE':
      return new AppError('NOT_FOUND', { key: 'bookings.slotGone' });
    case 'FIELD_CLOSED':
      return fieldClosed(refusal.fieldName);
    case 'OPENING_ROUND':
      return ruleRefusal(openingRefusal(refusal, timeZone)!);
    default:
      return ruleRefusal({ code: refusal.code, words: refusalErrorWords(refusal) });
  }
}

/**
 * A coach books an open slot for their team: one database call (`cgsl_book`, migration 0014, docs/decisions/031)
 * takes the team's lock, then the slot's, judges the rules on what is committed once they are held, and writes the
 * booking with its notification and audit entry; the statement is its own transaction. It answers which rule
 * refused and the facts its words need, worded here (booking-rules.ts `refusalMessage`), or what the answer is
 * built from. When another press holds a lock (the night booking opens), the function judges the press on what is
 * committed before queueing, so most presses that would be refused are refused without waiting; one that passes
 * waits and is decided under the locks. Either way one round trip. Live pages are told after the commit.
 */
export async function book({ db, live, league }: ServerContext, ctx: AuditContext, actor: Actor | null, slotId: string, now = new Date()): Promise<Booking> {
  const refusal = cannotBook(actor);
  if (refusal) throw new AppError(refusal.code === 'SIGN_IN' ? 'UNAUTHENTICATED' : 'FORBIDDEN', refusal.words, { rule: refusal.code });
  const { userId, profile } = actor!;
  const teamId = profile.teamId!;
  const timeZone = await league.timeZone();
  const bookingId = randomUUID();
  return publishAfter(live, async () => {
    const answer = await raceAsTaken(() => repo.bookInOneCall(db, { bookingId, teamId, slotId, userId, now, timeZone, wait: true, audit: ctx }));
    if (!answer.ok) throw refusalError(answer.refusal, timeZone);
    const { booked } = answer;
    const booking: Booking = {
      id: bookingId,
      slotId,
      seasonId: booked.seasonId,
      teamId,
      teamName: booked.teamName,
      status: 'confirmed',
      startsAt: booked.startsAt,
      endsAt: booked.endsAt,
      fieldId: booked.fieldId,
      fieldName: booked.fieldName,
      facilityName: booked.facilityName,
      facilityAddress: booked.facilityAddress,
      mapUrl: booked.mapUrl,
      // The booker reads their own address (findBooking's viewer rule): the profile's, as the join gives it.
      bookedByEmail: profile.email,
      createdAt: booked.createdAt,
      cancelledAt: null,
      cancelReason: null,
      override: false,
      overrideReason: null,
    };
    return { value: booking, slots: [slotId] };
  });
}

/** A coach cancels their team's booking before the cutoff; an admin cancels any booking, with a reason. */
export async function cancel(
  deps: ServerContext,
  ctx: AuditContext,
  actor: Actor,
  bookingId: string,
  options: { asAdmin: boolean; reason?: string | undefined },
  now = new Date(),
): Promise<Booking> {
  if (!options.asAdmin) return cancelAsCoach(deps, ctx, actor, bookingId, options.reason, now);
  const { db, live } = deps;
  const booking = await repo.findBooking(db, bookingId);
  if (!booking) throw notFound();
  if (booking.status !== 'confirmed') throw alreadyCancelled();
  await commitThenPublish(db, live, async (tx) => {
    await repo.lockTeam(tx, booking.teamId);
    const reason = options.reason?.trim() || 'Cancelled by a league admin';
    // The slot's lock before the booking's row, as a block takes them (a block of this slot could otherwise deadlock).
    await lockSlot(tx, booking.slotId);
    if (!(await repo.cancelBooking(tx, bookingId, actor.userId, reason))) throw alreadyCancelled();
    // The slot is free: offered to the first team waiting on it (decision 034).
    await holdNext(tx, booking.slotId, new Date());
    await recordAudit(tx, ctx, {
      action: 'booking.cancel.admin',
      entityType: 'booking',
      entityId: bookingId,
      summary: `Cancelled ${booking.teamName}'s practice on ${booking.fieldName} at ${booking.startsAt}: ${reason}`,
      before: { status: 'confirmed' },
      after: { status: 'cancelled', reason },
    });
    await queueNotifications(tx, [notification('booking.cancelled', { teamId: booking.teamId, userId: null }, { ...practiceOf(booking), reason, byAdmin: true, blocked: false })]);
    return { value: undefined, slots: [booking.slotId] };
  });
  return (await repo.findBooking(db, bookingId, viewerOf(actor)))!;
}

const alreadyCancelled = () => new AppError('CONFLICT', { key: 'bookings.alreadyCancelled' });

/**
 * A coach cancels a booking of their team in one database call (`cgsl_cancel`, migration 0014, decision 031): the
 * team's lock, then the booking read under it (the team's, still confirmed, before the season's cutoff), the cancel,
 * its notification and audit entry, in the statement's own transaction; the answer is built from what it returns.
 * A booking of another team, or of none, is not found whoever asks; a member learns why they cannot cancel only a
 * booking of their own team (a read, no call: it never writes).
 */
async function cancelAsCoach({ db, live }: ServerContext, ctx: AuditContext, actor: Actor, bookingId: string, reason: string | undefined, now: Date): Promise<Booking> {
  const teamId = actor.profile.teamId;
  if (!teamId) throw notFound();
  const refusal = cannotBook(actor, 'cancel');
  if (refusal) {
    if ((await repo.findBooking(db, bookingId))?.teamId !== teamId) throw notFound();
    throw new AppError('FORBIDDEN', refusal.words, { rule: refusal.code });
  }
  return publishAfter(live, async () => {
    const answer = await repo.cancelInOneCall(db, { bookingId, teamId, userId: actor.userId, now, reason: reason?.trim() || 'Cancelled by the coach', audit: ctx });
    if (!answer.ok) {
      const { refusal: why } = answer;
      if (why.code === 'NOT_FOUND') throw notFound();
      if (why.code === 'ALREADY_CANCELLED') throw alreadyCancelled();
      throw new AppError('RULE_VIOLATION', cancelCutoffWords(why.cancelCutoffHours), { rule: 'CANCEL_CUTOFF' });
    }
    const { bookedBy, bookedByEmail, ...rest } = answer.booking;
    // Who booked it is shown as findBooking shows it to this person: to an admin, or to the booker themselves.
    const booking: Booking = { id: bookingId, status: 'cancelled', ...rest, bookedByEmail: actor.admin.isAdmin || bookedBy === actor.userId ? bookedByEmail : null };
    return { value: booking, slots: [booking.slotId] };
  });
}

/**
 * My Reservations: the bookings of the team the caller coaches and the ones they made themselves, upcoming and
 * past. Another person's email is shown to admins only.
 */
export async function listMine(db: Database, actor: Actor): Promise<Booking[]> {
  return repo.listBookingsOf(db, { teamId: followedTeam(actor), userId: actor.userId }, viewerOf(actor));
}

/**
 * A booking of the team the caller coaches, or one they made (any booking for an admin), as a calendar file, in
 * `locale` (the caller's language).
 */
export async function calendarFile(db: Database, actor: Actor, bookingId: string, locale: Locale = DEFAULT_LOCALE): Promise<{ ics: string; filename: string }> {
  const booking = await repo.findBooking(db, bookingId, viewerOf(actor));
  // Read as this person: the booker's address is there only when they booked it themselves.
  const theirs = booking && (actor.admin.isAdmin || booking.teamId === followedTeam(actor) || booking.bookedByEmail !== null);
  if (!booking || !theirs) {
    throw new AppError('NOT_FOUND', { key: 'bookings.notFoundCalendar' });
  }
  const ics = practiceIcs({ ...booking, bookingId: booking.id, confirmed: booking.status === 'confirmed' }, locale);
  return { ics, filename: `practice-${booking.startsAt.slice(0, 10)}.ics` };
}

/**
 * What Book a Field needs before the click. The season with its rules and the team's bookings come from this
 * server's cache until a change touches them; the clock (`now`) and the caller's own facts are per request.
 */
export async function bookingContext(
  { db, league, cache }: ServerContext,
  actor: Actor | null,
  seasonId: string | undefined,
  locale: Locale = DEFAULT_LOCALE,
  now = new Date(),
): Promise<BookingContext> {
  const { season, rules } = await cache.seasons.get(
    `season|${seasonId ?? 'active'}`,
    async () => {
      const found = seasonId ? await findSeason(db, seasonId) : await findActiveSeason(db);
      const season = found ? { id: found.id, name: found.name, startsOn: found.startsOn, endsOn: found.endsOn } : null;
      return { season, rules: season ? await repo.getRules(db, season.id) : null };
    },
    { joinTags: [tags.seasons], tagsOf: () => [tags.seasons] },
  );
  const teamId = actor?.profile.teamId ?? null;
  // The team's bookings and its make-up credits (a credit is freed or used by a booking change, and granted or taken
  // back with one: every such change drops this entry).
  const team = teamId
    ? await cache.teamBookings.get(
        `team|${teamId}`,
        async () => {
          const [starts, credits] = await Promise.all([repo.confirmedStartsOfTeam(db, teamId), freeCreditsOfTeam(db, teamId, now)]);
          return { starts: starts.map((d) => d.toISOString()), credits: credits.map((c) => c.expiresAt.toISOString()) };
        },
        { joinTags: [tags.bookings], tagsOf: () => [tags.bookings] },
      )
    : { starts: [], credits: [] };
  // The team's division and its own rules this season (issue 29): a division or rules change drops this entry.
  const division = teamId
    ? await cache.teamDivisions.get(`division|${teamId}|${season?.id ?? ''}`, () => teamDivisionRules(db, teamId, season?.id ?? null), {
        joinTags: [tags.seasons],
        tagsOf: () => [tags.seasons],
      })
    : null;
  return {
    timeZone: await league.timeZone(),
    now: now.toISOString(),
    season,
    rules: rules ? rulesForDivision(rules, division?.overrides) : null,
    divisionRules: overriddenKeys(division?.overrides),
    team: teamId ? { id: teamId, name: actor!.profile.teamName ?? '', divisionId: division?.divisionId ?? null, divisionName: division?.divisionName ?? null } : null,
    teamBookings: [...team.starts],
    makeupCredits: team.credits.filter((expires) => Date.parse(expires) > now.getTime()),
    cannotBook: contextRefusal(cannotBook(actor), locale),
  };
}

/** Book a Field's reason a person cannot book: its code, its words in the request's language, and their key and values for the web to word. */
function contextRefusal(refusal: ReturnType<typeof cannotBook>, locale: Locale): BookingContext['cannotBook'] {
  return refusal && { code: refusal.code, message: wordsIn(locale, refusal.words), key: refusal.words.key, params: paramsIn(locale, refusal.words.params) };
}

export async function rulesOfSeason(db: Database, seasonId: string): Promise<BookingRules> {
  if (!(await findSeason(db, seasonId))) throw seasonGone();
  return repo.getRules(db, seasonId);
}

/** Start times of a team's confirmed bookings, any season (what the limits count). */
export const confirmedStartsOfTeam = (db: Database, teamId: string) => repo.confirmedStartsOfTeam(db, teamId);

/** Confirmed bookings on these slots (a block lists them, and cancels them when the admin chose so). */
export const confirmedBookingsOn = repo.confirmedBookingsOn;
export type CoveredBooking = Awaited<ReturnType<typeof repo.confirmedBookingsOn>>[number];

/**
 * Cancels bookings a block covers, in the block's transaction (which holds their slots' locks), and queues
 * each team's notification with the block's reason (a rain-out's block marks them as its closure's instead).
 */
export async function cancelCoveredBookings(
  tx: Database,
  ctx: AuditContext,
  booked: CoveredBooking[],
  reason: string,
  options: { closureId?: string } = {},
): Promise<void> {
  await repo.cancelBookings(tx, booked.map((b) => b.bookingId), ctx.actorId, reason, options.closureId ?? null);
  // A rain-out tells each team once, about all of its practices (issue 28): the closure queues that message.
  if (options.closureId) return;
  await queueNotifications(
    tx,
    booked.map((b) =>
      notification('booking.cancelled', { teamId: b.teamId, userId: b.bookedBy }, {
        ...practiceOf({ id: b.bookingId, teamName: b.teamName, fieldName: b.fieldName, startsAt: b.startsAt.toISOString(), endsAt: b.endsAt.toISOString() }),
        reason,
        byAdmin: true,
        blocked: true,
      }),
    ),
  );
}

/** Confirmed practices starting in [start, end), with where they are (the evening-before reminders). */
export const confirmedPracticesStartingBetween = repo.confirmedPracticesStartingBetween;

/** Per team: confirmed bookings this season and still to come (the user manager's team list). */
export const teamBookingCounts = (db: Database, seasonId: string | null, now = new Date()) => repo.teamBookingCounts(db, seasonId, now);
/** A team's confirmed bookings still to come: a team holding any cannot be deactivated. */
export const upcomingBookingCountOfTeam = (db: Database, teamId: string, now = new Date()) => repo.upcomingBookingCountOfTeam(db, teamId, now);

/**
 * Admin: books an open slot for a team inside the caller's transaction (a practice request's approval), outside
 * the season's limits and booking window like an override, but never on a field limited to other divisions (issue 29)
 * and never a second confirmed booking of a slot (the
 * unique index has the last word: wrap the caller's transaction in `raceAsTaken`). Takes the locks in the order
 * every booking change does: the team's row, then the slot's. The caller queues the team's notification and
 * publishes the slot after its commit.
 */
export async function bookForTeamInTransaction(tx: Database, ctx: AuditContext, input: { slotId: string; teamId: string; reason: string }): Promise<Booking> {
  const team = await repo.lockTeam(tx, input.teamId);
  if (!team) throw new AppError('NOT_FOUND', { key: 'bookings.teamGone' });
  if (!team.active) throw new AppError('CONFLICT', { key: 'bookings.overrideTeamInactive', params: { team: team.name } });
  const lock = await lockSlot(tx, input.slotId);
  if (!lock) throw new AppError('NOT_FOUND', { key: 'bookings.slotGone' });
  const slot = (await findSlot(tx, input.slotId))!;
  if (!lock.fieldActive) throw fieldClosed(slot.fieldName);
  if (slot.status === 'blocked') {
    throw new AppError('CONFLICT', { key: 'bookings.overrideSlotBlocked', params: { reason: slot.blockReason ?? { key: 'bookings.noReasonGiven' } } }, { rule: 'SLOT_BLOCKED' });
  }
  if (slot.status === 'booked') {
    throw new AppError('CONFLICT', { key: 'bookings.overrideSlotTaken', params: { team: slot.teamName ?? { key: 'bookings.anotherTeam' } } }, { rule: 'SLOT_TAKEN' });
  }
  // Outside the limits, never outside the team's fields (issue 29): Override booking is the admin's way onto another division's field.
  const otherDivision = await fieldDivisionRefusal(tx, slot.fieldId, team);
  if (otherDivision) throw new AppError('CONFLICT', refusalErrorWords(otherDivision), { rule: 'FIELD_DIVISION' });
  const bookingId = await repo.insertBooking(tx, { slotId: input.slotId, teamId: input.teamId, bookedBy: ctx.actorId, override: true, overrideReason: input.reason });
  // An admin's booking outranks a hold: the team offered it waits again, first in line (decision 034).
  await bookedForTeam(tx, input.slotId, input.teamId);
  await recordAudit(tx, ctx, {
    action: 'booking.override',
    entityType: 'booking',
    entityId: bookingId,
    summary: `Override: booked ${slot.fieldName} at ${slot.startsAt} for ${team.name}: ${input.reason}`,
    after: { bookingId, slotId: input.slotId, teamId: input.teamId },
  });
  return (await repo.findBooking(tx, bookingId))!;
}

// ---- The opening round's draw (docs/decisions/030) ----

/** What a draw decides on, read in its transaction once the teams and the slots are locked. */
export interface DrawFacts {
  /** The teams asked for, by id (an id that is no team is left out). `bookings`: confirmed, any season. */
  teams: Array<{ id: string; name: string; active: boolean; bookings: Array<{ startsAt: Date; endsAt: Date; seasonId: string }> }>;
  /** The season's live slots starting in the range, by start. `free`: open, not booked, on an open field. */
  slots: Array<{ id: string; startsAt: Date; endsAt: Date; fieldName: string; free: boolean }>;
}

/** One booking the draw makes; `note` and `details` go into its audit entry (`booking.create`). */
export interface DrawPickToBook {
  teamId: string;
  slotId: string;
  note: string;
  details?: Record<string, unknown>;
}

export interface DrawBooked {
  bookingId: string;
  teamId: string;
  teamName: string;
  slotId: string;
  fieldName: string;
  startsAt: string;
  endsAt: string;
}

/** Bookings (with their audit entries) per statement: a draw of 2,000 picks is ten statements. */
const DRAW_INSERT_BATCH = 200;

/**
 * Books a draw's picks inside the caller's transaction, with the guarantees of a coach's booking: the teams' rows are
 * locked (in id order, so two draws or a draw and a booking cannot deadlock on them), then the season's slots in
 * [start, end); what `decide` is handed is read after those locks, so no booking, block or deactivation can land
 * between what the draw sees and what it books. Each pick is checked again here (the slot free and in the range, the
 * team active, the team's limits with its bookings and its earlier picks, in pick order), and the one-confirmed-
 * booking-per-slot index has the last word. Any problem fails the whole transaction: all of the picks or none.
 * Booked by nobody (`booked_by` null: the draw made them); the caller tells the teams.
 */
export async function bookDrawInTransaction<T extends { picks: readonly DrawPickToBook[] }>(
  tx: Database,
  ctx: AuditContext,
  scope: { seasonId: string; start: Date; end: Date; teamIds: readonly string[]; now: Date; timeZone: string; rules: Omit<LimitRules, 'maxAheadDays'> },
  decide: (facts: DrawFacts) => T | Promise<T>,
): Promise<{ facts: DrawFacts; decided: T; booked: DrawBooked[] }> {
  const locked = await repo.lockTeamsInOrder(tx, [...new Set(scope.teamIds)].sort());
  await repo.lockSlotsBetween(tx, scope.seasonId, scope.start, scope.end);
  const slotRows = await repo.slotsBetween(tx, scope.seasonId, scope.start, scope.end);
  const bookingRows = await repo.confirmedBookingsOfTeams(
    tx,
    locked.map((t) => t.id),
  );
  const byTeam = new Map<string, DrawFacts['teams'][number]>(locked.map((t) => [t.id, { ...t, bookings: [] }]));
  for (const b of bookingRows) byTeam.get(b.teamId)?.bookings.push({ startsAt: b.startsAt, endsAt: b.endsAt, seasonId: b.seasonId });
  const facts: DrawFacts = {
    teams: [...byTeam.values()],
    slots: slotRows.map((s) => ({ id: s.id, startsAt: s.startsAt, endsAt: s.endsAt, fieldName: s.fieldName, free: !s.blocked && !s.booked && s.fieldActive })),
  };
  const decided = await decide(facts);

  // The team's own limits, as the draw judges them: never how far ahead (the round chose its dates), whatever object came in.
  const { maxPerWeek, maxPerDay, maxUpcoming, minLeadHours } = scope.rules;
  const limits = { maxPerWeek, maxPerDay, maxUpcoming, minLeadHours };
  const slotsById = new Map(facts.slots.map((s) => [s.id, s]));
  const held = new Map<string, DatedStart[]>(facts.teams.map((t) => [t.id, t.bookings.map((b) => datedStart(b.startsAt, scope.timeZone))]));
  const booked: DrawBooked[] = [];
  const taken = new Set<string>();
  for (const pick of decided.picks) {
    const team = byTeam.get(pick.teamId);
    const slot = slotsById.get(pick.slotId);
    // "…: <why> Nothing was booked": each reason ends with its full stop.
    const refuse = (why: ErrorWords) =>
      new AppError('CONFLICT', { key: 'bookings.drawCannotBook', params: { team: team?.name ?? { key: 'bookings.aTeam' }, field: slot?.fieldName ?? { key: 'bookings.aSlot' }, why } });
    if (!team?.active) throw refuse({ key: 'bookings.drawTeamInactive' });
    if (!slot?.free || taken.has(slot.id)) throw refuse({ key: 'bookings.drawSlotNotFree' });
    const at = datedStart(slot.startsAt, scope.timeZone);
    if (slot.startsAt.getTime() <= scope.now.getTime()) throw refuse({ key: 'bookings.drawSlotPast' });
    const allowed = judgeLimits({ rules: limits, slot: at, teamBookings: held.get(team.id)!, teamName: team.name, now: scope.now });
    if (!allowed.ok) throw refuse(refusalErrorWords(allowed.refusal));
    held.get(team.id)!.push(at);
    taken.add(slot.id);
    booked.push({ bookingId: randomUUID(), teamId: team.id, teamName: team.name, slotId: slot.id, fieldName: slot.fieldName, startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString() });
  }
  for (let i = 0; i < booked.length; i += DRAW_INSERT_BATCH) {
    const batch = booked.slice(i, i + DRAW_INSERT_BATCH);
    await repo.insertBookingsAlong(
      tx,
      batch.map((b) => ({ id: b.bookingId, slotId: b.slotId, teamId: b.teamId, bookedBy: null })),
      batch.map((b, k) => {
        const pick = decided.picks[i + k]!;
        return auditStatement(tx, ctx, {
          action: 'booking.create',
          entityType: 'booking',
          entityId: b.bookingId,
          summary: `${b.teamName} got ${b.fieldName} at ${b.startsAt}: ${pick.note}`,
          after: { bookingId: b.bookingId, slotId: b.slotId, teamId: b.teamId, ...pick.details },
        });
      }),
    );
  }
  return { facts, decided, booked };
}

// ---- Rain-outs (issue 28, docs/decisions/033): the closures module reaches the bookings they cancel here ----
export const cancelledBookingsOfClosure = repo.cancelledBookingsOfClosure;
export type ClosureBooking = Awaited<ReturnType<typeof repo.cancelledBookingsOfClosure>>[number];
export const closureBookingCounts = repo.closureBookingCounts;
export const restoreBooking = repo.restoreBooking;
export const closurePracticesOfTeam = repo.closurePracticesOfTeam;
export const closureIdsOfTeam = repo.closureIdsOfTeam;
export const lockTeamsInOrder = repo.lockTeamsInOrder;
export const lockTeamRow = repo.lockTeam;
