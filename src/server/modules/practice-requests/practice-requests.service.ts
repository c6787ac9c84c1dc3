import type { ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { AppError, wordsIn } from '../../errors';
import type { Actor } from '../../context';
import {
  MAX_PENDING_REQUESTS_PER_TEAM,
  type DateCollisions,
  type PracticeRequest,
  type PracticeRequestRequest,
  type PracticeRequestStatus,
  type QueuedPracticeRequest,
} from '../../../shared/practice-requests/practice-requests.schemas';
import { blockCollides, classifySlots, pastDates, windowOn, zonedInstant } from '../../../shared/practice-requests/practice-request-rules';
import { localDate } from '../../../shared/time/zoned';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { listActiveBlocks } from '../blocks/blocks.service';
import { bookForTeamInTransaction, fieldDivisionRefusal, raceAsTaken, refusalErrorWords } from '../bookings/bookings.service';
import { findFacility, findField, findFields } from '../facilities/facilities.service';
import { commitThenPublish } from '../live/live.service';
import { notification, queueNotifications } from '../notifications/notifications.service';
import { createSlotInTransaction, querySlots } from '../slots/slots.service';
import type { Slot } from '../../../shared/slots/slots.schemas';
import { lockTeam } from '../teams/teams.service';
import * as repo from './practice-requests.repository';

const notFound = () => new AppError('NOT_FOUND', { key: 'practiceRequests.notFound' });
const gone = () => new AppError('NOT_FOUND', { key: 'practiceRequests.gone' });
const noLongerPending = (status: PracticeRequestStatus) => new AppError('CONFLICT', { key: 'practiceRequests.noLongerPending', params: { status } }, { status });

/** The team this person asks for, or a refusal in words: only a coach (or an admin) of a team files requests. */
export function requesterTeam(actor: Actor): string {
  const { teamId, role, teamName } = actor.profile;
  if (!teamId)
    throw new AppError('FORBIDDEN', { key: 'practiceRequests.noTeam' }, {
      rule: 'NO_TEAM',
    });
  if (role === 'member' && !actor.admin.isAdmin) {
    throw new AppError('FORBIDDEN', { key: 'practiceRequests.notCoach', params: { team: teamName ?? { key: 'bookings.yourTeam' } } }, {
      rule: 'NOT_COACH',
    });
  }
  return teamId;
}

/** A coach's own view: other people's addresses are for admins. */
const forCoach = (r: PracticeRequest): PracticeRequest => ({ ...r, requestedByEmail: null });

/** Where the request wants to practise: a field implies its facility. */
async function resolvePlace(db: Database, input: { facilityId?: string | null | undefined; fieldId?: string | null | undefined }) {
  if (input.fieldId) {
    const field = await findField(db, input.fieldId);
    if (!field?.active)
      throw new AppError('VALIDATION_FAILED', { key: 'practiceRequests.fieldUnknown' }, {
        fields: { fieldId: 'Choose an active field' },
      });
    if (input.facilityId && input.facilityId !== field.facilityId) {
      throw new AppError('VALIDATION_FAILED', { key: 'practiceRequests.fieldNotAtFacility', params: { field: field.name } }, {
        fields: { fieldId: 'Choose a field of the chosen facility' },
      });
    }
    return { facilityId: field.facilityId, fieldId: field.id };
  }
  if (input.facilityId) {
    const facility = await findFacility(db, input.facilityId);
    if (!facility?.active)
      throw new AppError('VALIDATION_FAILED', { key: 'practiceRequests.facilityUnknown' }, {
        fields: { facilityId: 'Choose an active facility' },
      });
    return { facilityId: facility.id, fieldId: null };
  }
  return { facilityId: null, fieldId: null };
}

/**
 * A coach asks for a practice the slots do not offer. The team's row is locked before the pending requests are
 * counted, so two presses (or two coaches) of one team can never pass the cap together. A field limited to other
 * divisions is refused in the booking call's words (FIELD_DIVISION, issue 29), at the field; the approval checks again.
 */
export async function file(
  { db, league }: ServerContext,
  ctx: AuditContext,
  actor: Actor,
  input: PracticeRequestRequest,
  now = new Date(),
): Promise<PracticeRequest> {
  const teamId = requesterTeam(actor);
  const timeZone = await league.timeZone();
  const past = pastDates(input.preferredDates, localDate(now, timeZone));
  if (past.length > 0) {
    const i = input.preferredDates.indexOf(past[0]!);
    throw new AppError('VALIDATION_FAILED', { key: 'practiceRequests.datesPast', params: { dates: past.join(', '), count: past.length } }, {
      fields: { [`preferredDates.${i}`]: 'Choose a date from today on' },
    });
  }
  const place = await resolvePlace(db, input);
  const id = await db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if (!team?.active) throw new AppError('FORBIDDEN', { key: 'practiceRequests.teamInactive' });
    const otherDivision = place.fieldId ? await fieldDivisionRefusal(tx, place.fieldId, team) : null;
    if (otherDivision) {
      const words = refusalErrorWords(otherDivision);
      throw new AppError('RULE_VIOLATION', words, { rule: 'FIELD_DIVISION', fields: { fieldId: wordsIn('en', words) } });
    }
    const pending = await repo.countPending(tx, teamId);
    if (pending >= MAX_PENDING_REQUESTS_PER_TEAM) {
      throw new AppError('CONFLICT', { key: 'practiceRequests.tooManyPending', params: { team: team.name, pending } }, {
        rule: 'TOO_MANY_PENDING',
        limit: MAX_PENDING_REQUESTS_PER_TEAM,
      });
    }
    const id = await repo.insertRequest(tx, {
      teamId,
      requestedBy: actor.userId,
      preferredDates: input.preferredDates,
      windowStart: input.windowStart,
      windowEnd: input.windowEnd,
      durationMinutes: input.durationMinutes,
      ...place,
      notes: input.notes?.trim() || null,
    });
    await recordAudit(tx, ctx, {
      action: 'practice-request.create',
      entityType: 'practice_request',
      entityId: id,
      summary: `${team.name} asked for a practice on ${input.preferredDates.join(' / ')}, ${input.windowStart}-${input.windowEnd}, ${input.durationMinutes} min`,
      after: { ...input, ...place },
    });
    return id;
  });
  return forCoach((await repo.findRequest(db, id))!);
}

