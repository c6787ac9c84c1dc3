import type { Database } from '../../db/client';
import { sqlState } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/access';
import { checkBooking, checkCancellation, type BookingRules } from '../../../shared/bookings/booking-rules';
import type { Booking, BookingContext } from '../../../shared/bookings/bookings.schemas';
import { insertAudit, type AuditContext } from '../audit/audit.repository';
import { queueNotifications } from '../blocks/blocks.repository';
import { findSlot, lockSlot } from '../slots/slots.repository';
import * as repo from './bookings.repository';

const taken = () => new AppError('CONFLICT', 'Someone just booked this slot. Pick another time.', { rule: 'SLOT_TAKEN' });
const fieldClosed = (fieldName: string) =>
  new AppError('CONFLICT', `${fieldName} is closed (deactivated by a league admin), so its slots cannot be booked. Pick a slot on another field.`, { rule: 'FIELD_CLOSED' });
const notFound = () => new AppError('NOT_FOUND', "That booking does not exist, or it is not your team's. Reload My Reservations.");

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

function notify(kind: string, b: { id: string; teamId: string; bookedBy?: string | null }, payload: Record<string, unknown>) {
  return { kind, recipientUserId: b.bookedBy ?? null, teamId: b.teamId, payload: { bookingId: b.id, ...payload } };
}

/** A coach books an open slot for their team. Rules checked inside the transaction that holds the team's lock. */
export async function book(db: Database, ctx: AuditContext, actor: Actor | null, slotId: string, timeZone: string, now = new Date()): Promise<Booking> {
  const refusal = cannotBook(actor);
  if (refusal) throw new AppError(refusal.code === 'SIGN_IN' ? 'UNAUTHENTICATED' : 'FORBIDDEN', refusal.message, { rule: refusal.code });
  const teamId = actor!.profile.teamId!;
  try {
    const id = await db.transaction(async (tx) => {
      const team = await repo.lockTeam(tx, teamId);
      if (!team?.active) throw new AppError('FORBIDDEN', 'Your team is not active, so it cannot book. Contact a league admin.');
      const lock = await lockSlot(tx, slotId);
      if (!lock) throw new AppError('NOT_FOUND', 'That slot does not exist any more. Reload the page.');
      const slot = (await findSlot(tx, slotId))!;
      if (!lock.fieldActive) throw fieldClosed(slot.fieldName);
      const season = (await repo.findSeasonDates(tx, slot.seasonId))!;
      const rules = await repo.getRules(tx, slot.seasonId);
      const result = checkBooking({
        rules,
        season,
        slot: { startsAt: new Date(slot.startsAt), endsAt: new Date(slot.endsAt), status: slot.status, blockReason: slot.blockReason },
        teamBookings: await repo.confirmedStartsOfTeam(tx, teamId),
        teamName: team.name,
        now,
        timeZone,
      });
      if (!result.ok) {
        if (result.code === 'SLOT_TAKEN') throw taken();
        throw new AppError(result.code === 'SLOT_BLOCKED' ? 'CONFLICT' : 'RULE_VIOLATION', result.message, { rule: result.code });
      }
      const bookingId = await repo.insertBooking(tx, { slotId, teamId, bookedBy: actor!.userId });
      // Every booking change queues its email in the same transaction (product.md: sent from the outbox after commit).
      await queueNotifications(tx, [notify('booking.created', { id: bookingId, teamId, bookedBy: actor!.userId }, { startsAt: slot.startsAt, fieldName: slot.fieldName })]);
      await insertAudit(tx, ctx, {
        action: 'booking.create',
        entityType: 'booking',
        entityId: bookingId,
        summary: `${team.name} booked ${slot.fieldName} at ${slot.startsAt}`,
        after: { bookingId, slotId, teamId },
      });
      return bookingId;
    });
    return (await repo.findBooking(db, id))!;
  } catch (err) {
    if (sqlState(err) === '23505') throw taken();
    throw err;
  }
}

async function rulesFor(db: Database, seasonId: string): Promise<BookingRules> {
  return repo.getRules(db, seasonId);
}

