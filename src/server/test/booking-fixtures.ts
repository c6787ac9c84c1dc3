import { Temporal } from 'temporal-polyfill';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookingRules, divisions, facilities, fields, seasons, slots, teams } from '../db/schema';
import type { BookingRules } from '../../shared/bookings/booking-rules';
import { DEFAULT_BOOKING_RULES } from '../../shared/bookings/booking-rules';
import type { TestApp } from './test-app';

export const TZ = 'America/Chicago';

// Fixtures write straight into the tables (as the seed of a test, not through the API under test).

export async function insertFacility(db: Database, values: typeof facilities.$inferInsert): Promise<{ id: string }> {
  return (await db.insert(facilities).values(values).returning({ id: facilities.id }))[0]!;
}

export async function insertField(db: Database, values: typeof fields.$inferInsert): Promise<{ id: string }> {
  return (await db.insert(fields).values(values).returning({ id: fields.id }))[0]!;
}

/** A team, in the division of this name (added last in the league's order when missing; issue 29). */
export async function insertTeam(db: Database, values: typeof teams.$inferInsert & { division?: string | null }): Promise<{ id: string }> {
  const { division, ...row } = values;
  const divisionId = division ? await divisionIdOf(db, division) : (row.divisionId ?? null);
  return (await db.insert(teams).values({ ...row, divisionId }).returning({ id: teams.id }))[0]!;
}

/** The id of the division of this name, added last in the league's order when missing. */
export async function divisionIdOf(db: Database, name: string): Promise<string> {
  await db
    .insert(divisions)
    .values({ name, position: sql`(select coalesce(max(${divisions.position}), 0) + 1 from ${divisions})` })
    .onConflictDoNothing();
  return (await db.select({ id: divisions.id }).from(divisions).where(sql`lower(${divisions.name}) = lower(${name})`))[0]!.id;
}

/**
 * The first Monday at least two days away in the league zone, so every seeded slot is more than the default
 * 24 h cancellation cutoff and 12 h lead time away, and less than 21 days, whatever the day and hour the suite
 * runs (on a Sunday evening, tomorrow's 5 pm slot would already be inside the cutoff).
 */
export function nextMonday(now = new Date()): Temporal.PlainDate {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(TZ).toPlainDate();
  return today.add({ days: today.dayOfWeek === 7 ? 8 : 8 - today.dayOfWeek });
}

export function at(date: Temporal.PlainDate, hhmm: string): Date {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(date.toPlainDateTime({ hour: h!, minute: m! }).toZonedDateTime(TZ).epochMilliseconds);
}

export interface League {
  seasonId: string;
  fieldIds: string[];
  /** slotsByDay[d][k]: the k-th slot (17:00, 18:30, 20:00) of day d (0 = next Monday) on field 0. */
  slotIds: string[][];
  teamIds: string[];
}

/** A season around today, one facility with `fieldCount` fields, a week of evening slots on field 0, and teams. */
export async function seedLeague(t: TestApp, opts: { teams: number; rules?: Partial<BookingRules> } ): Promise<League> {
  const db = t.database.db;
  const today = Temporal.Now.plainDateISO(TZ);
  const [season] = await db
    .insert(seasons)
    .values({ name: `Season ${Date.now()}`, startsOn: today.subtract({ days: 30 }).toString(), endsOn: today.add({ days: 90 }).toString(), active: true })
    .returning();
  const seasonId = season!.id;
  await db.insert(bookingRules).values({ seasonId, ...DEFAULT_BOOKING_RULES, ...opts.rules, windowOpensAt: null, windowClosesAt: null });
  const facility = await insertFacility(db, { name: `Park ${Date.now()}` });
  const fieldIds = [(await insertField(db, { facilityId: facility.id, name: 'Field 1', surface: 'grass', lights: true, color: '#123456' })).id];
  const monday = nextMonday();
  const slotIds: string[][] = [];
  for (let d = 0; d < 7; d++) {
    const day = monday.add({ days: d });
    const rows = await db
      .insert(slots)
      .values(['17:00', '18:30', '20:00'].map((hhmm) => ({ seasonId, fieldId: fieldIds[0]!, startsAt: at(day, hhmm), endsAt: new Date(at(day, hhmm).getTime() + 80 * 60_000) })))
      .returning({ id: slots.id, startsAt: slots.startsAt });
    slotIds.push(rows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()).map((r) => r.id));
  }
  const teamRows = opts.teams
    ? await db
        .insert(teams)
        .values(Array.from({ length: opts.teams }, (_, i) => ({ name: `Team ${i + 1} ${Date.now()}` })))
        .returning({ id: teams.id })
    : [];
  return { seasonId, fieldIds, slotIds, teamIds: teamRows.map((r) => r.id) };
}
