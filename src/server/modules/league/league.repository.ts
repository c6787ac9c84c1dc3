import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leagueSettings } from '../../db/schema';
import type { LeagueSettings, LeagueSettingsUpdate } from '../../../shared/league/league.schemas';

const columns = {
  name: leagueSettings.name,
  shortName: leagueSettings.shortName,
  timeZone: leagueSettings.timeZone,
  contactEmail: leagueSettings.contactEmail,
  makeupDays: leagueSettings.makeupDays,
  maxWaits: leagueSettings.maxWaits,
  holdMinutes: leagueSettings.holdMinutes,
  swapsEnabled: leagueSettings.swapsEnabled,
};

/** The settings row; created from `defaults` (LEAGUE_TIMEZONE and the product defaults) the first time. */
export async function getLeagueSettings(db: Database, defaults: LeagueSettings): Promise<LeagueSettings> {
  const rows = await db.select(columns).from(leagueSettings).where(eq(leagueSettings.id, 1)).limit(1);
  if (rows[0]) return rows[0];
  await db.insert(leagueSettings).values({ id: 1, ...defaults }).onConflictDoNothing();
  return (await db.select(columns).from(leagueSettings).where(eq(leagueSettings.id, 1)).limit(1))[0]!;
}

export async function updateLeagueSettings(db: Database, input: LeagueSettingsUpdate): Promise<LeagueSettings> {
  const rows = await db
    .update(leagueSettings)
    .set({
      ...input,
      makeupDays: input.makeupDays ?? undefined,
      maxWaits: input.maxWaits ?? undefined,
      holdMinutes: input.holdMinutes ?? undefined,
      swapsEnabled: input.swapsEnabled ?? undefined,
      updatedAt: sql`now()`,
    })
    .where(eq(leagueSettings.id, 1))
    .returning(columns);
  return rows[0]!;
}

/** Whether people may create an account with a password (POST /api/auth/sign-up/email); invitations always can. */
export async function getPasswordSignUp(db: Database): Promise<boolean> {
  const rows = await db.select({ on: leagueSettings.passwordSignUp }).from(leagueSettings).where(eq(leagueSettings.id, 1)).limit(1);
  return rows[0]?.on ?? true;
}

/** Switches password sign-up; returns the value it had before (the settings row exists: read it first). */
export async function setPasswordSignUp(db: Database, on: boolean): Promise<boolean> {
  const [before] = await db.select({ on: leagueSettings.passwordSignUp }).from(leagueSettings).where(eq(leagueSettings.id, 1)).for('update');
  await db.update(leagueSettings).set({ passwordSignUp: on, updatedAt: sql`now()` }).where(eq(leagueSettings.id, 1));
  return before?.on ?? true;
}
