import { and, asc, eq, gt, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';
import { blocks, bookings, facilities, fields, slots, teams } from '../../db/schema';
import type { Slot } from '../../../shared/slots/slots.schemas';

export interface SlotFilter {
  start: Date;
  end: Date;
  seasonId?: string | undefined;
  facilityId?: string | undefined;
  fieldId?: string | undefined;
}

const slotColumns = {
  id: slots.id,
  seasonId: slots.seasonId,
  fieldId: slots.fieldId,
  fieldName: fields.name,
  fieldColor: fields.color,
  facilityId: facilities.id,
  facilityName: facilities.name,
  startsAt: slots.startsAt,
  endsAt: slots.endsAt,
  slotStatus: slots.status,
  blockReason: slots.blockReason,
  bookingId: bookings.id,
  teamId: bookings.teamId,
  teamName: teams.name,
  notes: slots.notes,
  heldForTeamId: slots.heldForTeamId,
  heldUntil: slots.heldUntil,
  heldForName: sql<string | null>`(select ht.name from ${teams} ht where ht.id = ${slots.heldForTeamId})`,
};

type SlotRow = { [K in keyof typeof slotColumns]: unknown } & {
  id: string;
  seasonId: string;
  fieldId: string;
  fieldName: string;
  fieldColor: string;
  facilityId: string;
  facilityName: string;
  startsAt: Date;
  endsAt: Date;
  slotStatus: 'open' | 'blocked';
  blockReason: string | null;
  bookingId: string | null;
  teamId: string | null;
  teamName: string | null;
  notes: string | null;
  heldForTeamId: string | null;
  heldUntil: Date | null;
  heldForName: string | null;
};

function toSlot(r: SlotRow): Slot {
  return {
    id: r.id,
    seasonId: r.seasonId,
    fieldId: r.fieldId,
    fieldName: r.fieldName,
    fieldColor: r.fieldColor,
    facilityId: r.facilityId,
    facilityName: r.facilityName,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    status: r.slotStatus === 'blocked' ? 'blocked' : r.bookingId ? 'booked' : 'open',
    blockReason: r.blockReason,
    bookingId: r.bookingId,
    teamId: r.teamId,
    teamName: r.teamName,
    notes: r.notes,
    heldFor: r.heldForTeamId && r.heldUntil && !r.bookingId ? { teamId: r.heldForTeamId, teamName: r.heldForName ?? 'a waiting team', until: r.heldUntil.toISOString() } : null,
  };
}

function selectSlots(db: Database) {
  return db
    .select(slotColumns)
    .from(slots)
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .innerJoin(facilities, eq(facilities.id, fields.facilityId))
    .leftJoin(bookings, and(eq(bookings.slotId, slots.id), eq(bookings.status, 'confirmed')))
    .leftJoin(teams, eq(teams.id, bookings.teamId));
}

/** A deactivated field or facility is closed: its slots leave every slot view (bookings stay where they are). */
const liveAndOpenToView = () => [isNull(slots.deletedAt), eq(fields.active, true), eq(facilities.active, true)];

/** Live slots of active fields starting in [start, end), with their field, facility and confirmed booking's team. */
export async function querySlots(db: Database, filter: SlotFilter): Promise<Slot[]> {
  const conditions: SQL[] = [...liveAndOpenToView(), gte(slots.startsAt, filter.start), lt(slots.startsAt, filter.end)];
  if (filter.seasonId) conditions.push(eq(slots.seasonId, filter.seasonId));
  if (filter.fieldId) conditions.push(eq(slots.fieldId, filter.fieldId));
  if (filter.facilityId) conditions.push(eq(fields.facilityId, filter.facilityId));
  const rows = await selectSlots(db)
    .where(and(...conditions))
    .orderBy(asc(slots.startsAt), asc(facilities.name), asc(fields.name));
  return (rows as SlotRow[]).map(toSlot);
}

/** These slots as a slot view shows them; deleted ones and those of closed fields are left out. */
export async function slotsByIds(db: Database, ids: string[]): Promise<Slot[]> {
  if (ids.length === 0) return [];
  const rows = await selectSlots(db)
    .where(and(...liveAndOpenToView(), inArray(slots.id, ids)))
    .orderBy(asc(slots.startsAt));
  return (rows as SlotRow[]).map(toSlot);
}

export async function findSlot(db: Database, id: string): Promise<Slot | null> {
  const rows = await selectSlots(db)
    .where(and(eq(slots.id, id), isNull(slots.deletedAt)))
    .limit(1);
  return rows[0] ? toSlot(rows[0]) : null;
}

/** Live slots of these fields that overlap [start, end). */
export async function liveIntervals(db: Database, fieldIds: string[], start: Date, end: Date) {
  if (fieldIds.length === 0) return [];
  return db
    .select({ fieldId: slots.fieldId, startsAt: slots.startsAt, endsAt: slots.endsAt })
    .from(slots)
    .where(and(inArray(slots.fieldId, fieldIds), isNull(slots.deletedAt), lt(slots.startsAt, end), gt(slots.endsAt, start)));
}

export interface NewSlot {
  seasonId: string;
  fieldId: string;
  startsAt: Date;
  endsAt: Date;
}

/** Inserts, skipping any slot that would overlap a live one (the exclusion constraint decides); returns how many went in. */
export async function insertSlotsSkippingOverlaps(db: Database, rows: NewSlot[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(slots).values(rows).onConflictDoNothing().returning({ id: slots.id });
  return inserted.length;
}

export async function updateSlot(db: Database, id: string, values: { startsAt: Date; endsAt: Date; notes: string | null }): Promise<void> {
  await db
    .update(slots)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(slots.id, id));
}

export async function softDeleteSlot(db: Database, id: string): Promise<void> {
  await db
    .update(slots)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(slots.id, id));
}

