import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { divisions, teams } from '../../db/schema';
import type { Team } from '../../../shared/users/users.schemas';

/** A team with its division's name (issue 29: the division is a row of its own). */
const columns = { id: teams.id, name: teams.name, division: sql<string | null>`(select ${divisions.name} from ${divisions} where ${divisions.id} = ${teams.divisionId})`, divisionId: teams.divisionId };
const fullColumns = { ...columns, active: teams.active };

export interface TeamRow extends Team {
  active: boolean;
}

export async function listActiveTeams(db: Database): Promise<Team[]> {
  return db.select(columns).from(teams).where(eq(teams.active, true)).orderBy(asc(teams.name));
}

export async function listAllTeams(db: Database): Promise<TeamRow[]> {
  return db.select(fullColumns).from(teams).orderBy(sql`lower(${teams.name})`, asc(teams.id));
}

export async function findActiveTeam(db: Database, id: string): Promise<Team | null> {
  const rows = await db.select(fullColumns).from(teams).where(eq(teams.id, id)).limit(1);
  const row = rows[0];
  return row?.active ? { id: row.id, name: row.name, division: row.division, divisionId: row.divisionId } : null;
}

export async function findTeam(db: Database, id: string): Promise<TeamRow | null> {
  const rows = await db.select(fullColumns).from(teams).where(eq(teams.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findTeams(db: Database, ids: string[]): Promise<TeamRow[]> {
  if (ids.length === 0) return [];
  return db.select(fullColumns).from(teams).where(inArray(teams.id, ids));
}

/** The team's row, locked for a change (a booking for the team takes the same lock, so they queue). */
export async function lockTeam(db: Database, id: string): Promise<TeamRow | null> {
  const rows = await db.select(fullColumns).from(teams).where(eq(teams.id, id)).for('update');
  return rows[0] ?? null;
}

export async function insertTeam(db: Database, input: { name: string; divisionId?: string | null }): Promise<TeamRow> {
  const rows = await db.insert(teams).values(input).returning({ id: teams.id });
  return (await findTeam(db, rows[0]!.id))!;
}

export async function updateTeam(db: Database, id: string, patch: { name?: string; divisionId?: string | null; active?: boolean }): Promise<TeamRow | null> {
  const rows = await db
    .update(teams)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(teams.id, id))
    .returning({ id: teams.id });
  return rows[0] ? findTeam(db, id) : null;
}

export async function countTeams(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teams).where(eq(teams.active, true));
  return row?.n ?? 0;
}