/** The team's requests, newest first, with the league's answer and the practice it booked. */
export async function listMine(db: Database, actor: Actor): Promise<PracticeRequest[]> {
  return (await repo.listOfTeam(db, requesterTeam(actor))).map(forCoach);
}

/** A coach takes back a request of their team while it is still pending. */
export async function withdraw(db: Database, ctx: AuditContext, actor: Actor, id: string): Promise<PracticeRequest> {
  const teamId = requesterTeam(actor);
  await db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, id);
    if (!request || request.teamId !== teamId) throw notFound();
    if (request.status !== 'pending') throw noLongerPending(request.status);
    await repo.decide(tx, id, { status: 'withdrawn', response: null, decidedBy: actor.userId });
    await recordAudit(tx, ctx, {
      action: 'practice-request.withdraw',
      entityType: 'practice_request',
      entityId: id,
      summary: 'The coach withdrew a practice request',
      before: { status: 'pending' },
      after: { status: 'withdrawn' },
    });
  });
  return forCoach((await repo.findRequest(db, id))!);
}

/** What each preferred date would collide with: slots in the window (at the preferred place) and active blocks. */
function collisionsOf(
  r: PracticeRequest,
  blocks: Awaited<ReturnType<typeof listActiveBlocks>>,
  facilityOfField: Map<string, string>,
  slotsOn: Map<string, Slot[]>,
  timeZone: string,
): DateCollisions[] {
  const where = { facilityId: r.facilityId, fieldId: r.fieldId };
  const atThePlace = (slot: Slot) => (r.fieldId ? slot.fieldId === r.fieldId : r.facilityId ? slot.facilityId === r.facilityId : true);
  return r.preferredDates.map((date) => {
    const window = windowOn(date, r, timeZone);
    const slots = (slotsOn.get(date) ?? []).filter(atThePlace);
    const classified = classifySlots(slots, window, r.durationMinutes).map((s) => ({
      id: s.id,
      fieldId: s.fieldId,
      fieldName: s.fieldName,
      facilityName: s.facilityName,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      status: s.status,
      teamName: s.teamName,
      blockReason: s.blockReason,
      fits: s.fits,
    }));
    const overlapping = blocks
      .filter((b) => b.scope !== 'slot')
      .filter((b) => blockCollides({ ...b, facilityId: b.facilityId ?? (b.fieldId ? (facilityOfField.get(b.fieldId) ?? null) : null) }, window, where))
      .map((b) => ({ id: b.id, targetName: b.targetName, reason: b.reason, startsAt: b.startsAt, endsAt: b.endsAt }));
    return { date, slots: classified, blocks: overlapping };
  });
}