/**
 * Row-locks a live slot for the rest of the transaction (blocks, bookings and deletes serialize on it) and
 * share-locks its field and facility, so a deactivation cannot slip in between this check and the commit.
 * Null when the slot is gone; `fieldActive` is false when its field or facility is deactivated.
 */
export async function lockSlot(db: Database, id: string): Promise<{ fieldActive: boolean } | null> {
  const result = await db.execute(sql`
    select (${fields.active} and ${facilities.active}) as field_active
    from ${slots}
    join ${fields} on ${fields.id} = ${slots.fieldId}
    join ${facilities} on ${facilities.id} = ${fields.facilityId}
    where ${slots.id} = ${id} and ${slots.deletedAt} is null
    for update of ${slots} for share of ${fields}, ${facilities}`);
  const row = rowsOf<{ field_active: boolean }>(result)[0];
  return row ? { fieldActive: row.field_active } : null;
}

/**
 * Refreshes the planner's statistics on slots after a bulk change. PGlite runs no autovacuum, so without this
 * the planner keeps estimating one row and joins a week of 1,000+ slots by nested loops (about 20% slower).
 */
export async function analyzeSlots(db: Database): Promise<void> {
  await db.execute(sql`analyze ${slots}`);
}

/** Where a block lies: one slot, a field or a facility, over a time range. */
export interface BlockTarget {
  scope: 'slot' | 'field' | 'facility';
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

/** The slots (not deleted) on these fields that overlap [from, to): a game import previews what it will block. */
export async function slotsOnFieldsBetween(db: Database, fieldIds: string[], from: Date, to: Date): Promise<Array<{ id: string; fieldId: string; startsAt: Date; endsAt: Date }>> {
  if (fieldIds.length === 0) return [];
  return db
    .select({ id: slots.id, fieldId: slots.fieldId, startsAt: slots.startsAt, endsAt: slots.endsAt })
    .from(slots)
    .where(and(inArray(slots.fieldId, fieldIds), isNull(slots.deletedAt), lt(slots.startsAt, to), gt(slots.endsAt, from)))
    .orderBy(asc(slots.startsAt), asc(slots.id));
}

export async function markSlotsBlocked(db: Database, slotIds: string[], block: { id: string; reason: string }): Promise<void> {
  if (slotIds.length === 0) return;
  // A hold on a slot being blocked ends; the team offered it goes back to the head of the line (decision 034).
  await releaseHolds(db, slotIds);
  await db
    .update(slots)
    .set({ status: 'blocked', blockId: block.id, blockReason: block.reason, updatedAt: sql`now()` })
    .where(inArray(slots.id, slotIds));
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

/** Inserts one slot; an overlap with a live slot on its field is the exclusion constraint's error (23P01). */
export async function insertSlot(db: Database, row: NewSlot): Promise<string> {
  const rows = await db.insert(slots).values(row).returning({ id: slots.id });
  return rows[0]!.id;
}

// ---- Waitlist holds (issue 28, docs/decisions/034): the database's hold functions (migration 0018) ----

const uuidArray = (ids: readonly string[]) => sql`array[${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}]::uuid[]`;

/** Offers a free slot to the first team waiting on it (the caller holds the slot's lock); the offered wait's id or null. */
export async function holdNext(db: Database, slotId: string, now: Date): Promise<string | null> {
  const rows = rowsOf<{ wait: string | null }>(await db.execute(sql`select cgsl_hold_next(${slotId}::uuid, ${now.toISOString()}::timestamptz) as wait`));
  return rows[0]?.wait ?? null;
}

/** Ends the holds on these slots (blocked, or booked another way); their offered teams wait again at the head of the line. */
export async function releaseHolds(db: Database, slotIds: readonly string[]): Promise<void> {
  if (slotIds.length === 0) return;
  await db.execute(sql`select cgsl_release_holds(${uuidArray(slotIds)})`);
}

/**
 * A slot was booked for a team another way than its own press (an admin's override or move, an approved request, a
 * restored practice): a hold on it ends (the team offered it waits again, first in line) and that team's own wait on it
 * is over (taken), so it is never offered its own slot.
 */
export async function bookedForTeam(db: Database, slotId: string, teamId: string): Promise<void> {
  await db.execute(sql`update slot_waits set state = 'taken', decided_at = now() where slot_id = ${slotId}::uuid and team_id = ${teamId}::uuid and state in ('waiting', 'offered')`);
  await releaseHolds(db, [slotId]);
}

/** The slot went away: its waits end (void) and a hold on it is cleared. The caller holds the slot's lock. */
export async function endWaitsOf(db: Database, slotId: string): Promise<void> {
  await db.execute(sql`update slot_waits set state = 'void', decided_at = now() where slot_id = ${slotId}::uuid and state in ('waiting', 'offered')`);
  await db.update(slots).set({ heldForTeamId: null, heldUntil: null, holdWaitId: null }).where(eq(slots.id, slotId));
}

/** The held team passes (or its take was refused): ends that hold with `state` and offers the slot on. Whether it was the hold. */
export async function endHold(db: Database, slotId: string, waitId: string, state: 'passed' | 'refused' | 'left', now: Date): Promise<boolean> {
  const rows = rowsOf<{ ended: boolean }>(
    await db.execute(sql`select cgsl_end_hold(${slotId}::uuid, ${waitId}::uuid, ${state}, ${now.toISOString()}::timestamptz) as ended`),
  );
  return rows[0]?.ended === true;
}

/**
 * The worker's pass over holds, on whichever server gets to each slot first (SKIP LOCKED): holds that ran out move to
 * the next team, and free slots someone waits on without a hold (freed by a path that does not offer) are offered.
 * Returns the slots it changed.
 */
export async function settleHolds(db: Database, now: Date, limit = 100): Promise<string[]> {
  const at = now.toISOString();
  // Waits on a slot that went away or whose practice is within the hour (never freed in time) end: they no longer count
  // against the team's limit or show as waiting.
  await db.execute(sql`
    update slot_waits w set state = 'void', decided_at = ${at}::timestamptz
      from slots s
     where s.id = w.slot_id and w.state = 'waiting' and (s.deleted_at is not null or s.starts_at <= ${at}::timestamptz + interval '1 hour')`);
  const expired = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id, cgsl_settle_hold(id, ${at}::timestamptz) from (
        select s.id from slots s where s.held_until <= ${at}::timestamptz order by s.held_until limit ${limit} for update of s skip locked
      ) due`),
  );
  const offered = rowsOf<{ id: string; wait: string | null }>(
    await db.execute(sql`
      select id, cgsl_hold_next(id, ${at}::timestamptz) as wait from (
        select s.id from slots s
         where s.held_for_team_id is null and s.status = 'open' and s.deleted_at is null and s.starts_at > ${at}::timestamptz
           and exists (select 1 from slot_waits w where w.slot_id = s.id and w.state = 'waiting')
           and not exists (select 1 from bookings b where b.slot_id = s.id and b.status = 'confirmed')
         limit ${limit} for update of s skip locked
      ) free`),
  );
  return [...expired.map((r) => r.id), ...offered.filter((r) => r.wait).map((r) => r.id)];
}
