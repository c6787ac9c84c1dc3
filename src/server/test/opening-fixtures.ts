import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Database } from '../db/client';
import { authUser, bookingRules, facilities, fields, openingLists, openingRounds, seasons, slots, teams, users } from '../db/schema';
import { DEFAULT_BOOKING_RULES, type BookingRules } from '../../shared/bookings/booking-rules';
import { draw, sha256Hex, type DrawResult } from '../../shared/opening/draw';
import { at, nextMonday } from './booking-fixtures';

// The opening round's tests (modules/opening/*.api.test.ts): leagues written straight into the tables, as the seed
// of a test, each with a season, a field and teams of its own, so tests never share a round's season or a slot.

export interface OpeningTeam {
  id: string;
  name: string;
  /** The team's coach (active, wants booking mail). */
  coachEmail: string;
}

export interface OpeningLeague {
  seasonId: string;
  seasonName: string;
  fieldId: string;
  /** The Monday the slots start on (league days). */
  monday: Temporal.PlainDate;
  /** slotIds[d][k]: day d (0 = `monday`), k-th of `times`. */
  slotIds: string[][];
  teams: OpeningTeam[];
}

const HOUR = 3_600_000;

/**
 * A season around today (active only when asked: one season may be), its rules, one field with `days` days of
 * evening slots from next Monday (17:00, 18:30, 20:00, 80 minutes), and teams each with a coach (a profile without a
 * password: mail goes to coaches, nobody signs in as them). Team names carry `tag`, so they are unique in the database.
 */
export async function seedOpeningLeague(
  db: Database,
  opts: { tag: string; teams: string[]; rules?: Partial<BookingRules>; days?: number; times?: string[]; active?: boolean; extraCoaches?: number },
): Promise<OpeningLeague> {
  const today = Temporal.Now.plainDateISO('America/Chicago');
  const [season] = await db
    .insert(seasons)
    .values({ name: `Season ${opts.tag}`, startsOn: today.subtract({ days: 30 }).toString(), endsOn: today.add({ days: 120 }).toString(), active: opts.active ?? false })
    .returning({ id: seasons.id, name: seasons.name });
  await db.insert(bookingRules).values({ seasonId: season!.id, ...DEFAULT_BOOKING_RULES, ...opts.rules, windowOpensAt: null, windowClosesAt: null });
  const [facility] = await db.insert(facilities).values({ name: `Park ${opts.tag}` }).returning({ id: facilities.id });
  const [field] = await db.insert(fields).values({ facilityId: facility!.id, name: `Field ${opts.tag}` }).returning({ id: fields.id });
  const monday = nextMonday();
  const times = opts.times ?? ['17:00', '18:30', '20:00'];
  const slotIds: string[][] = [];
  for (let d = 0; d < (opts.days ?? 7); d++) {
    const day = monday.add({ days: d });
    const rows = await db
      .insert(slots)
      .values(times.map((hhmm) => ({ seasonId: season!.id, fieldId: field!.id, startsAt: at(day, hhmm), endsAt: new Date(at(day, hhmm).getTime() + 80 * 60_000) })))
      .returning({ id: slots.id, startsAt: slots.startsAt });
    slotIds.push(rows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()).map((r) => r.id));
  }
  const teamRows = opts.teams.length
    ? await db
        .insert(teams)
        .values(opts.teams.map((name) => ({ name: `${name} ${opts.tag}` })))
        .returning({ id: teams.id, name: teams.name })
    : [];
  const byName = new Map(teamRows.map((r) => [r.name, r.id]));
  const result: OpeningTeam[] = [];
  for (const name of opts.teams) {
    const full = `${name} ${opts.tag}`;
    const id = byName.get(full)!;
    const coachEmail = `${slug(name)}.${slug(opts.tag)}@example.org`;
    await insertCoach(db, id, coachEmail);
    for (let i = 0; i < (opts.extraCoaches ?? 0); i++) await insertCoach(db, id, `${slug(name)}.${slug(opts.tag)}.${i + 2}@example.org`);
    result.push({ id, name: full, coachEmail });
  }
  return { seasonId: season!.id, seasonName: season!.name, fieldId: field!.id, monday, slotIds, teams: result };
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** A coach of the team, straight in the tables (an account without a password). */
export async function insertCoach(db: Database, teamId: string, email: string): Promise<string> {
  const id = randomUUID();
  await db.insert(authUser).values({ id, name: email, email, emailVerified: true });
  await db.insert(users).values({ id, email, displayName: `Coach ${email}`, role: 'coach', teamId });
  return id;
}

