import type { z } from 'zod';
import type { ServerContext } from '../../context';
import { AppError, listParam } from '../../errors';
import type { BookingRules } from '../../../shared/bookings/booking-rules';
import type { adminBookingQuerySchema, Booking } from '../../../shared/bookings/bookings.schemas';
import { localDayRange } from '../../../shared/time/zoned';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { commitThenPublish } from '../live/live.service';
import { notification, queueNotifications } from '../notifications/notifications.service';
import { findSeason } from '../seasons/seasons.service';
import { bookedForTeam, findSlot, holdNext, lockSlot } from '../slots/slots.service';
import { bookingsCsv } from './bookings-csv';
import * as repo from './bookings.repository';
import { fieldClosed, fieldDivisionRefusal, notFound, practiceOf, raceAsTaken, seasonGone, type FieldDivisionRefusal } from './bookings.service';

const listWords = (items: readonly string[]) => new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' }).format(items);
const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

/**
 * An admin's booking (override or move) onto a field limited to other divisions (issue 29): refused with the facts
 * (409, rule FIELD_DIVISION) until the admin confirms it (`allowOtherDivision`); the page shows these words in its
 * confirm. "12U Diamond is only for 12U teams, and Hummingbirds play in 8U. Confirm to book it for them anyway."
 */
const OTHER_DIVISION_WORDS = {
  book: { division: 'bookings.otherDivisionConfirmBook', none: 'bookings.otherDivisionConfirmBookNoDivision' },
  move: { division: 'bookings.otherDivisionConfirmMove', none: 'bookings.otherDivisionConfirmMoveNoDivision' },
} as const;

function otherDivisionWarning(r: FieldDivisionRefusal, action: 'book' | 'move'): AppError {
  const params = { field: r.fieldName, divisions: listParam(r.divisions), team: r.teamName };
  const words = r.divisionName
    ? { key: OTHER_DIVISION_WORDS[action].division, params: { ...params, division: r.divisionName } }
    : { key: OTHER_DIVISION_WORDS[action].none, params };
  return new AppError('CONFLICT', words, {
    rule: 'FIELD_DIVISION',
    fieldName: r.fieldName,
    divisions: r.divisions,
    teamDivision: r.divisionName,
  });
}

/** What the audit entry of a confirmed booking outside the team's division adds: " on a 12U field, outside Hummingbirds' division (8U)". */
function outsideDivisionWords(r: FieldDivisionRefusal): string {
  return ` on a ${listWords(r.divisions)} field, outside ${possessive(r.teamName)} division${r.divisionName ? ` (${r.divisionName})` : ' (none yet)'}`;
}

/**
 * Admin: book any open slot for any team, bypassing the rules (never the one-booking-per-slot guarantee). A field limited
 * to other divisions is refused in words unless the admin confirmed it (`allowOtherDivision`), and the audit entry says so.
 */
