import type { z } from 'zod';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { blockInputSchema, Block } from '../../../shared/blocks/blocks.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { cancelCoveredBookings, confirmedBookingsOn, type CoveredBooking } from '../bookings/bookings.service';
import { findFacility, findField } from '../facilities/facilities.service';
import { commitThenPublish } from '../live/live.service';
import { findSlot, holdNext, lockCoveredSlots, lockSlot, markSlotsBlocked, reopenSlotsOf, type BlockTarget } from '../slots/slots.service';
import * as repo from './blocks.repository';

export type BlockRequest = z.output<typeof blockInputSchema>;

const CATEGORY_WORDS: Record<BlockRequest['category'], string> = {
  weather: 'Weather',
  maintenance: 'Maintenance',
  event: 'Event',
  other: 'Closed',
};

async function resolveTarget(db: Database, input: BlockRequest): Promise<BlockTarget & { name: string }> {
  if (input.scope === 'slot') {
    if (!(await lockSlot(db, input.slotId!))) throw new AppError('NOT_FOUND', { key: 'bookings.slotGone' });
    const slot = (await findSlot(db, input.slotId!))!;
    return { scope: 'slot', slotId: slot.id, fieldId: slot.fieldId, facilityId: slot.facilityId, startsAt: new Date(slot.startsAt), endsAt: new Date(slot.endsAt), name: `the slot on ${slot.fieldName}` };
  }
  const startsAt = new Date(input.startsAt!);
  const endsAt = new Date(input.endsAt!);
  if (input.scope === 'field') {
    const field = await findField(db, input.fieldId!);
    if (!field) throw new AppError('VALIDATION_FAILED', { key: 'blocks.fieldUnknown' }, { fields: { fieldId: 'Choose a field' } });
    return { scope: 'field', slotId: null, fieldId: field.id, facilityId: field.facilityId, startsAt, endsAt, name: field.name };
  }
  const facility = await findFacility(db, input.facilityId!);
  if (!facility) throw new AppError('VALIDATION_FAILED', { key: 'rainOuts.facilityUnknown' }, { fields: { facilityId: 'Choose a facility' } });
  return { scope: 'facility', slotId: null, fieldId: null, facilityId: facility.id, startsAt, endsAt, name: `all of ${facility.name}` };
}

export const alreadyImportedRule = 'ALREADY_IMPORTED';
const alreadyImported = () => new AppError('CONFLICT', { key: 'blocks.alreadyImported' }, { rule: alreadyImportedRule });

/** Which of these game-import keys a block already has, even a lifted one: those games are imported. */
export const existingImportKeys = repo.existingImportKeys;

/** What a block made in a caller's transaction did: the bookings it cancelled, when it cancelled any. */
export interface BlockMade {
  blockId: string;
  slotIds: string[];
  cancelled: CoveredBooking[];
}

/**
 * Blocks the slots in range inside the caller's transaction. Confirmed bookings there are cancelled with the reason
 * when the admin chose so; otherwise the block is refused and lists them. A rain-out's block (`closureId`) marks the
 * bookings it cancels as the closure's and leaves telling their teams to the rain-out (one message per team).
 */
export async function blockInTransaction(
  tx: Database,
  ctx: AuditContext,
  input: BlockRequest,
  options: { importKey?: string; closureId?: string } = {},
): Promise<BlockMade> {
  // A game import's block: the key names the game, and a game is imported once (decision 016).
  if (options.importKey && (await repo.existingImportKeys(tx, [options.importKey])).size > 0) throw alreadyImported();
  const target = await resolveTarget(tx, input);
  const slotIds = await lockCoveredSlots(tx, target);
  const booked = await confirmedBookingsOn(tx, slotIds);
  if (booked.length > 0 && input.onBookings === 'abort') {
    const bookings = booked.map((b) => ({ bookingId: b.bookingId, teamName: b.teamName, fieldName: b.fieldName, startsAt: b.startsAt.toISOString(), endsAt: b.endsAt.toISOString() }));
    throw new AppError('CONFLICT', { key: 'blocks.bookingsInRange', params: { count: booked.length } }, { bookings });
  }
  const cancelReason = `${CATEGORY_WORDS[input.category]}: ${input.reason}`;
  await cancelCoveredBookings(tx, ctx, booked, cancelReason, options.closureId ? { closureId: options.closureId } : {});
  const block = await repo.insertBlock(tx, {
    scope: target.scope,
    slotId: target.slotId,
    fieldId: target.scope === 'field' ? target.fieldId : null,
    facilityId: target.scope === 'facility' ? target.facilityId : null,
    startsAt: target.startsAt,
    endsAt: target.endsAt,
    category: input.category,
    reason: input.reason,
    createdBy: ctx.actorId,
    importKey: options.importKey ?? null,
    closureId: options.closureId ?? null,
  });
  await markSlotsBlocked(tx, slotIds, block);
  await recordAudit(tx, ctx, {
    action: 'slot.block',
    entityType: 'block',
    entityId: block.id,
    summary: `Blocked ${target.name}${options.importKey ? ' (game import)' : options.closureId ? ' (rain-out)' : ''} (${slotIds.length} slot${slotIds.length === 1 ? '' : 's'}): ${input.reason}${booked.length ? `; cancelled ${booked.length} booking(s)` : ''}`,
    after: { block, slotIds, cancelledBookings: booked.map((b) => ({ bookingId: b.bookingId, teamName: b.teamName })) },
  });
  return { blockId: block.id, slotIds, cancelled: booked };
}

