import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookings, divisions, facilities, fields, seasons, slots, teams, users } from '../db/schema';
import type { Role } from '../../shared/constants';

// The demo loader writes its sample league straight into the tables, as test fixtures do; each step is idempotent.

/** The teams, each in its division (issue 29): divisions the league lacks are added in the order first named. */
export async function insertTeamsIfMissing(db: Database, rows: ReadonlyArray<{ name: string; division: string }>): Promise<Map<string, string>> {
  const names = [...new Set(rows.map((r) => r.division))];
  for (const name of names) {
    await db
      .insert(divisions)
      .values({ name, position: sql`(select coalesce(max(${divisions.position}), 0) + 1 from ${divisions})` })
      .onConflictDoNothing();
  }
  const known = await db.select({ id: divisions.id, name: divisions.name }).from(divisions);
  const divisionId = (name: string) => known.find((d) => d.name.toLowerCase() === name.toLowerCase())?.id ?? null;
  await db
    .insert(teams)
    .values(rows.map((r) => ({ name: r.name, divisionId: divisionId(r.division) })))
    .onConflictDoNothing();
  const all = await db.select({ id: teams.id, name: teams.name }).from(teams);
  return new Map(all.map((t) => [t.name, t.id]));
}

export async function hasAny(db: Database, table: 'seasons' | 'facilities' | 'bookings'): Promise<boolean> {
  const source = { seasons, facilities, bookings }[table];
  return (await db.select({ id: source.id }).from(source).limit(1)).length > 0;
}

export async function insertSeasons(db: Database, rows: Array<{ name: string; startsOn: string; endsOn: string; active: boolean }>): Promise<void> {
  await db.insert(seasons).values(rows);
}

/** A facility with its fields; returns the field ids. */
export async function insertFacilityWithFields(
  db: Database,
  facility: { name: string; address: string },
  fieldRows: ReadonlyArray<Omit<typeof fields.$inferInsert, 'facilityId'>>,
): Promise<string[]> {
  const [row] = await db.insert(facilities).values(facility).returning({ id: facilities.id });
  const inserted = await db
    .insert(fields)
    .values(fieldRows.map((f) => ({ ...f, facilityId: row!.id })))
    .returning({ id: fields.id });
  return inserted.map((r) => r.id);
}

export async function insertSlots(db: Database, rows: Array<{ seasonId: string; fieldId: string; startsAt: Date; endsAt: Date }>): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(slots).values(rows.slice(i, i + 1000)).onConflictDoNothing();
}

export async function findUserByEmail(db: Database, email: string): Promise<{ id: string; teamId: string | null } | null> {
  return (await db.select({ id: users.id, teamId: users.teamId }).from(users).where(eq(users.email, email)).limit(1))[0] ?? null;
}

export async function setRoleAndTeam(db: Database, id: string, role: Role, teamId: string | null): Promise<void> {
  await db.update(users).set({ role, teamId }).where(eq(users.id, id));
}

export async function liveSlotsStartingBetween(db: Database, from: Date, to: Date, limit: number): Promise<Array<{ id: string }>> {
  return db
    .select({ id: slots.id })
    .from(slots)
    .where(and(isNull(slots.deletedAt), gt(slots.startsAt, from), lt(slots.startsAt, to)))
    .orderBy(asc(slots.startsAt))
    .limit(limit);
}

export async function insertBooking(db: Database, values: { slotId: string; teamId: string; bookedBy: string }): Promise<void> {
  await db.insert(bookings).values(values).onConflictDoNothing();
}
