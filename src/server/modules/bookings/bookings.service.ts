import { randomUUID } from 'node:crypto';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { lockBusy, sqlState } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/access';
import { checkBooking, checkCancellation, type BookingRules } from '../../../shared/bookings/booking-rules';
import type { Booking, BookingContext } from '../../../shared/bookings/bookings.schemas';
import { auditStatement, recordAudit, type AuditContext } from '../audit/audit.service';
import { practiceIcs } from '../calendar/calendar.service';
import { commitThenPublish } from '../live/live.service';
import { tags } from '../read-cache/read-cache.service';
import { notification, notificationsStatement, queueNotifications, type PracticeFacts } from '../notifications/notifications.service';
import { findActiveSeason, findSeason } from '../seasons/seasons.service';
import { findSlot, lockSlot } from '../slots/slots.service';
import * as repo from './bookings.repository';

export const taken = () => new AppError('CONFLICT', 'Someone just booked this slot. Pick another time.', { rule: 'SLOT_TAKEN' });
export const fieldClosed = (fieldName: string) =>
  new AppError('CONFLICT', `${fieldName} is closed (deactivated by a league admin), so its slots cannot be booked. Pick a slot on another field.`, { rule: 'FIELD_CLOSED' });
export const notFound = () => new AppError('NOT_FOUND', "That booking does not exist, or it is not your team's. Reload My Reservations.");
export const seasonGone = () => new AppError('NOT_FOUND', 'That season does not exist any more. Reload the page.');

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

/**
 * The team whose bookings this person follows: a coach's (or an admin's) own team. A member's team gives no
 * access to its bookings: a member is not the one who books or cancels them, and only an admin sets a team.
 */
export function followedTeam(actor: Actor): string | null {
  return actor.profile.teamId && (actor.profile.role !== 'member' || actor.admin.isAdmin) ? actor.profile.teamId : null;
}

/** Why this person cannot book at all, in words, or null. */
export function cannotBook(actor: Actor | null): { code: string; message: string } | null {
  if (!actor) return { code: 'SIGN_IN', message: 'Log in to book a practice.' };
  if (!actor.profile.teamId) {
    return { code: 'NO_TEAM', message: 'You are not on a team yet, so you cannot book. Ask a league admin to add you to your team as a coach.' };
  }
  if (actor.profile.role === 'member') {
    return { code: 'NOT_COACH', message: `Only coaches can book practices. Ask a league admin to make you a coach of ${actor.profile.teamName ?? 'your team'}.` };
  }
  return null;
}

/** What a rule's refusal answers. */
function ruleRefusal(result: { code: string; message: string }): AppError {
  if (result.code === 'SLOT_TAKEN') return taken();
  return new AppError(result.code === 'SLOT_BLOCKED' ? 'CONFLICT' : 'RULE_VIOLATION', result.message, { rule: result.code });
}

/**
 * The rules checked on what is committed now, before queueing for a lock someone else holds. On the night booking
 * opens most presses are for a slot someone already holds or past a team's limit: they are refused here, as they
 * would have been a moment later, without waiting behind the presses ahead of them. A press that passes is decided
 * again under the locks. A rule speaks here only when what the locked path checks first holds (an active team, an
 * open field), so the answer is the one the transaction would give.
 */
async function refuseEarly(db: Database, teamId: string, slotId: string, now: Date, timeZone: string): Promise<void> {
  const facts = await repo.bookingFacts(db, teamId, slotId);
  if (!facts?.team?.active || !facts.fieldActive) return;
  const result = checkBooking({
    rules: facts.rules,
    season: facts.season,
    slot: { startsAt: facts.slot.startsAt, endsAt: facts.slot.endsAt, status: facts.slot.status, blockReason: facts.slot.blockReason },
    teamBookings: facts.teamStarts,
    teamName: facts.team.name,
    now,
    timeZone,
  });
  if (!result.ok) throw ruleRefusal(result);
}