/**
 * Blocks the slots in range. Confirmed bookings there are cancelled with the reason (and their teams queued
 * for notification) when the admin chose so; otherwise the block is refused and lists them. One transaction.
 */
export async function createBlock(
  { db, live }: ServerContext,
  ctx: AuditContext,
  input: BlockRequest,
  options: { importKey?: string } = {},
): Promise<{ block: Block; slotsBlocked: number; bookingsCancelled: number }> {
  const result = await commitThenPublish(db, live, async (tx) => {
    const made = await blockInTransaction(tx, ctx, input, options);
    // Blocks change many slots: open pages reload their weeks.
    return { value: { blockId: made.blockId, slotsBlocked: made.slotIds.length, bookingsCancelled: made.cancelled.length }, slots: 'all' };
  });
  const block = (await repo.listActiveBlocks(db, result.blockId)).find((b) => b.id === result.blockId)!;
  return { block, slotsBlocked: result.slotsBlocked, bookingsCancelled: result.bookingsCancelled };
}

/**
 * Lifts a block inside the caller's transaction: its slots reopen, unless another active block still covers them.
 * Returns the slots open again; the caller offers them to teams waiting on them (after anything it restores first).
 */
export async function liftInTransaction(tx: Database, ctx: AuditContext, id: string): Promise<{ slotsReopened: number; openSlotIds: string[] }> {
  const block = await repo.findActiveBlock(tx, id);
  if (!block) throw new AppError('NOT_FOUND', { key: 'blocks.gone' });
  await repo.liftBlock(tx, id, ctx.actorId);
  const reopened = await reopenSlotsOf(tx, id);
  const still = new Set<string>();
  for (const other of await repo.otherActiveBlocks(tx, id, block.startsAt, block.endsAt)) {
    const covered = (await lockCoveredSlots(tx, other)).filter((s) => reopened.includes(s));
    await markSlotsBlocked(tx, covered, other);
    for (const s of covered) still.add(s);
  }
  const stillBlocked = still.size;
  await recordAudit(tx, ctx, {
    action: 'slot.unblock',
    entityType: 'block',
    entityId: id,
    summary: `Lifted the block "${block.reason}": ${reopened.length - stillBlocked} slot(s) reopened${stillBlocked ? `, ${stillBlocked} still blocked by another block` : ''}`,
    before: block,
  });
  return { slotsReopened: reopened.length - stillBlocked, openSlotIds: reopened.filter((s) => !still.has(s)) };
}

/** Lifts a block: its slots reopen, unless another active block still covers them, and go to teams waiting on them. */
export async function liftBlock({ db, live }: ServerContext, ctx: AuditContext, id: string, now = new Date()): Promise<{ slotsReopened: number }> {
  return commitThenPublish(db, live, async (tx) => {
    const { slotsReopened, openSlotIds } = await liftInTransaction(tx, ctx, id);
    for (const slotId of openSlotIds) await holdNext(tx, slotId, now);
    return { value: { slotsReopened }, slots: 'all' };
  });
}

/** The blocks of a rain-out still in force (reopening lifts them). */
export const activeBlocksOfClosure = repo.activeBlocksOfClosure;

export const listActiveBlocks = repo.listActiveBlocks;
