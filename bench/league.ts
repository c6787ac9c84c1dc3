/**
 * The leagues the bench measures, written into a fresh database before the app server starts:
 * - the demo (src/server/demo: 5 teams, 8 fields, 112 slots a week), loaded by the demo's own seedDemo;
 * - a league 10x larger: 100 teams with 10 coaches each (1,000 coaches), 80 fields on 10 facilities, and the
 *   demo's weekly pattern over a full season (1,120 slots a week), using the same generator and repository.
 * Every coach (and an admin) gets a live session; see sessions.ts.
 */
import { and, asc, gte, isNull, lt } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Database, DatabaseHandle } from '../src/server/db/client';
import { bookingRules, slots } from '../src/server/db/schema';
import { seedDemo } from '../src/server/demo/demo-data';
import * as demoRepo from '../src/server/demo/demo.repository';
import { analyzeSlots } from '../src/server/modules/slots/slots.service';
import type { BookingRules } from '../src/shared/bookings/booking-rules';
import { generateSlots } from '../src/shared/slots/slot-generator';
import { insertPeopleWithSessions, sessionsFor, type NewPerson, type Person } from './sessions';

export type LeagueName = 'demo' | '10x';

/** A slot of the measured weeks, with its local day (0 = Monday). */
export interface WeekSlot {
  id: string;
  fieldId: string;
  startsAt: Date;
  day: number;
}

export interface League {
  name: LeagueName;
  timeZone: string;
  seasonId: string;
  fieldIds: string[];
  teamIds: string[];
  /** Coaches with a session; in the 10x league `coachesByTeam[t]` are team t's ten. */
  coaches: Person[];
  coachesByTeam: Person[][];
  admin: Person;
  /** The first Monday at least two days away, and the week after it (both inside the season). */
  week1: { from: string; to: string; slots: WeekSlot[] };
  week2: { from: string; to: string; slots: WeekSlot[] };
}

/** The rules the bookings phase runs under: limits at their maximum, so each booking is about the database. */
export const ROOMY_RULES: BookingRules = {
  bookingOpen: true,
  pausedMessage: null,
  windowOpensAt: null,
  windowClosesAt: null,
  maxPerWeek: 14,
  maxPerDay: 5,
  maxUpcoming: 50,
  minLeadHours: 1,
  maxAheadDays: 60,
  cancelCutoffHours: 24,
};

/** Same as the demo's: the active season started 30 days ago and runs 75 more days. */
export function seasonAround(timeZone: string) {
  const today = Temporal.Now.plainDateISO(timeZone);
  return { startsOn: today.subtract({ days: 30 }).toString(), endsOn: today.add({ days: 75 }).toString() };
}

/** As the API tests pick it: far enough that no rule about lead time or cancelling gets in the way. */
export function nextMonday(timeZone: string): Temporal.PlainDate {
  const today = Temporal.Now.plainDateISO(timeZone);
  return today.add({ days: today.dayOfWeek === 7 ? 8 : 8 - today.dayOfWeek });
}