/**
 * A coach books an open slot for their team. Rules checked inside the transaction that holds the team's lock.
 * Three statements (docs/decisions/013): the locks (team, then slot), then everything the rules need in one read
 * whose snapshot follows the locks, then the booking with its notification and audit entry in one insert. The
 * answer is built from what the transaction read and wrote, not read again. *
 * When no other press is under way on this server, the locks are first asked for without waiting: nobody holds
 * them on almost every press (a coach booking on an ordinary evening), and the booking is done in those three
 * statements. When other presses are under way here, or another server holds the team or the slot (the night
 * booking opens), the press is first judged on what is committed (`refuseEarly`: most are refused there without
 * queueing) and only a press that passes waits for the locks and is decided under them.
 */
export async function book({ db, live, league }: ServerContext, ctx: AuditContext, actor: Actor | null, slotId: string, now = new Date()): Promise<Booking> {
  const refusal = cannotBook(actor);
  if (refusal) throw new AppError(refusal.code === 'SIGN_IN' ? 'UNAUTHENTICATED' : 'FORBIDDEN', refusal.message, { rule: refusal.code });
  const { userId, profile } = actor!;
  const teamId = profile.teamId!;
  const timeZone = await league.timeZone();
  const attempt = (wait: boolean) =>
    raceAsTaken(() =>
      commitThenPublish(db, live, async (tx) => {
        const { team, slot: lock } = await repo.lockTeamAndSlot(tx, teamId, slotId, { wait });
        if (!team?.active) throw new AppError('FORBIDDEN', 'Your team is not active, so it cannot book. Contact a league admin.');
        if (!lock) throw new AppError('NOT_FOUND', 'That slot does not exist any more. Reload the page.');
        const { slot, season, rules, teamStarts } = (await repo.bookingFacts(tx, teamId, slotId))!;
        if (!lock.fieldActive) throw fieldClosed(slot.fieldName);
        const result = checkBooking({
          rules,
          season,
          slot: { startsAt: slot.startsAt, endsAt: slot.endsAt, status: slot.status, blockReason: slot.blockReason },
          teamBookings: teamStarts,
          teamName: team.name,
          now,
          timeZone,
        });
        if (!result.ok) throw ruleRefusal(result);
        const bookingId = randomUUID();
        const startsAt = slot.startsAt.toISOString();
        const endsAt = slot.endsAt.toISOString();
        const { createdAt } = await repo.insertBookingAlong(tx, { id: bookingId, slotId, teamId, bookedBy: userId }, [
          // Every booking change queues its email in the same transaction (product.md: sent from the outbox after commit).
          notificationsStatement(tx, [
            notification('booking.created', { teamId, userId }, { ...practiceOf({ id: bookingId, teamName: team.name, fieldName: slot.fieldName, startsAt, endsAt }), override: false, reason: null }),
          ]),
          auditStatement(tx, ctx, {
            action: 'booking.create',
            entityType: 'booking',
            entityId: bookingId,
            summary: `${team.name} booked ${slot.fieldName} at ${startsAt}`,
            after: { bookingId, slotId, teamId },
          }),
        ]);
        const booking: Booking = {
          id: bookingId,
          slotId,
          seasonId: slot.seasonId,
          teamId,
          teamName: team.name,
          status: 'confirmed',
          startsAt,
          endsAt,
          fieldId: slot.fieldId,
          fieldName: slot.fieldName,
          facilityName: slot.facilityName,
          facilityAddress: slot.facilityAddress,
          mapUrl: slot.mapUrl,
          // The booker reads their own address (findBooking's viewer rule): the profile's, as the join gives it.
          bookedByEmail: profile.email,
          createdAt: createdAt.toISOString(),
          cancelledAt: null,
          cancelReason: null,
          override: false,
          overrideReason: null,
        };
        return { value: booking, slots: [slotId] };
      }),
    );
  pressesInFlight += 1;
  try {
    if (pressesInFlight === 1) {
      try {
        return await attempt(false);
      } catch (err) {
        if (!lockBusy(err)) throw err;
      }
    }
    await refuseEarly(db, teamId, slotId, now, timeZone);
    return await attempt(true);
  } finally {
    pressesInFlight -= 1;
  }
}

