import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Database } from '../../db/client';
import { bookingRules, bookings, divisions, facilities, fields, slots, swapOffers, teams, users } from '../../db/schema';
import { DEFAULT_BOOKING_RULES } from '../../../shared/bookings/booking-rules';
import type { SwapKind, SwapPractice, SwapState } from '../../../shared/swaps/swaps.schemas';

// Practice swaps (issue 29, decision 036). The offers are this module's table. An acceptance also cancels and books
// practices in its own transaction, under the locks every booking change takes (the teams' rows, then the slots'),
// as the database's booking call writes bookings, make-up credits and waits in SQL (migration 0018): the rows are the
// bookings module's, written with the same columns, and the decision whether a team may book a slot is the
// database's own (`cgsl_booking_decision`), never a second copy of the rules.

export type OfferRow = typeof swapOffers.$inferSelect;

/** One practice as an offer needs it: who, where, when, whether it still stands, and its season's cutoff. */
export interface PracticeFacts {
  bookingId: string;
  slotId: string;
  teamId: string;
  teamName: string;
  teamActive: boolean;
  status: 'confirmed' | 'cancelled';
  swapId: string | null;
  fieldId: string;
  fieldName: string;
  facilityName: string;
  startsAt: Date;
  endsAt: Date;
  cancelCutoffHours: number;
}

