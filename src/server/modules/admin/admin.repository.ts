import { and, count, countDistinct, eq, exists, gt, gte, isNull, lt, notExists, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { blocks, bookings, facilities, fields, seasons, slots, users } from '../../db/schema';

type Range = { start: Date; end: Date };

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function countSeasons(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(seasons);
  return row?.n ?? 0;
}

/** Confirmed practices starting in the range. */
export async function countConfirmedBookings(db: Database, range: Range): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(and(eq(bookings.status, 'confirmed'), isNull(slots.deletedAt), gte(slots.startsAt, range.start), lt(slots.startsAt, range.end)));
  return row?.n ?? 0;
}

/** Slots a coach could still book in the range: live, not blocked, not booked, on an active field and facility. */
export async function countOpenSlots(db: Database, range: Range): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(slots)
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .innerJoin(facilities, eq(facilities.id, fields.facilityId))
    .where(
      and(
        isNull(slots.deletedAt),
        eq(slots.status, 'open'),
        eq(fields.active, true),
        eq(facilities.active, true),
        gte(slots.startsAt, range.start),
        lt(slots.startsAt, range.end),
        notExists(
          db
            .select({ one: bookings.id })
            .from(bookings)
            .where(and(eq(bookings.slotId, slots.id), eq(bookings.status, 'confirmed'))),
        ),
      ),
    );
  return row?.n ?? 0;
}

/** Active fields closed for part of the range by a field or facility block (a single slot's block does not close a field). */
export async function countFieldsBlocked(db: Database, range: Range): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(fields.id) })
    .from(fields)
    .innerJoin(facilities, eq(facilities.id, fields.facilityId))
    .where(
      and(
        eq(fields.active, true),
        eq(facilities.active, true),
        exists(
          db
            .select({ one: blocks.id })
            .from(blocks)
            .where(
              and(
                isNull(blocks.liftedAt),
                lt(blocks.startsAt, range.end),
                gt(blocks.endsAt, range.start),
                or(and(eq(blocks.scope, 'field'), eq(blocks.fieldId, fields.id)), and(eq(blocks.scope, 'facility'), eq(blocks.facilityId, fields.facilityId))),
              ),
            ),
        ),
      ),
    );
  return row?.n ?? 0;
}