export async function override(
  { db, live }: ServerContext,
  ctx: AuditContext,
  input: { slotId: string; teamId: string; reason: string; bump: boolean; allowOtherDivision?: boolean | undefined },
): Promise<{ booking: Booking; bumped: Booking | null }> {
  const result = await raceAsTaken(() =>
    commitThenPublish(db, live, async (tx) => {
      const team = await repo.lockTeam(tx, input.teamId);
      if (!team) throw new AppError('VALIDATION_FAILED', { key: 'bookings.overrideTeamUnknown' }, { fields: { teamId: 'Choose a team' } });
      const lock = await lockSlot(tx, input.slotId);
      if (!lock) throw new AppError('NOT_FOUND', { key: 'bookings.slotGone' });
      const slot = (await findSlot(tx, input.slotId))!;
      if (!lock.fieldActive) throw fieldClosed(slot.fieldName);
      if (slot.status === 'blocked') throw new AppError('CONFLICT', { key: 'bookings.overrideBlocked', params: { reason: slot.blockReason ?? { key: 'bookings.noReasonGiven' } } });
      // Before any bump: the admin decides on the field first, then on the team holding the slot.
      const otherDivision = await fieldDivisionRefusal(tx, slot.fieldId, team);
      if (otherDivision && !input.allowOtherDivision) throw otherDivisionWarning(otherDivision, 'book');
      const outside = otherDivision ? outsideDivisionWords(otherDivision) : '';
      const existing = await repo.confirmedBookingOfSlot(tx, input.slotId);
      let bumpedId: string | null = null;
      if (existing) {
        if (existing.teamId === input.teamId) throw new AppError('CONFLICT', { key: 'bookings.overrideAlreadyTheirs', params: { team: team.name } });
        if (!input.bump) {
          throw new AppError('CONFLICT', { key: 'bookings.overrideBumpFirst', params: { bookedBy: slot.teamName ?? { key: 'bookings.anotherTeam' }, team: team.name } }, {
            bookedBy: slot.teamName,
          });
        }
        const reason = `Bumped by a league admin: ${input.reason}`;
        await repo.cancelBooking(tx, existing.id, ctx.actorId, reason);
        await queueNotifications(tx, [
          notification('booking.bumped', { teamId: existing.teamId, userId: existing.bookedBy }, { ...practiceOf({ ...slot, id: existing.id, teamName: slot.teamName ?? '' }), reason }),
        ]);
        await recordAudit(tx, ctx, { action: 'booking.bump', entityType: 'booking', entityId: existing.id, summary: `Bumped ${slot.teamName ?? 'a team'} from ${slot.fieldName} at ${slot.startsAt} for ${team.name}: ${input.reason}`, before: { status: 'confirmed' }, after: { status: 'cancelled', reason } });
        bumpedId = existing.id;
      }
      const bookingId = await repo.insertBooking(tx, { slotId: input.slotId, teamId: input.teamId, bookedBy: ctx.actorId, override: true, overrideReason: input.reason });
      // An admin's booking outranks a hold: the team offered it waits again, first in line (decision 034).
      await bookedForTeam(tx, input.slotId, input.teamId);
      await queueNotifications(tx, [
        notification('booking.created', { teamId: input.teamId, userId: null }, { ...practiceOf({ ...slot, id: bookingId, teamName: team.name }), override: true, reason: input.reason }),
      ]);
      await recordAudit(tx, ctx, {
        action: 'booking.override',
        entityType: 'booking',
        entityId: bookingId,
        summary: `Override: booked ${slot.fieldName} at ${slot.startsAt} for ${team.name}${outside}: ${input.reason}`,
        after: {
          bookingId,
          slotId: input.slotId,
          teamId: input.teamId,
          bumped: bumpedId,
          ...(otherDivision ? { outsideDivision: { fieldDivisions: otherDivision.divisions, teamDivision: otherDivision.divisionName } } : {}),
        },
      });
      return { value: { bookingId, bumpedId }, slots: [input.slotId] };
    }),
  );
  return { booking: (await repo.findBooking(db, result.bookingId))!, bumped: result.bumpedId ? await repo.findBooking(db, result.bumpedId) : null };
}

/**
 * Admin: move a confirmed booking to another open slot, atomically. Everything is checked again inside the
 * transaction that holds the team and both slots, so a cancel or another move landing first is refused, not overwritten.
 * Like an override, a move onto a field limited to other divisions waits for the admin's confirmation (`allowOtherDivision`).
 */
