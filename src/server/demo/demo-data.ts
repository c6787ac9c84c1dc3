import { Temporal } from 'temporal-polyfill';
import type { Database } from '../db/client';
import { generateSlots } from '../../shared/slots/slot-generator';
import type { Auth } from '../modules/auth/auth';
import { findActiveSeason } from '../modules/seasons/seasons.service';
import { analyzeSlots } from '../modules/slots/slots.service';
import type { Role } from '../../shared/constants';
import * as repo from './demo.repository';

export interface DemoSignIn {
  role: Role;
  email: string;
  password: string;
  team: string | null;
}

/** Shared by every demo account; the demo is for looking around, never for real data. */
export const DEMO_PASSWORD = 'practice-demo';

export const DEMO_TEAMS = [
  { name: 'Hummingbirds', division: '8U' },
  { name: 'Blue Jays', division: '10U' },
  { name: 'Cardinals', division: '10U' },
  { name: 'Orioles', division: '12U' },
  { name: 'Robins', division: '12U' },
];

const DEMO_PEOPLE: Array<{ name: string; email: string; role: Role; team: string | null }> = [
  { name: 'Alex Admin', email: 'admin@demo.cgsl.test', role: 'admin', team: null },
  { name: 'Casey Coach', email: 'coach@demo.cgsl.test', role: 'coach', team: 'Blue Jays' },
  { name: 'Robin Reyes', email: 'cardinals.coach@demo.cgsl.test', role: 'coach', team: 'Cardinals' },
  { name: 'Oli Ortiz', email: 'orioles.coach@demo.cgsl.test', role: 'coach', team: 'Orioles' },
  { name: 'Morgan Member', email: 'member@demo.cgsl.test', role: 'member', team: null },
];

/**
 * Seasons around the day the demo is loaded, so it always has bookable slots: the active one started 30 days
 * ago and runs 75 more days; the next one starts two months after it ends.
 */
function demoSeasons(timeZone: string) {
  const today = Temporal.Now.plainDateISO(timeZone);
  const label = (d: Temporal.PlainDate) => `${d.month >= 7 ? 'Fall' : 'Spring'} ${d.year}`;
  const start = today.subtract({ days: 30 });
  const end = today.add({ days: 75 });
  const nextStart = end.add({ days: 60 });
  const current = label(start);
  const next = label(nextStart) === current ? `${current} (late)` : label(nextStart);
  return [
    { name: current, startsOn: start.toString(), endsOn: end.toString(), active: true },
    { name: next, startsOn: nextStart.toString(), endsOn: nextStart.add({ days: 120 }).toString(), active: false },
  ];
}

const DEMO_FACILITIES = [
  {
    name: 'Riverside Park',
    address: '100 River Rd',
    fields: [
      { name: 'Field 1', surface: 'grass', lights: true, color: '#1d4ed8' },
      { name: 'Field 2', surface: 'grass', lights: true, color: '#0f766e' },
      { name: 'Field 3', surface: 'dirt', lights: false, color: '#b45309' },
    ],
  },
  {
    name: 'Lincoln School',
    address: '2 School St',
    fields: [
      { name: 'North Diamond', surface: 'dirt', lights: false, color: '#7c3aed' },
      { name: 'South Diamond', surface: 'dirt', lights: false, color: '#be123c' },
    ],
  },
  {
    name: 'Memorial Complex',
    address: '35 Memorial Dr',
    fields: [
      { name: 'Turf A', surface: 'turf', lights: true, color: '#15803d' },
      { name: 'Turf B', surface: 'turf', lights: true, color: '#0369a1' },
      { name: 'Practice Field', surface: 'grass', lights: false, color: '#4d7c0f' },
    ],
  },
] as const;

/** 3 facilities, 8 fields, and the active season's slots: weekday evenings and Saturday mornings. */
async function seedFacilitiesAndSlots(db: Database, timeZone: string): Promise<void> {
  if (await repo.hasAny(db, 'facilities')) return;
  const fieldIds: string[] = [];
  for (const f of DEMO_FACILITIES) fieldIds.push(...(await repo.insertFacilityWithFields(db, { name: f.name, address: f.address }, f.fields)));
  const season = await findActiveSeason(db);
  if (!season) return;
  const base = { fieldIds, startDate: season.startsOn, endDate: season.endsOn, skipDates: [], timeZone };
  const weekday = generateSlots({ ...base, daysOfWeek: [1, 2, 3, 4, 5], firstStart: '17:00', lastEnd: '20:30', lengthMinutes: 90, gapMinutes: 15 }, season);
  const saturday = generateSlots({ ...base, daysOfWeek: [6], firstStart: '09:00', lastEnd: '17:00', lengthMinutes: 120, gapMinutes: 0 }, season);
  await repo.insertSlots(db, [...weekday.slots, ...saturday.slots].map((s) => ({ seasonId: season.id, fieldId: s.fieldId, startsAt: s.startsAt, endsAt: s.endsAt })));
}

/** Loads the sample league once (idempotent: a second run changes nothing) and returns the sign-ins. */
export async function seedDemo(db: Database, auth: Auth, timeZone: string): Promise<DemoSignIn[]> {
  const teamIds = await repo.insertTeamsIfMissing(db, DEMO_TEAMS);
  if (!(await repo.hasAny(db, 'seasons'))) await repo.insertSeasons(db, demoSeasons(timeZone));
  await seedFacilitiesAndSlots(db, timeZone);

  for (const person of DEMO_PEOPLE) {
    let id = (await repo.findUserByEmail(db, person.email))?.id;
    if (!id) {
      const result = await auth.api.signUpEmail({ body: { name: person.name, email: person.email, password: DEMO_PASSWORD } });
      id = result.user.id;
    }
    await repo.setRoleAndTeam(db, id, person.role, person.team ? (teamIds.get(person.team) ?? null) : null);
  }
  await seedDemoBookings(db);
  await analyzeSlots(db);
  return DEMO_PEOPLE.map((p) => ({ role: p.role, email: p.email, password: DEMO_PASSWORD, team: p.team }));
}

/**
 * A few upcoming bookings for several teams, so the calendar and Book a Field look alive; the Blue Jays'
 * coach is one practice away from the weekly limit (1 of 2) in the first bookable week.
 */
async function seedDemoBookings(db: Database): Promise<void> {
  if (await repo.hasAny(db, 'bookings')) return;
  const open = await repo.liveSlotsStartingBetween(db, new Date(Date.now() + 13 * 3_600_000), new Date(Date.now() + 14 * 86_400_000), 40);
  const plan: Array<[string, number]> = [
    ['coach@demo.cgsl.test', 0],
    ['cardinals.coach@demo.cgsl.test', 1],
    ['orioles.coach@demo.cgsl.test', 2],
    ['cardinals.coach@demo.cgsl.test', 12],
    ['orioles.coach@demo.cgsl.test', 20],
  ];
  for (const [email, index] of plan) {
    const coach = await repo.findUserByEmail(db, email);
    const slot = open[index];
    if (coach?.teamId && slot) await repo.insertBooking(db, { slotId: slot.id, teamId: coach.teamId, bookedBy: coach.id });
  }
}
