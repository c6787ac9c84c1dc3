import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { seasons } from '../../db/schema';
import type { Season, SeasonInput } from '../../../shared/seasons/seasons.schemas';

const columns = {
  id: seasons.id,
  name: seasons.name,
  startsOn: seasons.startsOn,
  endsOn: seasons.endsOn,
  active: seasons.active,
};

export async function listSeasons(db: Database): Promise<Season[]> {
  return db.select(columns).from(seasons).orderBy(desc(seasons.startsOn), asc(seasons.name));
}

export async function findSeason(db: Database, id: string): Promise<Season | null> {
  const rows = await db.select(columns).from(seasons).where(eq(seasons.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertSeason(db: Database, input: SeasonInput): Promise<Season> {
  const rows = await db.insert(seasons).values(input).returning(columns);
  return rows[0]!;
}

export async function updateSeason(db: Database, id: string, input: SeasonInput): Promise<Season | null> {
  const rows = await db
    .update(seasons)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(seasons.id, id))
    .returning(columns);
  return rows[0] ?? null;
}

/** Makes `id` the only active season. Deactivates the others first: the unique index allows one. */
export async function activateSeason(db: Database, id: string): Promise<void> {
  await db
    .update(seasons)
    .set({ active: false, updatedAt: sql`now()` })
    .where(and(eq(seasons.active, true), ne(seasons.id, id)));
  await db.update(seasons).set({ active: true, updatedAt: sql`now()` }).where(eq(seasons.id, id));
}

export async function findActiveSeason(db: Database): Promise<Season | null> {
  const rows = await db.select(columns).from(seasons).where(eq(seasons.active, true)).limit(1);
  return rows[0] ?? null;
}