export async function move(
  { db, live }: ServerContext,
  ctx: AuditContext,
  bookingId: string,
  toSlotId: string,
  reason: string | undefined,
  options: { allowOtherDivision?: boolean | undefined } = {},
): Promise<Booking> {
  const seen = await repo.findBooking(db, bookingId);
  if (!seen) throw notFound();
  await raceAsTaken(() =>
    commitThenPublish(db, live, async (tx) => {
      await repo.lockTeam(tx, seen.teamId);
      const locks = new Map<string, Awaited<ReturnType<typeof lockSlot>>>();
      // Always in id order, so two moves between the same slots cannot deadlock.
      for (const id of [seen.slotId, toSlotId].sort()) locks.set(id, await lockSlot(tx, id));
      // Re-read under the locks: the booking may have been cancelled or moved since the first read.
      const booking = (await repo.findBooking(tx, bookingId))!;
      if (booking.status !== 'confirmed') throw new AppError('CONFLICT', { key: 'bookings.moveNotConfirmed' });
      if (booking.slotId === toSlotId) throw new AppError('CONFLICT', { key: 'bookings.moveSameSlot' });
      if (booking.slotId !== seen.slotId) throw new AppError('CONFLICT', { key: 'bookings.moveRaced' });
      const lock = locks.get(toSlotId);
      const target = await findSlot(tx, toSlotId);
      if (!lock || !target) throw new AppError('NOT_FOUND', { key: 'bookings.moveTargetGone' });
      if (!lock.fieldActive) throw fieldClosed(target.fieldName);
      if (target.status !== 'open') {
        throw new AppError(
          'CONFLICT',
          target.status === 'blocked'
            ? { key: 'bookings.moveTargetBlocked', params: { reason: target.blockReason ?? '' } }
            : { key: 'bookings.moveTargetBooked', params: { team: target.teamName ?? { key: 'bookings.anotherTeam' } } },
        );
      }
      const otherDivision = await fieldDivisionRefusal(tx, target.fieldId, { id: booking.teamId, name: booking.teamName });
      if (otherDivision && !options.allowOtherDivision) throw otherDivisionWarning(otherDivision, 'move');
      const outside = otherDivision ? outsideDivisionWords(otherDivision) : '';
      if (!(await repo.moveBooking(tx, bookingId, booking.slotId, toSlotId))) throw new AppError('CONFLICT', { key: 'bookings.moveChanged' });
      // The slot left behind is free: offered to the first team waiting on it; a hold on the new one ends (decision 034).
      await bookedForTeam(tx, toSlotId, booking.teamId);
      await holdNext(tx, booking.slotId, new Date());
      await queueNotifications(tx, [
        notification('booking.moved', { teamId: booking.teamId, userId: null }, {
          ...practiceOf({ ...target, id: bookingId, teamName: booking.teamName }),
          fromFieldName: booking.fieldName,
          fromStartsAt: booking.startsAt,
          reason: reason ?? null,
        }),
      ]);
      await recordAudit(tx, ctx, {
        action: 'booking.move',
        entityType: 'booking',
        entityId: bookingId,
        summary: `Moved ${booking.teamName}'s practice from ${booking.fieldName} at ${booking.startsAt} to ${target.fieldName} at ${target.startsAt}${outside}${reason ? `: ${reason}` : ''}`,
        before: { slotId: booking.slotId },
        after: { slotId: toSlotId, ...(otherDivision ? { outsideDivision: { fieldDivisions: otherDivision.divisions, teamDivision: otherDivision.divisionName } } : {}) },
      });
      // Both slots changed, as read under the locks.
      return { value: undefined, slots: [toSlotId, booking.slotId] };
    }),
  );
  return (await repo.findBooking(db, bookingId))!;
}

export async function saveRules({ db, live }: ServerContext, ctx: AuditContext, seasonId: string, rules: BookingRules): Promise<BookingRules> {
  const season = await findSeason(db, seasonId);
  if (!season) throw seasonGone();
  return commitThenPublish(db, live, async (tx) => {
    const before = await repo.getRules(tx, seasonId);
    await repo.saveRules(tx, seasonId, rules);
    const after = await repo.getRules(tx, seasonId);
    await recordAudit(tx, ctx, { action: 'booking-rules.update', entityType: 'season', entityId: seasonId, summary: `Edited the booking rules of "${season.name}"`, before, after });
    // Open Book a Field pages re-check every slot against the new rules; booking contexts are read again.
    return { value: after, slots: 'all', seasons: true };
  });
}

export type AdminBookingQuery = z.infer<typeof adminBookingQuerySchema>;

export async function searchBookings({ db, league }: ServerContext, q: AdminBookingQuery): Promise<Booking[]> {
  const range = q.from || q.to ? localDayRange(q.from ?? '1970-01-01', q.to ?? '2999-12-31', await league.timeZone()) : null;
  return repo.searchBookings(db, { bookingId: q.bookingId, seasonId: q.seasonId, teamId: q.teamId, fieldId: q.fieldId, status: q.status, q: q.q, start: range?.start, end: range?.end });
}

export async function exportCsv(deps: ServerContext, q: AdminBookingQuery): Promise<string> {
  return bookingsCsv(await searchBookings(deps, q), await deps.league.timeZone());
}
