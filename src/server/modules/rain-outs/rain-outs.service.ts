import type { z } from 'zod';
import type { Actor, ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { closurePlace } from '../../../shared/rain-outs/closure-words';
import {
  makeupExpiry,
  type Closure,
  type FieldStatus,
  type MakeupCredit,
  type MyRainOuts,
  type RainOutResult,
  type ReopenResult,
  type grantCreditInputSchema,
  type rainOutInputSchema,
} from '../../../shared/rain-outs/rain-outs.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { activeBlocksOfClosure, blockInTransaction, liftInTransaction } from '../blocks/blocks.service';
import {
  cancelledBookingsOfClosure,
  closureBookingCounts,
  closureIdsOfTeam,
  closurePracticesOfTeam,
  followedTeam,
  lockTeamRow,
  lockTeamsInOrder,
  restoreBooking,
  type ClosureBooking,
  type CoveredBooking,
} from '../bookings/bookings.service';
import { fieldsOf, findFacility } from '../facilities/facilities.service';
import { commitThenPublish } from '../live/live.service';
import * as credits from '../makeup-credits/makeup-credits.service';
import { notification, queueNotifications, type ClosureFacts, type ClosurePractice } from '../notifications/notifications.service';
import { bookedForTeam, holdNext, lockSlot } from '../slots/slots.service';
import * as repo from './rain-outs.repository';

// Rain-outs (issue 28, docs/decisions/033): a weather closure is a set of blocks that can be reopened; it cancels the
// practices under it, tells each team once, and gives a make-up credit per practice; reopening puts back those whose
// slots are still free.

export type RainOutRequest = z.output<typeof rainOutInputSchema>;
export type GrantCreditRequest = z.output<typeof grantCreditInputSchema>;

/** How long a coach's banner about a rain-out stays (unless put away): a week after the closure ends. */
const NOTICE_DAYS = 7;
/** The field status shows closures in force now and in the next days. */
const STATUS_DAYS = 7;
const DAY = 86_400_000;

const practiceOf = (b: { fieldName: string; startsAt: Date; endsAt: Date }): ClosurePractice => ({
  fieldName: b.fieldName,
  startsAt: b.startsAt.toISOString(),
  endsAt: b.endsAt.toISOString(),
});

function byTeam<T extends { teamId: string; teamName: string }>(rows: readonly T[]): Map<string, { teamName: string; rows: T[] }> {
  const teams = new Map<string, { teamName: string; rows: T[] }>();
  for (const r of rows) {
    const team = teams.get(r.teamId) ?? { teamName: r.teamName, rows: [] };
    team.rows.push(r);
    teams.set(r.teamId, team);
  }
  return teams;
}

function closureOf(c: repo.ClosureNamed, counts: { cancelled: number; restored: number } | undefined): Closure {
  return {
    id: c.id,
    facilityId: c.facilityId,
    facilityName: c.facilityName,
    fieldNames: c.fieldNames,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    reason: c.reason,
    createdAt: c.createdAt.toISOString(),
    reopenedAt: c.reopenedAt?.toISOString() ?? null,
    practicesCancelled: counts?.cancelled ?? 0,
    practicesRestored: counts?.restored ?? 0,
  };
}

/**
 * Closes a facility, or some of its fields, for a time range: one weather block for the facility (or one per field),
 * cancelling the practices under it, a make-up credit for each (not for a practice that was itself a make-up: its
 * credit comes back), and one message per team. One transaction.
 */
export async function rainOut({ db, live, league }: ServerContext, ctx: AuditContext, input: RainOutRequest): Promise<RainOutResult> {
  const { timeZone, makeupDays } = await league.get();
  const done = await commitThenPublish(db, live, async (tx) => {
    const facility = await findFacility(tx, input.facilityId);
    if (!facility) throw new AppError('VALIDATION_FAILED', { key: 'rainOuts.facilityUnknown' }, { fields: { facilityId: 'Choose a facility' } });
    const allFields = await fieldsOf(tx, facility.id);
    const chosen = [...new Set(input.fieldIds)];
    const unknown = chosen.filter((id) => !allFields.some((f) => f.id === id));
    if (unknown.length > 0) {
      throw new AppError('VALIDATION_FAILED', { key: 'rainOuts.fieldsOfFacility', params: { facility: facility.name } }, { fields: { fieldIds: `Choose fields of ${facility.name}` } });
    }
    const whole = chosen.length === 0 || chosen.length === allFields.length;
    const fieldNames = whole ? null : allFields.filter((f) => chosen.includes(f.id)).map((f) => f.name).sort();
    const closure = await repo.insertClosure(tx, {
      facilityId: facility.id,
      fieldIds: whole ? null : chosen,
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      reason: input.reason,
      createdBy: ctx.actorId,
    });
    const block = { startsAt: input.startsAt, endsAt: input.endsAt, category: 'weather' as const, reason: input.reason, onBookings: 'cancel' as const };
    const targets = whole ? [{ scope: 'facility' as const, facilityId: facility.id }] : chosen.sort().map((fieldId) => ({ scope: 'field' as const, fieldId }));
    let slotsBlocked = 0;
    const cancelled: CoveredBooking[] = [];
    for (const target of targets) {
      const made = await blockInTransaction(tx, ctx, { ...block, ...target }, { closureId: closure.id });
      slotsBlocked += made.slotIds.length;
      cancelled.push(...made.cancelled);
    }
    const makeups = await credits.bookingsOnCredits(tx, cancelled.map((b) => b.bookingId));
    const place = closurePlace({ facilityName: facility.name, fieldNames });
    const granted = await credits.insertCredits(
      tx,
      cancelled
        .filter((b) => !makeups.has(b.bookingId))
        .map((b) => ({
          teamId: b.teamId,
          closureId: closure.id,
          sourceBookingId: b.bookingId,
          reason: `Rain-out: ${place} (${input.reason})`,
          grantedBy: null,
          expiresAt: makeupExpiry(b.startsAt, makeupDays, timeZone),
        })),
    );
    const facts = (teamName: string): ClosureFacts => ({ closureId: closure.id, teamName, place, startsAt: closure.startsAt.toISOString(), endsAt: closure.endsAt.toISOString(), reason: input.reason });
    const teams = byTeam(cancelled);
    await queueNotifications(
      tx,
      [...teams].map(([teamId, { teamName, rows }]) => {
        const theirs = granted.filter((c) => c.teamId === teamId);
        const first = theirs.length ? new Date(Math.min(...theirs.map((c) => c.expiresAt.getTime()))).toISOString() : null;
        return notification('closure.cancelled', { teamId, userId: null }, { ...facts(teamName), practices: rows.map(practiceOf), credits: theirs.length, creditsExpireAt: first });
      }),
    );
    await recordAudit(tx, ctx, {
      action: 'closure.create',
      entityType: 'closure',
      entityId: closure.id,
      summary: `Rained out ${place} (${input.reason}): ${slotsBlocked} slot(s) closed, ${cancelled.length} practice(s) cancelled, ${granted.length} make-up credit(s) granted to ${teams.size} team(s)`,
      after: { closure, cancelledBookings: cancelled.map((b) => ({ bookingId: b.bookingId, teamName: b.teamName })), creditIds: granted.map((c) => c.id) },
    });
    return {
      value: { closureId: closure.id, slotsBlocked, practicesCancelled: cancelled.length, creditsGranted: granted.length, teamsTold: teams.size },
      slots: 'all',
    };
  });
  const [closure] = await repo.closuresByIds(db, [done.closureId]);
  return {
    closure: closureOf(closure!, { cancelled: done.practicesCancelled, restored: 0 }),
    slotsBlocked: done.slotsBlocked,
    practicesCancelled: done.practicesCancelled,
    creditsGranted: done.creditsGranted,
    teamsTold: done.teamsTold,
  };
}

/**
 * Reopens a rain-out: lifts its blocks and puts back each practice it cancelled whose slot is free again (live, open,
 * unbooked, still to come), taking back that practice's credit unless a make-up practice already used it; tells each
 * team once. The locks in the order every booking change takes them: the teams' rows, then the slots'.
 */
export async function reopen({ db, live }: ServerContext, ctx: AuditContext, id: string, now = new Date()): Promise<ReopenResult> {
  return commitThenPublish(db, live, async (tx) => {
    const before = await cancelledBookingsOfClosure(tx, id);
    await lockTeamsInOrder(tx, [...new Set(before.map((b) => b.teamId))].sort());
    const closure = await repo.lockOpenClosure(tx, id);
    if (!closure) {
      const exists = (await repo.closuresByIds(tx, [id])).length > 0;
      throw exists
        ? new AppError('CONFLICT', { key: 'rainOuts.alreadyReopened' })
        : new AppError('NOT_FOUND', { key: 'rainOuts.gone' });
    }
    let slotsReopened = 0;
    const openSlotIds: string[] = [];
    for (const blockId of await activeBlocksOfClosure(tx, id)) {
      const lifted = await liftInTransaction(tx, ctx, blockId);
      slotsReopened += lifted.slotsReopened;
      openSlotIds.push(...lifted.openSlotIds);
    }
    const candidates = await cancelledBookingsOfClosure(tx, id);
    const restored: ClosureBooking[] = [];
    const notRestored: ClosureBooking[] = [];
    for (const b of candidates) {
      await lockSlot(tx, b.slotId);
      if (await restoreBooking(tx, b.bookingId, now)) {
        restored.push(b);
        // The practice is back on its slot: a hold given meanwhile (its block lifted on its own) ends, and the team
        // offered it waits again, first in line; a wait of the restored team itself is over.
        await bookedForTeam(tx, b.slotId, b.teamId);
      } else notRestored.push(b);
    }
    await credits.revokeFreeCreditsOf(tx, restored.map((b) => b.bookingId), ctx.actorId);
    // Slots open again and not restored go to teams waiting on them (decision 034), after the restores.
    for (const slotId of openSlotIds) await holdNext(tx, slotId, now);
    await repo.markReopened(tx, id, ctx.actorId);
    const [named] = await repo.closuresByIds(tx, [id]);
    const place = closurePlace(named!);
    await queueNotifications(
      tx,
      [...byTeam(candidates)].map(([teamId, { teamName }]) =>
        notification('closure.reopened', { teamId, userId: null }, {
          closureId: id,
          teamName,
          place,
          startsAt: closure.startsAt.toISOString(),
          endsAt: closure.endsAt.toISOString(),
          reason: closure.reason,
          restored: restored.filter((b) => b.teamId === teamId).map(practiceOf),
          notRestored: notRestored.filter((b) => b.teamId === teamId).map(practiceOf),
        }),
      ),
    );
    await recordAudit(tx, ctx, {
      action: 'closure.reopen',
      entityType: 'closure',
      entityId: id,
      summary: `Reopened ${place} (${closure.reason}): ${slotsReopened} slot(s) reopened, ${restored.length} practice(s) restored${notRestored.length ? `, ${notRestored.length} not (slot taken, closed or past)` : ''}`,
      before: { closure },
      after: { restored: restored.map((b) => b.bookingId), notRestored: notRestored.map((b) => b.bookingId) },
    });
    return { value: { slotsReopened, practicesRestored: restored.length, practicesNotRestored: notRestored.length }, slots: 'all' };
  });
}

/** The admin list: open rain-outs and those of the last weeks. */
export async function listClosures(db: Database, now = new Date()): Promise<Closure[]> {
  const rows = await repo.listClosures(db, new Date(now.getTime() - 30 * DAY));
  const counts = await closureBookingCounts(db, rows.map((r) => r.id));
  return rows.map((r) => closureOf(r, counts.get(r.id)));
}

/** Field status for everyone: the rain-outs in force now or in the next week. */
export async function fieldStatus({ db, league }: ServerContext, now = new Date()): Promise<FieldStatus> {
  const rows = await repo.openClosuresBetween(db, now, new Date(now.getTime() + STATUS_DAYS * DAY));
  return {
    timeZone: await league.timeZone(),
    closures: rows.map((c) => ({ id: c.id, facilityId: c.facilityId, facilityName: c.facilityName, fieldNames: c.fieldNames, startsAt: c.startsAt.toISOString(), endsAt: c.endsAt.toISOString(), reason: c.reason })),
  };
}

/** A coach's rain-out news: the recent closures that cancelled the team's practices (until put away), and its free credits. */
export async function myRainOuts({ db, league }: ServerContext, actor: Actor, now = new Date()): Promise<MyRainOuts> {
  const timeZone = await league.timeZone();
  const teamId = followedTeam(actor);
  if (!teamId) return { timeZone, notices: [], credits: [] };
  const ids = await closureIdsOfTeam(db, teamId);
  const recent = (await repo.closuresByIds(db, ids)).filter((c) => c.endsAt.getTime() > now.getTime() - NOTICE_DAYS * DAY);
  const dismissed = await repo.dismissedBy(db, actor.userId, recent.map((c) => c.id));
  const shown = recent.filter((c) => !dismissed.has(c.id)).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const practices = await closurePracticesOfTeam(db, teamId, shown.map((c) => c.id));
  const free = await credits.freeCreditsOfTeam(db, teamId, now);
  return {
    timeZone,
    notices: shown.map((c) => ({
      closureId: c.id,
      facilityName: c.facilityName,
      fieldNames: c.fieldNames,
      startsAt: c.startsAt.toISOString(),
      endsAt: c.endsAt.toISOString(),
      reason: c.reason,
      reopened: c.reopenedAt !== null,
      practices: practices
        .filter((p) => p.closureId === c.id)
        .map((p) => ({ fieldName: p.fieldName, startsAt: p.startsAt.toISOString(), endsAt: p.endsAt.toISOString(), restored: p.status === 'confirmed' })),
    })),
    credits: free.map((c) => ({ id: c.id, reason: c.reason, expiresAt: c.expiresAt.toISOString() })),
  };
}

/** A coach puts a rain-out's banner away. */
export async function dismissNotice(db: Database, actor: Actor, closureId: string): Promise<void> {
  if ((await repo.closuresByIds(db, [closureId])).length === 0) throw new AppError('NOT_FOUND', { key: 'rainOuts.gone' });
  await repo.dismiss(db, closureId, actor.userId);
}

/** An admin grants a team one make-up practice, usable for the league's make-up days. */
export async function grantCredit({ db, live, league }: ServerContext, ctx: AuditContext, input: GrantCreditRequest, now = new Date()): Promise<MakeupCredit> {
  const { timeZone, makeupDays } = await league.get();
  const id = await commitThenPublish(db, live, async (tx) => {
    const team = await lockTeamRow(tx, input.teamId);
    if (!team) throw new AppError('VALIDATION_FAILED', { key: 'rainOuts.teamUnknown' }, { fields: { teamId: 'Choose a team' } });
    if (!team.active) throw new AppError('CONFLICT', { key: 'rainOuts.teamInactive', params: { team: team.name } });
    const [credit] = await credits.insertCredits(tx, [{ teamId: team.id, reason: input.reason, grantedBy: ctx.actorId, expiresAt: makeupExpiry(now, makeupDays, timeZone) }]);
    await recordAudit(tx, ctx, {
      action: 'makeup_credit.grant',
      entityType: 'makeup_credit',
      entityId: credit!.id,
      summary: `Granted ${team.name} a make-up practice: ${input.reason}`,
      after: credit,
    });
    // Book a Field reads the team's credits with its bookings: the pages reload them.
    return { value: credit!.id, slots: 'all' };
  });
  return (await credits.listCredits(db, input.teamId, now)).find((c) => c.id === id)!;
}

/** An admin removes a team's make-up credit that no practice uses. */
export async function removeCredit({ db, live }: ServerContext, ctx: AuditContext, id: string): Promise<void> {
  await commitThenPublish(db, live, async (tx) => {
    const found = await credits.findCredit(tx, id, false);
    if (!found) throw new AppError('NOT_FOUND', { key: 'rainOuts.creditGone' });
    // The team's lock first, as a booking on the credit takes it; then the credit, read as it stands under it.
    const team = await lockTeamRow(tx, found.teamId);
    const credit = (await credits.findCredit(tx, id, true))!;
    if (credit.revokedAt) throw new AppError('CONFLICT', { key: 'rainOuts.creditAlreadyRemoved' });
    if (credit.inUse) throw new AppError('CONFLICT', { key: 'rainOuts.creditInUse' });
    await credits.revokeCredit(tx, id, ctx.actorId);
    await recordAudit(tx, ctx, {
      action: 'makeup_credit.remove',
      entityType: 'makeup_credit',
      entityId: id,
      summary: `Removed a make-up practice of ${team?.name ?? 'a team'}: ${credit.reason}`,
      before: credit,
    });
    return { value: undefined, slots: 'all' };
  });
}

export const listCredits = (db: Database, teamId: string | undefined, now = new Date()) => credits.listCredits(db, teamId, now);

/** How many rain-outs were made in [from, to), of one facility or every one (the reports). */
export const rainOutsMadeBetween = (db: Database, from: Date, to: Date, facilityId: string | null = null) => repo.closuresMadeBetween(db, from, to, facilityId);
