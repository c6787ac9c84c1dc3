import { and, desc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { closureDismissals, closures, facilities, fields } from '../../db/schema';

export type ClosureRow = typeof closures.$inferSelect;

/** A closure with its facility's name and its fields' names (null: the whole facility). */
export interface ClosureNamed extends ClosureRow {
  facilityName: string;
  fieldNames: string[] | null;
}

export async function insertClosure(db: Database, values: typeof closures.$inferInsert): Promise<ClosureRow> {
  return (await db.insert(closures).values(values).returning())[0]!;
}

/** A closure not yet reopened, locked: a second reopening waits, then finds it reopened. */
export async function lockOpenClosure(db: Database, id: string): Promise<ClosureRow | null> {
  return (await db.select().from(closures).where(and(eq(closures.id, id), isNull(closures.reopenedAt))).for('update'))[0] ?? null;
}

export async function markReopened(db: Database, id: string, by: string | null): Promise<void> {
  await db.update(closures).set({ reopenedAt: sql`now()`, reopenedBy: by }).where(eq(closures.id, id));
}

async function named(db: Database, rows: Array<ClosureRow & { facilityName: string }>): Promise<ClosureNamed[]> {
  const fieldIds = [...new Set(rows.flatMap((r) => r.fieldIds ?? []))];
  const names = new Map<string, string>();
  if (fieldIds.length > 0) for (const f of await db.select({ id: fields.id, name: fields.name }).from(fields).where(inArray(fields.id, fieldIds))) names.set(f.id, f.name);
  return rows.map((r) => ({ ...r, fieldNames: r.fieldIds && r.fieldIds.length > 0 ? r.fieldIds.map((id) => names.get(id) ?? 'a field').sort() : null }));
}

const withFacility = { closure: closures, facilityName: facilities.name };

/** Closures for the admin list: the open ones, and those reopened or over since `since`, newest first. */
export async function listClosures(db: Database, since: Date, limit = 200): Promise<ClosureNamed[]> {
  const rows = await db
    .select(withFacility)
    .from(closures)
    .innerJoin(facilities, eq(facilities.id, closures.facilityId))
    // Operators, not raw sql: a Date in raw sql reaches the postgres-js driver unconverted, and it refuses it.
    .where(or(and(isNull(closures.reopenedAt), gt(closures.endsAt, since)), gt(closures.createdAt, since)))
    .orderBy(desc(closures.startsAt))
    .limit(limit);
  return named(db, rows.map((r) => ({ ...r.closure, facilityName: r.facilityName })));
}

export async function closuresByIds(db: Database, ids: string[]): Promise<ClosureNamed[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(withFacility).from(closures).innerJoin(facilities, eq(facilities.id, closures.facilityId)).where(inArray(closures.id, ids));
  return named(db, rows.map((r) => ({ ...r.closure, facilityName: r.facilityName })));
}

/** Closures in force at some time in [from, to) and not reopened: the field status. */
export async function openClosuresBetween(db: Database, from: Date, to: Date): Promise<ClosureNamed[]> {
  const rows = await db
    .select(withFacility)
    .from(closures)
    .innerJoin(facilities, eq(facilities.id, closures.facilityId))
    .where(and(isNull(closures.reopenedAt), gt(closures.endsAt, from), lt(closures.startsAt, to)))
    .orderBy(closures.startsAt, facilities.name);
  return named(db, rows.map((r) => ({ ...r.closure, facilityName: r.facilityName })));
}

export async function dismissedBy(db: Database, userId: string, closureIds: string[]): Promise<Set<string>> {
  if (closureIds.length === 0) return new Set();
  const rows = await db
    .select({ id: closureDismissals.closureId })
    .from(closureDismissals)
    .where(and(eq(closureDismissals.userId, userId), inArray(closureDismissals.closureId, closureIds)));
  return new Set(rows.map((r) => r.id));
}

export async function dismiss(db: Database, closureId: string, userId: string): Promise<void> {
  await db.insert(closureDismissals).values({ closureId, userId }).onConflictDoNothing();
}

/** Rain-outs made in [from, to), of one facility or every one (the reports). */
export async function closuresMadeBetween(db: Database, from: Date, to: Date, facilityId: string | null = null): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(closures)
    .where(and(gte(closures.createdAt, from), lt(closures.createdAt, to), facilityId ? eq(closures.facilityId, facilityId) : undefined));
  return rows[0]?.n ?? 0;
}