/** What every read of practices selects: the booking, its slot, field, facility and team, and its season's cutoff. */
function selectPractices(db: Database) {
  return db
    .select({
      bookingId: bookings.id,
      slotId: bookings.slotId,
      teamId: bookings.teamId,
      teamName: teams.name,
      teamActive: teams.active,
      status: bookings.status,
      swapId: bookings.swapId,
      fieldId: fields.id,
      fieldName: fields.name,
      facilityName: facilities.name,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      cancelCutoffHours: sql<number>`coalesce(${bookingRules.cancelCutoffHours}, ${DEFAULT_BOOKING_RULES.cancelCutoffHours}::int)`.mapWith(Number),
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .innerJoin(facilities, eq(facilities.id, fields.facilityId))
    .innerJoin(teams, eq(teams.id, bookings.teamId))
    .leftJoin(bookingRules, eq(bookingRules.seasonId, slots.seasonId));
}

/** These bookings as offers need them (missing ids are left out). */
export async function practices(db: Database, ids: readonly string[]): Promise<PracticeFacts[]> {
  if (ids.length === 0) return [];
  return selectPractices(db)
    .where(inArray(bookings.id, [...ids]))
    .orderBy(asc(slots.startsAt), asc(bookings.id));
}

/**
 * A team's confirmed practices that could still be asked for in a swap at `now`: their season's cancellation cutoff
 * (an offer expires at it) is still ahead. By start; at most `limit`.
 */
export async function swappablePracticesOf(db: Database, teamId: string, now: Date, limit: number): Promise<PracticeFacts[]> {
  const cutoffHours = sql`coalesce(${bookingRules.cancelCutoffHours}, ${DEFAULT_BOOKING_RULES.cancelCutoffHours}::int)`;
  return selectPractices(db)
    .where(
      and(
        eq(bookings.teamId, teamId),
        eq(bookings.status, 'confirmed'),
        sql`${slots.startsAt} - make_interval(hours => ${cutoffHours}) > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(slots.startsAt), asc(bookings.id))
    .limit(limit);
}

/** The active teams other than this one, by name, with their division's name (the teams an offer may go to). */
export async function otherActiveTeams(db: Database, teamId: string): Promise<Array<{ id: string; name: string; division: string | null }>> {
  return db
    .select({ id: teams.id, name: teams.name, division: divisions.name })
    .from(teams)
    .leftJoin(divisions, eq(divisions.id, teams.divisionId))
    .where(and(eq(teams.active, true), ne(teams.id, teamId)))
    .orderBy(sql`lower(${teams.name})`, asc(teams.id));
}

export async function findOffer(db: Database, id: string): Promise<OfferRow | null> {
  return (await db.select().from(swapOffers).where(eq(swapOffers.id, id)))[0] ?? null;
}

/**
 * Which of these bookings changed slot or status after the offer was made: the trigger of migration 0007 stamps a
 * booking's `changed_at` with its transaction's start (now()) on every such change, as an offer's `created_at` is. The
 * caller holds the bookings' teams' rows, which a move and an offer both take (see `accept`).
 */
export async function changedSinceOffer(db: Database, offerId: string, bookingIds: readonly string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(swapOffers, eq(swapOffers.id, offerId))
    .where(and(inArray(bookings.id, [...bookingIds]), sql`${bookings.changedAt} > ${swapOffers.createdAt}`));
  return new Set(rows.map((r) => r.id));
}

/** The offer's row, locked for the rest of the transaction (an acceptance, a decline and a withdrawal queue on it). */
export async function lockOffer(db: Database, id: string): Promise<OfferRow | null> {
  return (await db.select().from(swapOffers).where(eq(swapOffers.id, id)).for('update'))[0] ?? null;
}

export async function insertOffer(
  db: Database,
  values: { kind: SwapKind; bookingId: string; fromTeamId: string; toTeamId: string; wantedBookingIds: string[]; note: string | null; expiresAt: Date; createdBy: string },
): Promise<string> {
  const rows = await db.insert(swapOffers).values(values).returning({ id: swapOffers.id });
  return rows[0]!.id;
}

/** The open offer of a booking, if any, with the team it is made to. */
export async function openOfferOf(db: Database, bookingId: string): Promise<{ id: string; toTeamName: string } | null> {
  const rows = await db
    .select({ id: swapOffers.id, toTeamName: teams.name })
    .from(swapOffers)
    .innerJoin(teams, eq(teams.id, swapOffers.toTeamId))
    .where(and(eq(swapOffers.bookingId, bookingId), eq(swapOffers.state, 'open')));
  return rows[0] ?? null;
}

/**
 * How an offer reads at `now`: its stored state, except that an open offer past its expiry reads `expired`, and one
 * whose offered practice (or, for a swap, every wanted practice) is no longer confirmed reads `void`. Cancels, blocks,
 * rain-outs and moves never touch offers; acceptance re-checks everything under the locks, and reads say this.
 */
function readState(now: Date): SQL<SwapState> {
  return sql<SwapState>`case
    when ${swapOffers.state} <> 'open' then ${swapOffers.state}
    when ${swapOffers.expiresAt} <= ${now.toISOString()}::timestamptz then 'expired'
    when not exists (select 1 from ${bookings} ob where ob.id = ${swapOffers.bookingId} and ob.status = 'confirmed')
      or (${swapOffers.kind} = 'swap' and not exists (
        select 1 from ${bookings} wb where wb.id = any(${swapOffers.wantedBookingIds}) and wb.status = 'confirmed')) then 'void'
    else 'open' end`;
}

/**
 * Open offers of a booking that no longer read open (expired, or a practice gone) take that state for good, so the
 * one-open-offer-per-booking index lets the booking be offered again. Returns how many changed.
 */
export async function settleStaleOffersOf(db: Database, bookingId: string, now: Date): Promise<number> {
  const state = readState(now);
  const rows = await db
    .update(swapOffers)
    .set({ state: sql`${state}`, decidedAt: now })
    .where(and(eq(swapOffers.bookingId, bookingId), eq(swapOffers.state, 'open'), sql`${state} <> 'open'`))
    .returning({ id: swapOffers.id });
  return rows.length;
}

/** Decides an open offer (accepted, declined, withdrawn, expired, void); whether it was still open. */
export async function decideOffer(
  db: Database,
  id: string,
  state: Exclude<SwapState, 'open'>,
  by: string | null,
  now: Date,
  acceptedBookingId: string | null = null,
): Promise<boolean> {
  const rows = await db
    .update(swapOffers)
    .set({ state, decidedAt: now, decidedBy: by, acceptedBookingId })
    .where(and(eq(swapOffers.id, id), eq(swapOffers.state, 'open')))
    .returning({ id: swapOffers.id });
  return rows.length > 0;
}

/**
 * After an acceptance cancelled these bookings: the other open offers that can no longer be taken end (`void`): those
 * offering one of them, and swaps none of whose wanted practices is still confirmed. Returns their ids.
 */
export async function voidOffersInvolving(db: Database, bookingIds: readonly string[], exceptId: string, now: Date): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const ids = sql`array[${sql.join(bookingIds.map((id) => sql`${id}::uuid`), sql`, `)}]::uuid[]`;
  const rows = await db
    .update(swapOffers)
    .set({ state: 'void', decidedAt: now })
    .where(
      and(
        eq(swapOffers.state, 'open'),
        ne(swapOffers.id, exceptId),
        or(
          inArray(swapOffers.bookingId, [...bookingIds]),
          sql`(${swapOffers.kind} = 'swap' and ${swapOffers.wantedBookingIds} && ${ids} and not exists (
            select 1 from ${bookings} wb where wb.id = any(${swapOffers.wantedBookingIds}) and wb.status = 'confirmed'))`,
        ),
      ),
    )
    .returning({ id: swapOffers.id });
  return rows.map((r) => r.id);
}

// ---- the acceptance's writes (its transaction holds both teams' rows and both slots) ----

/** Cancels a confirmed booking for a swap, marked with it; whether it was still confirmed. */
export async function cancelForSwap(db: Database, bookingId: string, by: string, reason: string, swapId: string): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelledBy: by, cancelReason: reason, swapId })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'confirmed')))
    .returning({ id: bookings.id });
  return rows.length > 0;
}

/** Books a slot for a team by a swap (a second confirmed booking of the slot is the unique index's violation). */
export async function insertSwapBooking(db: Database, values: { slotId: string; teamId: string; bookedBy: string | null; swapId: string }): Promise<string> {
  // The offering coach books the offering team's new practice; an account deleted since books it as nobody.
  const bookedBy = values.bookedBy ? sql`(select ${users.id} from ${users} where ${users.id} = ${values.bookedBy})` : null;
  const rows = await db
    .insert(bookings)
    .values({ ...values, bookedBy })
    .returning({ id: bookings.id });
  return rows[0]!.id;
}

/** What the database's booking decision (`cgsl_booking_decision`, migration 0019) answers, instants as ISO strings. */
export type RawDecision = { ok: true; makeupCreditId?: string } & Record<string, unknown>;

/**
 * Whether the team may book the slot at `now` under its rules, its division's and the field's, decided by the
 * database's own function as the booking call decides a coach's press. The caller holds the team's and the slot's
 * locks, and reads in a statement of its own, after them.
 */
export async function bookingDecision(db: Database, teamId: string, slotId: string, now: Date, timeZone: string): Promise<{ ok: boolean } & Record<string, unknown>> {
  const rows = rowsOf<{ answer: unknown }>(
    await db.execute(sql`select cgsl_booking_decision(${teamId}::uuid, ${slotId}::uuid, ${now.toISOString()}::timestamptz, ${timeZone}::text) as answer`),
  );
  const raw = rows[0]!.answer;
  return (typeof raw === 'string' ? JSON.parse(raw) : raw) as { ok: boolean } & Record<string, unknown>;
}

// ---- what a team sees ----

const fromTeam = alias(teams, 'from_team');
const toTeam = alias(teams, 'to_team');

export interface OfferListed {
  offer: OfferRow;
  state: SwapState;
  fromTeamName: string;
  toTeamName: string;
}

function listed(now: Date) {
  return {
    offer: swapOffers,
    state: readState(now),
    fromTeamName: fromTeam.name,
    toTeamName: toTeam.name,
  };
}

/** Offers of a team (made or received), as they read at `now`: the open ones by expiry, and the latest others. */
export async function offersOfTeam(db: Database, teamId: string, now: Date, recent: number): Promise<{ open: OfferListed[]; decided: OfferListed[] }> {
  const ofTeam = or(eq(swapOffers.fromTeamId, teamId), eq(swapOffers.toTeamId, teamId));
  const state = readState(now);
  const base = () =>
    db
      .select(listed(now))
      .from(swapOffers)
      .innerJoin(fromTeam, eq(fromTeam.id, swapOffers.fromTeamId))
      .innerJoin(toTeam, eq(toTeam.id, swapOffers.toTeamId));
  const [open, decided] = await Promise.all([
    base()
      .where(and(ofTeam, sql`${state} = 'open'`))
      .orderBy(asc(swapOffers.expiresAt), asc(swapOffers.id)),
    base()
      .where(and(ofTeam, sql`${state} <> 'open'`))
      // Decided offers by when they were decided; those that only read expired or void, by when that happened (or now).
      .orderBy(desc(sql`coalesce(${swapOffers.decidedAt}, least(${swapOffers.expiresAt}, ${now.toISOString()}::timestamptz))`), desc(swapOffers.id))
      .limit(recent),
  ]);
  return { open, decided };
}

/** One offer as it reads at `now`, with its teams' names. */
export async function offerListed(db: Database, id: string, now: Date): Promise<OfferListed | null> {
  const rows = await db
    .select(listed(now))
    .from(swapOffers)
    .innerJoin(fromTeam, eq(fromTeam.id, swapOffers.fromTeamId))
    .innerJoin(toTeam, eq(toTeam.id, swapOffers.toTeamId))
    .where(eq(swapOffers.id, id));
  return rows[0] ?? null;
}

/** A practice as an offer shows it. */
export function swapPracticeOf(p: PracticeFacts): SwapPractice {
  return {
    bookingId: p.bookingId,
    teamId: p.teamId,
    teamName: p.teamName,
    status: p.status,
    fieldName: p.fieldName,
    facilityName: p.facilityName,
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt.toISOString(),
  };
}

/** These bookings as an offer shows them. */
export async function swapPractices(db: Database, ids: readonly string[]): Promise<Map<string, SwapPractice>> {
  const found = await practices(db, ids);
  return new Map(found.map((p) => [p.bookingId, swapPracticeOf(p)]));
}
