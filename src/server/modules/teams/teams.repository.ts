import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { teams } from '../../db/schema';
import type { Team } from '../../../shared/users/users.schemas';

const columns = { id: teams.id, name: teams.name, division: teams.division };

export async function listActiveTeams(db: Database): Promise<Team[]> {
  return db.select(columns).from(teams).where(eq(teams.active, true)).orderBy(asc(teams.name));
}

export async function findActiveTeam(db: Database, id: string): Promise<Team | null> {
  const rows = await db.select(columns).from(teams).where(eq(teams.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertTeam(db: Database, input: { name: string; division?: string | null }): Promise<Team> {
  const rows = await db.insert(teams).values(input).returning(columns);
  return rows[0]!;
}

export async function countTeams(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teams).where(eq(teams.active, true));
  return row?.n ?? 0;
}
