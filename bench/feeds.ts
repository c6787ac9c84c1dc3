/**
 * Calendar feeds (issue 12): what a calendar app polling a full season's feed costs. A league of its own: the 10x
 * league's season of slots with `FEED_BOOKINGS` confirmed practices spread over it (one per slot, teams in turn) and
 * `FEED_CANCELLED` cancelled ones (they stay in a feed, marked cancelled), written before the server starts. Measured
 * beside GET /api/health of the same server: the league feed (every practice), its revalidation with the ETag
 * (304, what a polling calendar app mostly gets), one team's feed (its secret link) and one field's.
 */
import { asc, eq } from 'drizzle-orm';
import type http from 'node:http';
import type { DatabaseHandle } from '../src/server/db/client';
import { bookings, slots } from '../src/server/db/schema';
import { request } from './http';
import type { League } from './league';
import { measureLoad, type LoadFigure } from './load';

export const FEED_BOOKINGS = Number(process.env.BENCH_FEED_BOOKINGS ?? 5_000);
export const FEED_CANCELLED = Math.round(FEED_BOOKINGS / 10);

export interface FeedFigures {
  events: { confirmed: number; cancelled: number; inLeagueFeed: number; inTeamFeed: number; inFieldFeed: number };
  bytes: { league: number; team: number; field: number };
  /** The first request for the league feed: read and built (later ones come from the server's memory). */
  firstLeagueMs: number;
  health: LoadFigure;
  league: LoadFigure;
  leagueNotModified: LoadFigure;
  team: LoadFigure;
  field: LoadFigure;
}

/** Writes the season's practices straight into the tables (as the demo loader and the test fixtures do). */
export async function seedFeedBookings(database: DatabaseHandle, league: League): Promise<{ confirmed: number; cancelled: number }> {
  const db = database.db;
  const all = await db.select({ id: slots.id }).from(slots).where(eq(slots.seasonId, league.seasonId)).orderBy(asc(slots.startsAt), asc(slots.id));
  const wanted = FEED_BOOKINGS + FEED_CANCELLED;
  if (all.length < wanted) throw new Error(`the season has ${all.length} slots, fewer than the ${wanted} bookings asked for`);
  const step = all.length / wanted;
  const rows = Array.from({ length: wanted }, (_, i) => {
    const cancelled = i % 11 === 10 && i / 11 < FEED_CANCELLED;
    return {
      slotId: all[Math.floor(i * step)]!.id,
      teamId: league.teamIds[i % league.teamIds.length]!,
      status: cancelled ? ('cancelled' as const) : ('confirmed' as const),
      ...(cancelled ? { cancelledAt: new Date(), cancelReason: 'Cancelled by the coach' } : {}),
    };
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(bookings).values(rows.slice(i, i + 500));
  const cancelled = rows.filter((r) => r.status === 'cancelled').length;
  return { confirmed: rows.length - cancelled, cancelled };
}

const countEvents = (ics: string) => ics.split('BEGIN:VEVENT').length - 1;

export async function measureFeeds(
  agent: http.Agent,
  base: string,
  league: League,
  seeded: { confirmed: number; cancelled: number },
  o: { connections: number; seconds: number; warmupSeconds: number },
): Promise<FeedFigures> {
  const began = performance.now();
  const first = await request(agent, base, 'GET', '/api/calendar/league.ics');
  const firstLeagueMs = performance.now() - began;
  if (first.status !== 200) throw new Error(`GET /api/calendar/league.ics: ${first.status} ${first.body.slice(0, 200)}`);
  const etag = first.headers.etag;
  const coach = league.coachesByTeam[0]![0]!;
  const link = await request(agent, base, 'GET', '/api/me/calendar-feed', { cookie: coach.cookie });
  if (link.status !== 200) throw new Error(`GET /api/me/calendar-feed: ${link.status} ${link.body.slice(0, 200)}`);
  const teamPath = new URL((JSON.parse(link.body) as { feed: { url: string } }).feed.url).pathname;
  const fieldPath = `/api/calendar/fields/${league.fieldIds[0]}.ics`;
  const team = await request(agent, base, 'GET', teamPath);
  const field = await request(agent, base, 'GET', fieldPath);
  const run = (path: string, headers: Record<string, string> = {}) =>
    measureLoad({ base, requests: [{ path, headers }], connections: o.connections, seconds: o.seconds, warmupSeconds: o.warmupSeconds, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  return {
    events: { ...seeded, inLeagueFeed: countEvents(first.body), inTeamFeed: countEvents(team.body), inFieldFeed: countEvents(field.body) },
    bytes: { league: Buffer.byteLength(first.body), team: Buffer.byteLength(team.body), field: Buffer.byteLength(field.body) },
    firstLeagueMs,
    health: await run('/api/health'),
    league: await run('/api/calendar/league.ics'),
    leagueNotModified: await run('/api/calendar/league.ics', typeof etag === 'string' ? { 'if-none-match': etag } : {}),
    team: await run(teamPath),
    field: await run(fieldPath),
  };
}
