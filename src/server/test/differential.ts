import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Database } from '../db/client';

/**
 * What the differential tests share (a database call against the TypeScript rules it stands in for, on random
 * leagues): the clocks and zones they draw from, and a transaction that is always rolled back.
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** Sundays of Chicago's 2027 DST changes and an ordinary one, at noon UTC. */
export const DST_ANCHORS = [Date.UTC(2027, 2, 14, 12), Date.UTC(2027, 10, 7, 12), Date.UTC(2027, 5, 13, 12)];

/** League zones, Chicago most often; the others change at odd hours, by half or quarter hours, or at midnight. */
export const LEAGUE_ZONES = ['America/Chicago', 'America/Chicago', 'America/Chicago', 'UTC', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/Havana'];

/** A local day (YYYY-MM-DD) `days` later. */
export const plusDays = (day: string, days: number) => Temporal.PlainDate.from(day).add({ days }).toString();

class Rollback extends Error {}

/**
 * Runs `work` in a transaction whose connection reads times in `sessionZone` (the league's zone must not depend on
 * the server's), then rolls all of it back; answers what `work` answered.
 */
export async function rolledBack<T>(db: Database, sessionZone: string, work: (tx: Database) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`select set_config('TimeZone', ${sessionZone}, true)`);
      result = { value: await work(tx) };
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return result!.value;
}