/**
 * Presses being decided on this server. While another is under way the locks are likely taken (and on PGlite,
 * one connection, every transaction queues behind the one running), so a press is judged on what is committed
 * before it queues. Only a hint for speed: the decision is always made under the locks.
 */
let pressesInFlight = 0;

/** A coach cancels their team's booking before the cutoff; an admin cancels any booking, with a reason. */
export async function cancel(
  { db, live }: ServerContext,
  ctx: AuditContext,
  actor: Actor,
  bookingId: string,
  options: { asAdmin: boolean; reason?: string | undefined },
  now = new Date(),
): Promise<Booking> {
  const booking = await repo.findBooking(db, bookingId);
  if (!booking) throw notFound();
  if (!options.asAdmin && booking.teamId !== actor.profile.teamId) throw notFound();
  const refusal = options.asAdmin ? null : cannotBook(actor);
  if (refusal) throw new AppError('FORBIDDEN', refusal.message.replace('book practices', 'cancel practices'), { rule: refusal.code });
  if (booking.status !== 'confirmed') throw new AppError('CONFLICT', 'This booking is already cancelled.');
  if (!options.asAdmin) {
    const cutoff = checkCancellation(await repo.getRules(db, booking.seasonId), new Date(booking.startsAt), now);
    if (!cutoff.ok) throw new AppError('RULE_VIOLATION', cutoff.message, { rule: 'CANCEL_CUTOFF' });
  }
  await commitThenPublish(db, live, async (tx) => {
    await repo.lockTeam(tx, booking.teamId);
    const reason = options.reason?.trim() || (options.asAdmin ? 'Cancelled by a league admin' : 'Cancelled by the coach');
    if (!(await repo.cancelBooking(tx, bookingId, actor.userId, reason))) throw new AppError('CONFLICT', 'This booking is already cancelled.');
    await recordAudit(tx, ctx, {
      action: options.asAdmin ? 'booking.cancel.admin' : 'booking.cancel',
      entityType: 'booking',
      entityId: bookingId,
      summary: `Cancelled ${booking.teamName}'s practice on ${booking.fieldName} at ${booking.startsAt}: ${reason}`,
      before: { status: 'confirmed' },
      after: { status: 'cancelled', reason },
    });
    await queueNotifications(tx, [notification('booking.cancelled', { teamId: booking.teamId, userId: null }, { ...practiceOf(booking), reason, byAdmin: options.asAdmin, blocked: false })]);
    return { value: undefined, slots: [booking.slotId] };
  });
  return (await repo.findBooking(db, bookingId, viewerOf(actor)))!;
}

/**
 * My Reservations: the bookings of the team the caller coaches and the ones they made themselves, upcoming and
 * past. Another person's email is shown to admins only.
 */
export async function listMine(db: Database, actor: Actor): Promise<Booking[]> {
  return repo.listBookingsOf(db, { teamId: followedTeam(actor), userId: actor.userId }, viewerOf(actor));
}

/** A booking of the team the caller coaches, or one they made (any booking for an admin), as a calendar file. */
export async function calendarFile(db: Database, actor: Actor, bookingId: string): Promise<{ ics: string; filename: string }> {
  const booking = await repo.findBooking(db, bookingId, viewerOf(actor));
  // Read as this person: the booker's address is there only when they booked it themselves.
  const theirs = booking && (actor.admin.isAdmin || booking.teamId === followedTeam(actor) || booking.bookedByEmail !== null);
  if (!booking || !theirs) {
    throw new AppError('NOT_FOUND', "That booking does not exist, or it is not your team's.");
  }
  const ics = practiceIcs({ ...booking, bookingId: booking.id, confirmed: booking.status === 'confirmed' });
  return { ics, filename: `practice-${booking.startsAt.slice(0, 10)}.ics` };
}

