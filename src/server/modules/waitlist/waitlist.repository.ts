import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { facilities, fields, leagueSettings, slotWaits, slots } from '../../db/schema';
import type { Wait, WaitState } from '../../../shared/waitlist/waitlist.schemas';
import { DEFAULT_HOLD_MINUTES, DEFAULT_MAX_WAITS } from '../../../shared/waitlist/waitlist.schemas';

export type WaitRow = typeof slotWaits.$inferSelect;

const LIVE = ['waiting', 'offered'] as const;

export async function waitSettings(db: Database): Promise<{ maxWaits: number; holdMinutes: number }> {
  const rows = await db.select({ maxWaits: leagueSettings.maxWaits, holdMinutes: leagueSettings.holdMinutes }).from(leagueSettings).where(eq(leagueSettings.id, 1));
  return rows[0] ?? { maxWaits: DEFAULT_MAX_WAITS, holdMinutes: DEFAULT_HOLD_MINUTES };
}

/** How many slots the team waits on now (waiting or offered). */
export async function liveWaitCount(db: Database, teamId: string): Promise<number> {
  return db.$count(slotWaits, and(eq(slotWaits.teamId, teamId), inArray(slotWaits.state, [...LIVE])));
}

export async function liveWaitOf(db: Database, teamId: string, slotId: string): Promise<WaitRow | null> {
  const rows = await db
    .select()
    .from(slotWaits)
    .where(and(eq(slotWaits.teamId, teamId), eq(slotWaits.slotId, slotId), inArray(slotWaits.state, [...LIVE])));
  return rows[0] ?? null;
}

export async function insertWait(db: Database, values: { slotId: string; teamId: string; userId: string }): Promise<WaitRow> {
  return (await db.insert(slotWaits).values(values).returning())[0]!;
}

export async function findWait(db: Database, id: string): Promise<WaitRow | null> {
  return (await db.select().from(slotWaits).where(eq(slotWaits.id, id)))[0] ?? null;
}

/** A waiting (not offered) wait ends: the coach left the line. Whether it was still waiting. */
export async function leaveWaiting(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(slotWaits)
    .set({ state: 'left', decidedAt: now })
    .where(and(eq(slotWaits.id, id), eq(slotWaits.state, 'waiting')))
    .returning({ id: slotWaits.id });
  return rows.length > 0;
}

/** A team's live waits and those decided since `since`, with the slot and the place in line. */
export async function waitsOfTeam(db: Database, teamId: string, since: Date): Promise<Wait[]> {
  const rows = await db
    .select({
      wait: slotWaits,
      fieldName: fields.name,
      facilityName: facilities.name,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      position: sql<number | null>`case when ${slotWaits.state} = 'waiting' then (
        select count(*)::int from slot_waits o where o.slot_id = ${slotWaits.slotId} and o.state = 'waiting'
           and (o.created_at, o.id) <= (${slotWaits.createdAt}, ${slotWaits.id})) end`,
    })
    .from(slotWaits)
    .innerJoin(slots, eq(slots.id, slotWaits.slotId))
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .innerJoin(facilities, eq(facilities.id, fields.facilityId))
    .where(and(eq(slotWaits.teamId, teamId), or(inArray(slotWaits.state, [...LIVE]), gt(slotWaits.decidedAt, since))))
    .orderBy(desc(sql`${slotWaits.state} = 'offered'`), asc(slots.startsAt))
    .limit(100);
  return rows.map(({ wait, ...r }) => ({
    id: wait.id,
    slotId: wait.slotId,
    state: wait.state,
    fieldName: r.fieldName,
    facilityName: r.facilityName,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    position: r.position,
    holdUntil: wait.state === 'offered' && wait.holdUntil ? wait.holdUntil.toISOString() : null,
    createdAt: wait.createdAt.toISOString(),
    decidedAt: wait.decidedAt?.toISOString() ?? null,
  }));
}

/**
 * Waits decided in [from, to) by how they ended, per team (the reports). With a facility, only the waits on its
 * fields' slots (a deleted slot's too: the outcome happened).
 */
export async function waitOutcomes(db: Database, from: Date, to: Date, facilityId: string | null = null): Promise<Array<{ teamId: string; state: WaitState; n: number }>> {
  return db
    .select({ teamId: slotWaits.teamId, state: slotWaits.state, n: sql<number>`count(*)::int` })
    .from(slotWaits)
    .where(
      and(
        sql`${slotWaits.decidedAt} >= ${from.toISOString()}::timestamptz`,
        sql`${slotWaits.decidedAt} < ${to.toISOString()}::timestamptz`,
        facilityId
          ? inArray(slotWaits.slotId, db.select({ id: slots.id }).from(slots).innerJoin(fields, eq(fields.id, slots.fieldId)).where(eq(fields.facilityId, facilityId)))
          : undefined,
      ),
    )
    .groupBy(slotWaits.teamId, slotWaits.state);
}
