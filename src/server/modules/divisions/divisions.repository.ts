import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { divisionRules, divisions, fieldDivisions, fields, openingRoundDivisions, teams } from '../../db/schema';
import type { DivisionRuleOverrides } from '../../../shared/bookings/booking-rules';
import type { AdminDivision, Division, DivisionRules, DivisionRulesInput } from '../../../shared/divisions/divisions.schemas';

const columns = { id: divisions.id, name: divisions.name, position: divisions.position };

export async function listDivisions(db: Database): Promise<Division[]> {
  return db.select(columns).from(divisions).orderBy(asc(divisions.position), asc(divisions.name));
}

export async function listAdminDivisions(db: Database): Promise<AdminDivision[]> {
  const [rows, teamCounts, limited] = await Promise.all([
    listDivisions(db),
    db.select({ divisionId: teams.divisionId, n: count() }).from(teams).groupBy(teams.divisionId),
    db
      .select({ divisionId: fieldDivisions.divisionId, name: fields.name })
      .from(fieldDivisions)
      .innerJoin(fields, eq(fields.id, fieldDivisions.fieldId))
      .orderBy(asc(fields.name)),
  ]);
  return rows.map((d) => ({
    ...d,
    teamCount: teamCounts.find((c) => c.divisionId === d.id)?.n ?? 0,
    fieldNames: limited.filter((l) => l.divisionId === d.id).map((l) => l.name),
  }));
}

/**
 * A division, FOR KEY SHARE: what references it (a team, a field's limit, its rules, a round's time) is written in the
 * same transaction, so a delete racing it either commits first (this finds nothing, and the caller says so in words)
 * or waits for the writer (and then finds the division in use). Without it the reference fails on its foreign key.
 */
export async function findDivision(db: Database, id: string): Promise<Division | null> {
  return (await db.select(columns).from(divisions).where(eq(divisions.id, id)).limit(1).for('key share'))[0] ?? null;
}

export async function findDivisionByName(db: Database, name: string): Promise<Division | null> {
  return (await db.select(columns).from(divisions).where(sql`lower(${divisions.name}) = lower(${name})`).limit(1))[0] ?? null;
}

/** A new division, last in the league's order. */
export async function insertDivision(db: Database, name: string): Promise<Division> {
  const rows = await db
    .insert(divisions)
    .values({ name, position: sql`(select coalesce(max(${divisions.position}), 0) + 1 from ${divisions})` })
    .returning(columns);
  return rows[0]!;
}

export async function renameDivision(db: Database, id: string, name: string): Promise<Division | null> {
  const rows = await db.update(divisions).set({ name, updatedAt: sql`now()` }).where(eq(divisions.id, id)).returning(columns);
  return rows[0] ?? null;
}

/** Every division's row, locked: an order change or a delete queues behind another. */
export async function lockDivisions(db: Database): Promise<Division[]> {
  return db.select(columns).from(divisions).orderBy(asc(divisions.position), asc(divisions.name)).for('update');
}

export async function setPosition(db: Database, id: string, position: number): Promise<void> {
  await db.update(divisions).set({ position, updatedAt: sql`now()` }).where(eq(divisions.id, id));
}

export async function countTeamsIn(db: Database, divisionId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teams).where(eq(teams.divisionId, divisionId));
  return row?.n ?? 0;
}

export async function fieldNamesLimitedTo(db: Database, divisionId: string): Promise<string[]> {
  const rows = await db
    .select({ name: fields.name })
    .from(fieldDivisions)
    .innerJoin(fields, eq(fields.id, fieldDivisions.fieldId))
    .where(eq(fieldDivisions.divisionId, divisionId))
    .orderBy(asc(fields.name));
  return rows.map((r) => r.name);
}

/** Deletes a division, its own rules and its opening-round times (no team is in it, no field is limited to it: the service checked). */
export async function deleteDivision(db: Database, id: string): Promise<void> {
  await db.delete(divisionRules).where(eq(divisionRules.divisionId, id));
  await db.delete(openingRoundDivisions).where(eq(openingRoundDivisions.divisionId, id));
  await db.delete(divisions).where(eq(divisions.id, id));
}

/** A team's division, and the division's own rules in a season (null: it has none, or sets none). */
export async function teamDivisionRules(
  db: Database,
  teamId: string,
  seasonId: string | null,
): Promise<{ divisionId: string | null; divisionName: string | null; overrides: DivisionRuleOverrides | null }> {
  const rows = await db
    .select({ divisionId: divisions.id, divisionName: divisions.name, rules: divisionRules })
    .from(teams)
    .leftJoin(divisions, eq(divisions.id, teams.divisionId))
    .leftJoin(divisionRules, and(eq(divisionRules.divisionId, teams.divisionId), seasonId ? eq(divisionRules.seasonId, seasonId) : sql`false`))
    .where(eq(teams.id, teamId))
    .limit(1);
  const row = rows[0];
  if (!row) return { divisionId: null, divisionName: null, overrides: null };
  return { divisionId: row.divisionId, divisionName: row.divisionName, overrides: row.rules ? overridesOf(row.rules) : null };
}

function overridesOf(r: typeof divisionRules.$inferSelect): DivisionRuleOverrides {
  return {
    windowOpensAt: r.windowOpensAt?.toISOString() ?? null,
    windowClosesAt: r.windowClosesAt?.toISOString() ?? null,
    maxPerWeek: r.maxPerWeek,
    maxPerDay: r.maxPerDay,
    maxUpcoming: r.maxUpcoming,
    minLeadHours: r.minLeadHours,
    maxAheadDays: r.maxAheadDays,
  };
}

const NO_OVERRIDES: DivisionRuleOverrides = {
  windowOpensAt: null,
  windowClosesAt: null,
  maxPerWeek: null,
  maxPerDay: null,
  maxUpcoming: null,
  minLeadHours: null,
  maxAheadDays: null,
};

/** Every division's own rules in a season, in the league's order (all null where it sets none). */
export async function rulesOfSeason(db: Database, seasonId: string): Promise<DivisionRules[]> {
  const rows = await db
    .select({ id: divisions.id, name: divisions.name, rules: divisionRules })
    .from(divisions)
    .leftJoin(divisionRules, and(eq(divisionRules.divisionId, divisions.id), eq(divisionRules.seasonId, seasonId)))
    .orderBy(asc(divisions.position), asc(divisions.name));
  return rows.map((r) => ({ divisionId: r.id, divisionName: r.name, ...(r.rules ? overridesOf(r.rules) : NO_OVERRIDES) }));
}

/** Saves a division's own rules in a season; all null removes the row (the season's rules apply). */
export async function saveRules(db: Database, seasonId: string, divisionId: string, input: DivisionRulesInput): Promise<void> {
  const values = {
    windowOpensAt: input.windowOpensAt ? new Date(input.windowOpensAt) : null,
    windowClosesAt: input.windowClosesAt ? new Date(input.windowClosesAt) : null,
    maxPerWeek: input.maxPerWeek,
    maxPerDay: input.maxPerDay,
    maxUpcoming: input.maxUpcoming,
    minLeadHours: input.minLeadHours,
    maxAheadDays: input.maxAheadDays,
  };
  if (Object.values(values).every((v) => v === null)) {
    await db.delete(divisionRules).where(and(eq(divisionRules.seasonId, seasonId), eq(divisionRules.divisionId, divisionId)));
    return;
  }
  await db
    .insert(divisionRules)
    .values({ seasonId, divisionId, ...values })
    .onConflictDoUpdate({ target: [divisionRules.seasonId, divisionRules.divisionId], set: { ...values, updatedAt: sql`now()` } });
}