/** A round's body covering `l`'s first `days` days; the window opens in an hour unless told. */
export function roundBody(l: OpeningLeague, over: Record<string, unknown> = {}, days = 7): Record<string, unknown> {
  const now = Date.now();
  return {
    seasonId: l.seasonId,
    coversFrom: l.monday.toString(),
    coversTo: l.monday.add({ days: days - 1 }).toString(),
    opensAt: new Date(now + HOUR).toISOString(),
    closesAt: new Date(now + 2 * HOUR).toISOString(),
    drawAt: new Date(now + 3 * HOUR).toISOString(),
    maxPreferences: 10,
    firstComeAfter: false,
    weighting: 'none',
    ...over,
  };
}

/**
 * Moves a round in time, straight in its row: `open` (the window opened an hour ago), `closed` (it closed an hour
 * ago, the draw is tomorrow: nothing draws it by itself), `due` (its draw time has just passed).
 */
export async function moveRound(db: Database, id: string, state: 'open' | 'closed' | 'due', now = Date.now()): Promise<void> {
  const times = {
    open: { opensAt: now - HOUR, closesAt: now + HOUR, drawAt: now + 2 * HOUR },
    closed: { opensAt: now - 2 * HOUR, closesAt: now - HOUR, drawAt: now + 24 * HOUR },
    due: { opensAt: now - 2 * HOUR, closesAt: now - HOUR, drawAt: now - 60_000 },
  }[state];
  await db
    .update(openingRounds)
    .set({ opensAt: new Date(times.opensAt), closesAt: new Date(times.closesAt), drawAt: new Date(times.drawAt) })
    .where(eq(openingRounds.id, id));
}

/**
 * A round written straight into the table with a fresh seed (the hash as the service makes it), and each team's
 * list (`lists[i]` for `l.teams[i]`): what a round looks like once coaches have ranked their slots.
 */
export async function insertRound(
  db: Database,
  l: OpeningLeague,
  lists: string[][],
  times: { opensAt: Date; closesAt: Date; drawAt: Date },
  over: Partial<typeof openingRounds.$inferInsert> = {},
): Promise<{ id: string; seed: string }> {
  const seed = randomBytes(32).toString('hex');
  const [round] = await db
    .insert(openingRounds)
    .values({
      seasonId: l.seasonId,
      coversFrom: l.monday.toString(),
      coversTo: l.monday.add({ days: l.slotIds.length - 1 }).toString(),
      ...times,
      maxPreferences: 10,
      firstComeAfter: true,
      weighting: 'none',
      seed,
      seedHash: await sha256Hex(seed),
      ...over,
    })
    .returning({ id: openingRounds.id });
  const rows = lists.flatMap((slotIds, i) => (slotIds.length ? [{ roundId: round!.id, teamId: l.teams[i]!.id, slotIds }] : []));
  if (rows.length) await db.insert(openingLists).values(rows);
  return { id: round!.id, seed };
}

/**
 * The draw as the test expects it, computed here from what the test wrote (not from what the server published):
 * every slot of the league free, no team with a booking, judged at the round's draw time.
 */
export async function expectedDraw(db: Database, l: OpeningLeague, roundId: string, timeZone: string): Promise<DrawResult> {
  const [round] = await db.select().from(openingRounds).where(eq(openingRounds.id, roundId));
  const [rules] = await db.select().from(bookingRules).where(eq(bookingRules.seasonId, l.seasonId));
  const slotRows = await db.select({ id: slots.id, startsAt: slots.startsAt, endsAt: slots.endsAt }).from(slots).where(eq(slots.seasonId, l.seasonId));
  const lists = await db.select().from(openingLists).where(eq(openingLists.roundId, roundId));
  return draw({
    roundId,
    seed: round!.seed,
    timeZone,
    now: round!.drawAt.toISOString(),
    rules: { maxPerWeek: rules!.maxPerWeek, maxPerDay: rules!.maxPerDay, maxUpcoming: rules!.maxUpcoming, minLeadHours: rules!.minLeadHours },
    weighting: round!.weighting,
    slots: slotRows.map((s) => ({ id: s.id, startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString(), label: s.id })),
    // The teams that ranked slots take part; the others are not in the draw (their place would change the order).
    teams: l.teams
      .map((team) => ({
        id: team.id,
        name: team.name,
        bookings: [],
        primeHours: 0,
        preferences: lists.find((list) => list.teamId === team.id)?.slotIds ?? [],
      }))
      .filter((team) => team.preferences.length > 0),
  });
}