/** A coach cancels their team's booking before the cutoff; an admin cancels any booking, with a reason. */
export async function cancel(
  db: Database,
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
    const cutoff = checkCancellation(await rulesFor(db, booking.seasonId), new Date(booking.startsAt), now);
    if (!cutoff.ok) throw new AppError('RULE_VIOLATION', cutoff.message, { rule: 'CANCEL_CUTOFF' });
  }
  await db.transaction(async (tx) => {
    await repo.lockTeam(tx, booking.teamId);
    const reason = options.reason?.trim() || (options.asAdmin ? 'Cancelled by a league admin' : 'Cancelled by the coach');
    if (!(await repo.cancelBooking(tx, bookingId, actor.userId, reason))) throw new AppError('CONFLICT', 'This booking is already cancelled.');
    await insertAudit(tx, ctx, {
      action: options.asAdmin ? 'booking.cancel.admin' : 'booking.cancel',
      entityType: 'booking',
      entityId: bookingId,
      summary: `Cancelled ${booking.teamName}'s practice on ${booking.fieldName} at ${booking.startsAt}: ${reason}`,
      before: { status: 'confirmed' },
      after: { status: 'cancelled', reason },
    });
    await queueNotifications(tx, [
      notify('booking.cancelled', { id: bookingId, teamId: booking.teamId }, { reason, byAdmin: options.asAdmin, startsAt: booking.startsAt, fieldName: booking.fieldName }),
    ]);
  });
  return (await repo.findBooking(db, bookingId))!;
}

/** Admin: book any open slot for any team, bypassing the rules (never the one-booking-per-slot guarantee). */
export async function override(
  db: Database,
  ctx: AuditContext,
  input: { slotId: string; teamId: string; reason: string; bump: boolean },
): Promise<{ booking: Booking; bumped: Booking | null }> {
  try {
    const result = await db.transaction(async (tx) => {
      const team = await repo.lockTeam(tx, input.teamId);
      if (!team) throw new AppError('VALIDATION_FAILED', 'That team does not exist. Choose one from the list.', { fields: { teamId: 'Choose a team' } });
      const lock = await lockSlot(tx, input.slotId);
      if (!lock) throw new AppError('NOT_FOUND', 'That slot does not exist any more. Reload the page.');
      const slot = (await findSlot(tx, input.slotId))!;
      if (!lock.fieldActive) throw fieldClosed(slot.fieldName);
      if (slot.status === 'blocked') throw new AppError('CONFLICT', `This slot is blocked (${slot.blockReason ?? 'no reason given'}). Unblock it first.`);
      const existing = await repo.confirmedBookingOfSlot(tx, input.slotId);
      let bumpedId: string | null = null;
      if (existing) {
        if (existing.teamId === input.teamId) throw new AppError('CONFLICT', `${team.name} already has this slot.`);
        if (!input.bump) {
          throw new AppError('CONFLICT', `This slot is booked by ${slot.teamName ?? 'another team'}. Choose "bump" to cancel their booking and give the slot to ${team.name}.`, {
            bookedBy: slot.teamName,
          });
        }
        const reason = `Bumped by a league admin: ${input.reason}`;
        await repo.cancelBooking(tx, existing.id, ctx.actorId, reason);
        await queueNotifications(tx, [notify('booking.bumped', existing, { reason, startsAt: slot.startsAt, fieldName: slot.fieldName })]);
        await insertAudit(tx, ctx, { action: 'booking.bump', entityType: 'booking', entityId: existing.id, summary: `Bumped ${slot.teamName ?? 'a team'} from ${slot.fieldName} at ${slot.startsAt} for ${team.name}: ${input.reason}`, before: { status: 'confirmed' }, after: { status: 'cancelled', reason } });
        bumpedId = existing.id;
      }
      const bookingId = await repo.insertBooking(tx, { slotId: input.slotId, teamId: input.teamId, bookedBy: ctx.actorId, override: true, overrideReason: input.reason });
      await queueNotifications(tx, [notify('booking.created', { id: bookingId, teamId: input.teamId }, { override: true, reason: input.reason, startsAt: slot.startsAt, fieldName: slot.fieldName })]);
      await insertAudit(tx, ctx, { action: 'booking.override', entityType: 'booking', entityId: bookingId, summary: `Override: booked ${slot.fieldName} at ${slot.startsAt} for ${team.name}: ${input.reason}`, after: { bookingId, slotId: input.slotId, teamId: input.teamId, bumped: bumpedId } });
      return { bookingId, bumpedId };
    });
    return { booking: (await repo.findBooking(db, result.bookingId))!, bumped: result.bumpedId ? await repo.findBooking(db, result.bumpedId) : null };
  } catch (err) {
    if (sqlState(err) === '23505') throw taken();
    throw err;
  }
}