/** Admin: requests in one status; pending ones oldest first, each with what its dates would collide with. */
export async function queue(deps: ServerContext, status: PracticeRequestStatus): Promise<QueuedPracticeRequest[]> {
  const requests = await repo.listByStatus(deps.db, status);
  if (status !== 'pending' || requests.length === 0) return requests.map((r) => ({ ...r, collisions: [] }));
  const timeZone = await deps.league.timeZone();
  const blocks = await listActiveBlocks(deps.db);
  const blockFields = [...new Set(blocks.map((b) => b.fieldId).filter((id): id is string => Boolean(id)))];
  const facilityOfField = new Map((await findFields(deps.db, blockFields)).map((f) => [f.id, f.facilityId]));
  // One slot query per distinct date of the queue, not one per request and date: many teams ask for the same days.
  const dates = [...new Set(requests.flatMap((r) => r.preferredDates))];
  const slotsOn = new Map(await Promise.all(dates.map(async (date) => [date, await querySlots(deps, { from: date, to: date })] as const)));
  return requests.map((r) => ({ ...r, collisions: collisionsOf(r, blocks, facilityOfField, slotsOn, timeZone) }));
}

export interface Approval {
  slotId?: string | undefined;
  newSlot?: { fieldId: string; date: string; startTime: string; durationMinutes: number } | undefined;
  response?: string | null | undefined;
}

/**
 * Admin: approves a pending request with an open slot, or with a slot made for it. One transaction: the request
 * (still pending), the new slot, the team's booking (outside the weekly limits, never a second booking of a slot),
 * the decision, the audit entry and the coach's notification. If any step fails, nothing is written and the
 * request stays pending.
 */
export async function approve(deps: ServerContext, ctx: AuditContext, id: string, input: Approval, now = new Date()): Promise<PracticeRequest> {
  const timeZone = await deps.league.timeZone();
  const response = input.response?.trim() || null;
  await raceAsTaken(() =>
    commitThenPublish(deps.db, deps.live, async (tx) => {
      const request = await repo.lockRequest(tx, id);
      if (!request) throw gone();
      if (request.status !== 'pending') throw noLongerPending(request.status);
      let slotId = input.slotId;
      if (input.newSlot) {
        const startsAt = zonedInstant(input.newSlot.date, input.newSlot.startTime, timeZone);
        const slot = await createSlotInTransaction(
          tx,
          ctx,
          { fieldId: input.newSlot.fieldId, startsAt, endsAt: new Date(startsAt.getTime() + input.newSlot.durationMinutes * 60_000) },
          timeZone,
        );
        slotId = slot.id;
      }
      const booking = await bookForTeamInTransaction(tx, ctx, { slotId: slotId!, teamId: request.teamId, reason: 'Practice request approved' });
      if (Date.parse(booking.startsAt) <= now.getTime())
        throw new AppError('CONFLICT', { key: 'practiceRequests.slotStarted' }, { rule: 'SLOT_PAST' });
      if (!(await repo.decide(tx, id, { status: 'approved', response, decidedBy: ctx.actorId, bookingId: booking.id })))
        throw new AppError('CONFLICT', { key: 'practiceRequests.decidedMeanwhile' });
      await recordAudit(tx, ctx, {
        action: 'practice-request.approve',
        entityType: 'practice_request',
        entityId: id,
        summary: `Approved ${booking.teamName}'s practice request: ${booking.fieldName} at ${booking.startsAt}`,
        before: { status: 'pending' },
        after: { status: 'approved', bookingId: booking.id, slotId, createdSlot: Boolean(input.newSlot), response },
      });
      await queueNotifications(tx, [
        notification(
          'practice-request.approved',
          { teamId: request.teamId, userId: request.requestedBy },
          {
            bookingId: booking.id,
            teamName: booking.teamName,
            fieldName: booking.fieldName,
            startsAt: booking.startsAt,
            endsAt: booking.endsAt,
            requestId: id,
            response,
          },
        ),
      ]);
      return { value: undefined, slots: [slotId!] };
    }),
  );
  return (await repo.findRequest(deps.db, id))!;
}

/** Admin: declines a pending request with the reason the coach reads. */
export async function decline(db: Database, ctx: AuditContext, id: string, reason: string): Promise<PracticeRequest> {
  await db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, id);
    if (!request) throw gone();
    if (request.status !== 'pending') throw noLongerPending(request.status);
    const seen = (await repo.findRequest(tx, id))!;
    await repo.decide(tx, id, { status: 'declined', response: reason, decidedBy: ctx.actorId });
    await recordAudit(tx, ctx, {
      action: 'practice-request.decline',
      entityType: 'practice_request',
      entityId: id,
      summary: `Declined ${seen.teamName}'s practice request: ${reason}`,
      before: { status: 'pending' },
      after: { status: 'declined', reason },
    });
    await queueNotifications(tx, [
      notification(
        'practice-request.declined',
        { teamId: request.teamId, userId: request.requestedBy },
        { requestId: id, teamName: seen.teamName, preferredDates: seen.preferredDates, reason },
      ),
    ]);
  });
  return (await repo.findRequest(db, id))!;
}

/** Pending requests across the league (the admin overview's tile). */
export const countPendingPracticeRequests = (db: Database) => repo.countPending(db);