async function weekSlots(db: Database, monday: Temporal.PlainDate, timeZone: string): Promise<{ from: string; to: string; slots: WeekSlot[] }> {
  const start = new Date(monday.toZonedDateTime({ timeZone }).epochMilliseconds);
  const end = new Date(monday.add({ days: 7 }).toZonedDateTime({ timeZone }).epochMilliseconds);
  const rows = await db
    .select({ id: slots.id, fieldId: slots.fieldId, startsAt: slots.startsAt })
    .from(slots)
    .where(and(isNull(slots.deletedAt), gte(slots.startsAt, start), lt(slots.startsAt, end)))
    .orderBy(asc(slots.startsAt), asc(slots.fieldId));
  return {
    from: monday.toString(),
    to: monday.add({ days: 6 }).toString(),
    slots: rows.map((r) => ({
      ...r,
      day: Temporal.Instant.fromEpochMilliseconds(r.startsAt.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().dayOfWeek - 1,
    })),
  };
}

async function weeks(db: Database, timeZone: string) {
  const monday = nextMonday(timeZone);
  return { week1: await weekSlots(db, monday, timeZone), week2: await weekSlots(db, monday.add({ days: 7 }), timeZone) };
}

const seedConfig = (timeZone: string) => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', LEAGUE_TIMEZONE: timeZone });

/** The demo league exactly as `npm run demo` loads it, plus sessions for its coaches and admin. */
export async function seedDemoLeague(database: DatabaseHandle, secret: string, timeZone: string): Promise<League> {
  await database.migrate();
  const { app, auth } = await buildApp({ config: seedConfig(timeZone), database, authSecret: secret });
  await app.ready();
  try {
    await seedDemo(database.db, auth, timeZone);
  } finally {
    await app.close();
  }
  const db = database.db;
  const coaches = await sessionsFor(db, ['coach@demo.cgsl.test', 'cardinals.coach@demo.cgsl.test', 'orioles.coach@demo.cgsl.test'], secret);
  const [admin] = await sessionsFor(db, ['admin@demo.cgsl.test'], secret);
  const season = (await db.query.seasons.findFirst({ where: (s, { eq }) => eq(s.active, true) }))!;
  const fieldIds = (await db.query.fields.findMany({ orderBy: (f, { asc: byAsc }) => [byAsc(f.name)] })).map((f) => f.id);
  const teamIds = (await db.query.teams.findMany()).map((t) => t.id);
  return {
    name: 'demo',
    timeZone,
    seasonId: season.id,
    fieldIds,
    teamIds,
    coaches,
    coachesByTeam: coaches.map((c) => [c]),
    admin: admin!,
    ...(await weeks(db, timeZone)),
  };
}

export const TEAMS_10X = 100;
export const COACHES_PER_TEAM = 10;
const FACILITIES_10X = 10;
const FIELDS_PER_FACILITY = 8;

/** 100 teams, 1,000 coaches, 80 fields, a season of the demo's weekly slots (1,120 a week). */
export async function seed10xLeague(database: DatabaseHandle, secret: string, timeZone: string): Promise<League> {
  await database.migrate();
  const db = database.db;
  const divisions = ['8U', '10U', '12U', '14U'];
  const teamMap = await demoRepo.insertTeamsIfMissing(
    db,
    Array.from({ length: TEAMS_10X }, (_, i) => ({ name: `Team ${String(i + 1).padStart(3, '0')}`, division: divisions[i % divisions.length]! })),
  );
  const teamIds = [...teamMap.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, id]) => id);
  const dates = seasonAround(timeZone);
  await demoRepo.insertSeasons(db, [{ name: 'Bench season (10x)', ...dates, active: true }]);
  const season = (await db.query.seasons.findFirst({ where: (s, { eq }) => eq(s.active, true) }))!;
  await db.insert(bookingRules).values({ seasonId: season.id, ...ROOMY_RULES, windowOpensAt: null, windowClosesAt: null });

  const fieldIds: string[] = [];
  for (let f = 0; f < FACILITIES_10X; f++) {
    const ids = await demoRepo.insertFacilityWithFields(
      db,
      { name: `Complex ${f + 1}`, address: `${100 + f} Park Rd` },
      Array.from({ length: FIELDS_PER_FACILITY }, (_, i) => ({ name: `Field ${i + 1}`, surface: i % 3 === 0 ? 'turf' : 'grass', lights: i % 2 === 0, color: '#1d4ed8' }) as const),
    );
    fieldIds.push(...ids);
    // The demo's pattern: weekday evenings (two 90-minute slots) and four two-hour Saturday slots.
    const base = { fieldIds: ids, startDate: dates.startsOn, endDate: dates.endsOn, skipDates: [], timeZone };
    const weekday = generateSlots({ ...base, daysOfWeek: [1, 2, 3, 4, 5], firstStart: '17:00', lastEnd: '20:30', lengthMinutes: 90, gapMinutes: 15 }, dates);
    const saturday = generateSlots({ ...base, daysOfWeek: [6], firstStart: '09:00', lastEnd: '17:00', lengthMinutes: 120, gapMinutes: 0 }, dates);
    await demoRepo.insertSlots(db, [...weekday.slots, ...saturday.slots].map((s) => ({ seasonId: season.id, fieldId: s.fieldId, startsAt: s.startsAt, endsAt: s.endsAt })));
  }
  await analyzeSlots(db);

  const people: NewPerson[] = [];
  teamIds.forEach((teamId, t) => {
    for (let k = 0; k < COACHES_PER_TEAM; k++) {
      people.push({ name: `Coach ${k + 1} of team ${t + 1}`, email: `coach-${t + 1}-${k + 1}@bench.cgsl.test`, role: 'coach', teamId });
    }
  });
  people.push({ name: 'Bench Admin', email: 'admin@bench.cgsl.test', role: 'admin', teamId: null });
  const signedIn = await insertPeopleWithSessions(db, people, secret);
  const coaches = signedIn.filter((p) => p.role === 'coach');
  return {
    name: '10x',
    timeZone,
    seasonId: season.id,
    fieldIds,
    teamIds,
    coaches,
    coachesByTeam: teamIds.map((_, t) => coaches.slice(t * COACHES_PER_TEAM, (t + 1) * COACHES_PER_TEAM)),
    admin: signedIn.find((p) => p.role === 'admin')!,
    ...(await weeks(db, timeZone)),
  };
}