/**
 * Admin: move a confirmed booking to another open slot, atomically. Everything is checked again inside the
 * transaction that holds the team and both slots, so a cancel or another move landing first is refused, not overwritten.
 */
export async function move(db: Database, ctx: AuditContext, bookingId: string, toSlotId: string, reason: string | undefined): Promise<Booking> {
  const seen = await repo.findBooking(db, bookingId);
  if (!seen) throw notFound();
  try {
    await db.transaction(async (tx) => {
      await repo.lockTeam(tx, seen.teamId);
      const locks = new Map<string, Awaited<ReturnType<typeof lockSlot>>>();
      // Always in id order, so two moves between the same slots cannot deadlock.
      for (const id of [seen.slotId, toSlotId].sort()) locks.set(id, await lockSlot(tx, id));
      // Re-read under the locks: the booking may have been cancelled or moved since the first read.
      const booking = (await repo.findBooking(tx, bookingId))!;
      if (booking.status !== 'confirmed') throw new AppError('CONFLICT', 'Only a confirmed booking can be moved. This one was cancelled; reload the list.');
      if (booking.slotId === toSlotId) throw new AppError('CONFLICT', 'The booking is already in that slot.');
      if (booking.slotId !== seen.slotId) throw new AppError('CONFLICT', 'This booking was just moved by someone else. Reload the list and try again.');
      const lock = locks.get(toSlotId);
      const target = await findSlot(tx, toSlotId);
      if (!lock || !target) throw new AppError('NOT_FOUND', 'The slot to move to does not exist any more. Reload the page.');
      if (!lock.fieldActive) throw fieldClosed(target.fieldName);
      if (target.status !== 'open') throw new AppError('CONFLICT', `The slot to move to is ${target.status === 'blocked' ? `blocked (${target.blockReason ?? ''})` : `booked by ${target.teamName ?? 'another team'}`}. Choose an open slot.`);
      if (!(await repo.moveBooking(tx, bookingId, booking.slotId, toSlotId))) throw new AppError('CONFLICT', 'This booking changed while you were moving it. Reload the list and try again.');
      await queueNotifications(tx, [notify('booking.moved', { id: bookingId, teamId: booking.teamId }, { from: booking.startsAt, to: target.startsAt, fieldName: target.fieldName, reason: reason ?? null })]);
      await insertAudit(tx, ctx, { action: 'booking.move', entityType: 'booking', entityId: bookingId, summary: `Moved ${booking.teamName}'s practice from ${booking.fieldName} at ${booking.startsAt} to ${target.fieldName} at ${target.startsAt}${reason ? `: ${reason}` : ''}`, before: { slotId: booking.slotId }, after: { slotId: toSlotId } });
    });
  } catch (err) {
    if (sqlState(err) === '23505') throw taken();
    throw err;
  }
  return (await repo.findBooking(db, bookingId))!;
}

export async function bookingContext(db: Database, actor: Actor | null, seasonId: string | undefined, timeZone: string, now = new Date()): Promise<BookingContext> {
  const season = seasonId ? await repo.findSeasonDates(db, seasonId) : await repo.findActiveSeason(db);
  const teamId = actor?.profile.teamId ?? null;
  return {
    timeZone,
    now: now.toISOString(),
    season,
    rules: season ? await repo.getRules(db, season.id) : null,
    team: teamId ? { id: teamId, name: actor!.profile.teamName ?? '' } : null,
    teamBookings: teamId ? (await repo.confirmedStartsOfTeam(db, teamId)).map((d) => d.toISOString()) : [],
    cannotBook: cannotBook(actor),
  };
}

export async function saveRules(db: Database, ctx: AuditContext, seasonId: string, rules: BookingRules): Promise<BookingRules> {
  const season = await repo.findSeasonDates(db, seasonId);
  if (!season) throw new AppError('NOT_FOUND', 'That season does not exist any more. Reload the page.');
  return db.transaction(async (tx) => {
    const before = await repo.getRules(tx, seasonId);
    await repo.saveRules(tx, seasonId, rules);
    const after = await repo.getRules(tx, seasonId);
    await insertAudit(tx, ctx, { action: 'booking-rules.update', entityType: 'season', entityId: seasonId, summary: `Edited the booking rules of "${season.name}"`, before, after });
    return after;
  });
}
