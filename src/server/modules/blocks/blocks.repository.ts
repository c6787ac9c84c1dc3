import { and, asc, count, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { blocks, bookings, facilities, fields, notificationOutbox, slots, teams } from '../../db/schema';
import type { Block } from '../../../shared/blocks/blocks.schemas';

export type BlockRow = typeof blocks.$inferSelect;

export interface BlockTarget {
  scope: BlockRow['scope'];
  slotId: string | null;
  fieldId: string | null;
  facilityId: string | null;
  startsAt: Date;
  endsAt: Date;
}

/** Live slots a block covers, locked for the rest of the transaction. */
export async function lockCoveredSlots(db: Database, target: BlockTarget): Promise<string[]> {
  const scope =
    target.scope === 'slot'
      ? eq(slots.id, target.slotId!)
      : target.scope === 'field'
        ? eq(slots.fieldId, target.fieldId!)
        : inArray(slots.fieldId, db.select({ id: fields.id }).from(fields).where(eq(fields.facilityId, target.facilityId!)));
  const rows = await db
    .select({ id: slots.id })
    .from(slots)
    .where(and(scope, isNull(slots.deletedAt), lt(slots.startsAt, target.endsAt), gt(slots.endsAt, target.startsAt)))
    .orderBy(asc(slots.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function confirmedBookingsOn(db: Database, slotIds: string[]) {
  if (slotIds.length === 0) return [];
  return db
    .select({
      bookingId: bookings.id,
      slotId: bookings.slotId,
      teamId: bookings.teamId,
      teamName: teams.name,
      bookedBy: bookings.bookedBy,
      fieldName: fields.name,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .innerJoin(teams, eq(teams.id, bookings.teamId))
    .where(and(inArray(bookings.slotId, slotIds), eq(bookings.status, 'confirmed')))
    .orderBy(asc(slots.startsAt));
}

export async function cancelBookings(db: Database, bookingIds: string[], by: string | null, reason: string): Promise<void> {
  if (bookingIds.length === 0) return;
  await db
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelledBy: by, cancelReason: reason })
    .where(and(inArray(bookings.id, bookingIds), eq(bookings.status, 'confirmed')));
}

export async function queueNotifications(db: Database, rows: Array<typeof notificationOutbox.$inferInsert>): Promise<void> {
  if (rows.length > 0) await db.insert(notificationOutbox).values(rows);
}

export async function insertBlock(db: Database, values: typeof blocks.$inferInsert): Promise<BlockRow> {
  return (await db.insert(blocks).values(values).returning())[0]!;
}

export async function markSlotsBlocked(db: Database, slotIds: string[], block: BlockRow): Promise<void> {
  if (slotIds.length === 0) return;
  await db
    .update(slots)
    .set({ status: 'blocked', blockId: block.id, blockReason: block.reason, updatedAt: sql`now()` })
    .where(inArray(slots.id, slotIds));
}

export async function findActiveBlock(db: Database, id: string): Promise<BlockRow | null> {
  return (await db.select().from(blocks).where(and(eq(blocks.id, id), isNull(blocks.liftedAt))).limit(1).for('update'))[0] ?? null;
}

export async function liftBlock(db: Database, id: string, by: string | null): Promise<void> {
  await db.update(blocks).set({ liftedAt: sql`now()`, liftedBy: by }).where(eq(blocks.id, id));
}

/** Reopens the slots a block held; returns their ids. */
export async function reopenSlotsOf(db: Database, blockId: string): Promise<string[]> {
  const rows = await db
    .update(slots)
    .set({ status: 'open', blockId: null, blockReason: null, updatedAt: sql`now()` })
    .where(eq(slots.blockId, blockId))
    .returning({ id: slots.id });
  return rows.map((r) => r.id);
}

/** Other active blocks overlapping a time range (to re-apply after a lift). */
export async function otherActiveBlocks(db: Database, exceptId: string, startsAt: Date, endsAt: Date): Promise<BlockRow[]> {
  return db
    .select()
    .from(blocks)
    .where(and(isNull(blocks.liftedAt), ne(blocks.id, exceptId), lt(blocks.startsAt, endsAt), gt(blocks.endsAt, startsAt)))
    .orderBy(asc(blocks.createdAt));
}

export async function listActiveBlocks(db: Database): Promise<Block[]> {
  const rows = await db
    .select({
      block: blocks,
      slotName: sql<string | null>`(select f.name from ${slots} s join ${fields} f on f.id = s.field_id where s.id = ${blocks.slotId})`,
      fieldName: fields.name,
      facilityName: facilities.name,
    })
    .from(blocks)
    .leftJoin(fields, eq(fields.id, blocks.fieldId))
    .leftJoin(facilities, eq(facilities.id, blocks.facilityId))
    .where(isNull(blocks.liftedAt))
    .orderBy(asc(blocks.startsAt));
  const counts = await db
    .select({ blockId: slots.blockId, n: count() })
    .from(slots)
    .where(and(isNull(slots.deletedAt), or(...(rows.length ? rows.map((r) => eq(slots.blockId, r.block.id)) : [sql`false`]))))
    .groupBy(slots.blockId);
  return rows.map(({ block, slotName, fieldName, facilityName }) => ({
    id: block.id,
    scope: block.scope,
    slotId: block.slotId,
    fieldId: block.fieldId,
    facilityId: block.facilityId,
    targetName: block.scope === 'slot' ? `One slot on ${slotName ?? 'a field'}` : block.scope === 'field' ? (fieldName ?? 'A field') : `All of ${facilityName ?? 'a facility'}`,
    startsAt: block.startsAt.toISOString(),
    endsAt: block.endsAt.toISOString(),
    category: block.category,
    reason: block.reason,
    createdAt: block.createdAt.toISOString(),
    liftedAt: null,
    slotsBlocked: counts.find((c) => c.blockId === block.id)?.n ?? 0,
  }));
}

/** Which live slots to bring in line with the active blocks: some slots, or some fields over a time range. */
export type SlotSelection = { slotIds: string[] } | { fieldIds: string[]; start: Date; end: Date };

function selects(selection: SlotSelection) {
  return 'slotIds' in selection
    ? inArray(slots.id, selection.slotIds)
    : and(inArray(slots.fieldId, selection.fieldIds), lt(slots.startsAt, selection.end), gt(slots.endsAt, selection.start));
}

/**
 * Keeps "a block covers every slot in its range" true for slots that appear or move after the block was made
 * (generated later, or edited into or out of its time). Field and facility blocks only: a slot block names
 * its one slot. Open, unbooked slots an active block covers become blocked; slots whose field or facility
 * block no longer covers them reopen (and are then re-checked against the other blocks).
 */
export async function applyActiveBlocks(db: Database, selection: SlotSelection): Promise<void> {
  if ('slotIds' in selection ? selection.slotIds.length === 0 : selection.fieldIds.length === 0) return;
  const chosen = selects(selection);
  await db.execute(sql`
    update ${slots} set status = 'open', block_id = null, block_reason = null, updated_at = now()
    from ${blocks}
    where ${chosen} and ${slots.blockId} = ${blocks.id} and ${blocks.scope} <> 'slot'
      and not (${blocks.liftedAt} is null and ${slots.startsAt} < ${blocks.endsAt} and ${slots.endsAt} > ${blocks.startsAt})`);
  await db.execute(sql`
    update ${slots} set status = 'blocked', block_id = ${blocks.id}, block_reason = ${blocks.reason}, updated_at = now()
    from ${blocks}
    where ${chosen} and ${slots.deletedAt} is null and ${slots.status} = 'open'
      and ${blocks.liftedAt} is null and ${blocks.scope} <> 'slot'
      and ${slots.startsAt} < ${blocks.endsAt} and ${slots.endsAt} > ${blocks.startsAt}
      and (${blocks.fieldId} = ${slots.fieldId}
        or (${blocks.scope} = 'facility' and ${blocks.facilityId} = (select ${fields.facilityId} from ${fields} where ${fields.id} = ${slots.fieldId})))
      and not exists (select 1 from ${bookings} where ${bookings.slotId} = ${slots.id} and ${bookings.status} = 'confirmed')`);
}