/**
 * What Book a Field needs before the click. The season with its rules and the team's bookings come from this
 * server's cache until a change touches them; the clock (`now`) and the caller's own facts are per request.
 */
export async function bookingContext({ db, league, cache }: ServerContext, actor: Actor | null, seasonId: string | undefined, now = new Date()): Promise<BookingContext> {
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
  const teamBookings = teamId
    ? await cache.teamBookings.get(`team|${teamId}`, async () => (await repo.confirmedStartsOfTeam(db, teamId)).map((d) => d.toISOString()), {
        joinTags: [tags.bookings],
        tagsOf: () => [tags.bookings],
      })
    : [];
  return {
    timeZone: await league.timeZone(),
    now: now.toISOString(),
    season,
    rules,
    team: teamId ? { id: teamId, name: actor!.profile.teamName ?? '' } : null,
    teamBookings: [...teamBookings],
    cannotBook: cannotBook(actor),
  };
}

export async function rulesOfSeason(db: Database, seasonId: string): Promise<BookingRules> {
  if (!(await findSeason(db, seasonId))) throw seasonGone();
  return repo.getRules(db, seasonId);
}

/** Confirmed bookings on these slots (a block lists them, and cancels them when the admin chose so). */
export const confirmedBookingsOn = repo.confirmedBookingsOn;
export type CoveredBooking = Awaited<ReturnType<typeof repo.confirmedBookingsOn>>[number];

/**
 * Cancels bookings a block covers, in the block's transaction (which holds their slots' locks), and queues
 * each team's notification with the block's reason.
 */
export async function cancelCoveredBookings(tx: Database, ctx: AuditContext, booked: CoveredBooking[], reason: string): Promise<void> {
  await repo.cancelBookings(tx, booked.map((b) => b.bookingId), ctx.actorId, reason);
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
 * the season's limits and booking window like an override, but never a second confirmed booking of a slot (the
 * unique index has the last word: wrap the caller's transaction in `raceAsTaken`). Takes the locks in the order
 * every booking change does: the team's row, then the slot's. The caller queues the team's notification and
 * publishes the slot after its commit.
 */
export async function bookForTeamInTransaction(tx: Database, ctx: AuditContext, input: { slotId: string; teamId: string; reason: string }): Promise<Booking> {
  const team = await repo.lockTeam(tx, input.teamId);
  if (!team) throw new AppError('NOT_FOUND', 'That team does not exist any more.');
  if (!team.active) throw new AppError('CONFLICT', `${team.name} is not active, so it cannot be booked. Reactivate the team first.`);
  const lock = await lockSlot(tx, input.slotId);
  if (!lock) throw new AppError('NOT_FOUND', 'That slot does not exist any more. Reload the page.');
  const slot = (await findSlot(tx, input.slotId))!;
  if (!lock.fieldActive) throw fieldClosed(slot.fieldName);
  if (slot.status === 'blocked') throw new AppError('CONFLICT', `This slot is blocked (${slot.blockReason ?? 'no reason given'}). Choose another slot.`, { rule: 'SLOT_BLOCKED' });
  if (slot.status === 'booked') throw new AppError('CONFLICT', `This slot is already booked by ${slot.teamName ?? 'another team'}. Choose another slot.`, { rule: 'SLOT_TAKEN' });
  const bookingId = await repo.insertBooking(tx, { slotId: input.slotId, teamId: input.teamId, bookedBy: ctx.actorId, override: true, overrideReason: input.reason });
  await recordAudit(tx, ctx, {
    action: 'booking.override',
    entityType: 'booking',
    entityId: bookingId,
    summary: `Override: booked ${slot.fieldName} at ${slot.startsAt} for ${team.name}: ${input.reason}`,
    after: { bookingId, slotId: input.slotId, teamId: input.teamId },
  });
  return (await repo.findBooking(tx, bookingId))!;
}
