import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings, closures, fields, makeupCredits, slots, teams } from '../../db/schema';
import type { MakeupCredit } from '../../../shared/rain-outs/rain-outs.schemas';

export type CreditRow = typeof makeupCredits.$inferSelect;

/** No confirmed booking uses the credit: never used, or its make-up practice was cancelled since. */
const notInUse = sql`not exists (select 1 from ${bookings} ub where ub.id = ${makeupCredits.usedBookingId} and ub.status = 'confirmed')`;

/** A team's credits it may still use, the first to run out first. */
export async function freeCreditsOfTeam(db: Database, teamId: string, now: Date): Promise<Array<{ id: string; reason: string; expiresAt: Date }>> {
  return db
    .select({ id: makeupCredits.id, reason: makeupCredits.reason, expiresAt: makeupCredits.expiresAt })
    .from(makeupCredits)
    .where(and(eq(makeupCredits.teamId, teamId), isNull(makeupCredits.revokedAt), gt(makeupCredits.expiresAt, now), notInUse))
    .orderBy(asc(makeupCredits.expiresAt), asc(makeupCredits.createdAt));
}

export async function insertCredits(db: Database, rows: Array<typeof makeupCredits.$inferInsert>): Promise<CreditRow[]> {
  if (rows.length === 0) return [];
  return db.insert(makeupCredits).values(rows).returning();
}

/** Which of these bookings are make-up practices (a confirmed booking on a credit). */
export async function bookingsOnCredits(db: Database, bookingIds: string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db.select({ id: makeupCredits.usedBookingId }).from(makeupCredits).where(inArray(makeupCredits.usedBookingId, bookingIds));
  return new Set(rows.map((r) => r.id!));
}

/** One credit and whether a confirmed booking uses it; `lock`: FOR UPDATE (a removal and a use queue on it). */
export async function findCredit(db: Database, id: string, lock: boolean): Promise<(CreditRow & { inUse: boolean }) | null> {
  const query = db
    .select({ credit: makeupCredits, inUse: sql<boolean>`not (${notInUse})` })
    .from(makeupCredits)
    .where(eq(makeupCredits.id, id));
  const rows = lock ? await query.for('update', { of: makeupCredits }) : await query;
  return rows[0] ? { ...rows[0].credit, inUse: rows[0].inUse } : null;
}

/** A credit the booking decision named is this booking's (as `cgsl_book` marks it, under the team's lock). */
export async function useCredit(db: Database, creditId: string, bookingId: string): Promise<void> {
  await db.update(makeupCredits).set({ usedBookingId: bookingId, usedAt: sql`now()` }).where(eq(makeupCredits.id, creditId));
}

export async function revokeCredit(db: Database, id: string, by: string | null): Promise<void> {
  await db.update(makeupCredits).set({ revokedAt: sql`now()`, revokedBy: by }).where(eq(makeupCredits.id, id));
}

/**
 * A rain-out's credits for these restored practices, taken back unless a make-up practice already uses them (the team
 * keeps that one). Returns how many were taken back.
 */
export async function revokeFreeCreditsOf(db: Database, sourceBookingIds: string[], by: string | null): Promise<number> {
  if (sourceBookingIds.length === 0) return 0;
  const rows = await db
    .update(makeupCredits)
    .set({ revokedAt: sql`now()`, revokedBy: by })
    .where(and(inArray(makeupCredits.sourceBookingId, sourceBookingIds), isNull(makeupCredits.revokedAt), notInUse))
    .returning({ id: makeupCredits.id });
  return rows.length;
}

/** Credits as admins list them (one team's, or every team's), the newest first. */
export async function listCredits(db: Database, teamId: string | undefined, now: Date, limit = 500): Promise<MakeupCredit[]> {
  const rows = await db
    .select({
      credit: makeupCredits,
      teamName: teams.name,
      usedStatus: bookings.status,
      usedFieldName: fields.name,
      usedStartsAt: slots.startsAt,
    })
    .from(makeupCredits)
    .innerJoin(teams, eq(teams.id, makeupCredits.teamId))
    .leftJoin(bookings, eq(bookings.id, makeupCredits.usedBookingId))
    .leftJoin(slots, eq(slots.id, bookings.slotId))
    .leftJoin(fields, eq(fields.id, slots.fieldId))
    .where(teamId ? eq(makeupCredits.teamId, teamId) : undefined)
    .orderBy(desc(makeupCredits.createdAt))
    .limit(limit);
  return rows.map(({ credit, teamName, usedStatus, usedFieldName, usedStartsAt }) => {
    const used = usedStatus === 'confirmed';
    return {
      id: credit.id,
      teamId: credit.teamId,
      teamName,
      reason: credit.reason,
      createdAt: credit.createdAt.toISOString(),
      expiresAt: credit.expiresAt.toISOString(),
      state: credit.revokedAt ? 'removed' : used ? 'used' : credit.expiresAt <= now ? 'expired' : 'free',
      usedFor: used && credit.usedBookingId && usedStartsAt ? { bookingId: credit.usedBookingId, fieldName: usedFieldName ?? '', startsAt: usedStartsAt.toISOString() } : null,
    };
  });
}

/**
 * Granted, used (by a practice still confirmed), expired unused, and removed: per team, for the reports. With a
 * facility, only the credits of its rain-outs (an admin's grant names no facility).
 */
export async function creditCounts(db: Database, from: Date, to: Date, now: Date, facilityId: string | null = null) {
  return db
    .select({
      teamId: makeupCredits.teamId,
      granted: sql<number>`count(*)::int`,
      used: sql<number>`count(*) filter (where ${makeupCredits.revokedAt} is null and not (${notInUse}))::int`,
      // As ISO text: a Date in raw sql reaches the postgres-js driver unconverted, and it refuses it.
      expired: sql<number>`count(*) filter (where ${makeupCredits.revokedAt} is null and ${makeupCredits.expiresAt} <= ${now.toISOString()}::timestamptz and ${notInUse})::int`,
      removed: sql<number>`count(*) filter (where ${makeupCredits.revokedAt} is not null)::int`,
    })
    .from(makeupCredits)
    .where(
      and(
        gte(makeupCredits.createdAt, from),
        lt(makeupCredits.createdAt, to),
        facilityId ? sql`${makeupCredits.closureId} in (select ${closures.id} from ${closures} where ${closures.facilityId} = ${facilityId}::uuid)` : undefined,
      ),
    )
    .groupBy(makeupCredits.teamId);
}
