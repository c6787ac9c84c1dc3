import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { auditLog, bookingRules, bookings, practiceRequests, seasons, slots, teams } from '../../db/schema';
import { insertFacility, insertField } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import type { Report } from '../../../shared/reports/reports.schemas';

/*
 * Every figure of /api/admin/reports against a direct SQL count written here, independently of the report's own
 * queries (correlated subqueries, local midnights turned into instants by PostgreSQL, `dow` instead of `isodow`,
 * the bump's cancel reason instead of the audit log), over generated data: two seasons (a 48 h cutoff and the
 * default 24 h), three fields in two facilities, slots every day of March 2027 (the US DST change is Sunday
 * 14 March) and just outside it, deleted slots, confirmed and cancelled bookings (late and in time), bumps made
 * through the override API, blocks made through the blocks API (cancelling bookings), and practice requests.
 */

const TZ = 'America/Chicago';
let t: TestApp;
let admin: TestUser;
let seasonA: string;
let seasonB: string;
let parkA: string;
let parkB: string;
const fieldIds: string[] = [];
const teamIds: string[] = [];
let inactiveTeam: string;

/** A small seeded generator, so the data is the same on every run and on both databases. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** A local wall time in the league zone as an instant, computed by the database (not by the code under test). */
async function local(date: string, hhmm: string): Promise<Date> {
  const r = rowsOf<{ at: string }>(
    await t.database.db.execute(
      sql`select to_char((${`${date} ${hhmm}`}::timestamp at time zone ${TZ}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at`,
    ),
  );
  return new Date(r[0]!.at);
}

const asAdmin = (url: string) => t.app.inject({ url, headers: { cookie: admin.cookie } });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });

const days = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1)) out.push(d.toISOString().slice(0, 10));
  return out;
};

const TIMES: Array<[string, number]> = [
  ['08:00', 90],
  ['10:30', 60],
  ['17:00', 90],
  ['18:30', 80],
  ['20:00', 75],
  ['23:00', 45],
];

beforeAll(async () => {
  t = await buildTestApp();
  expect(await t.context.league.timeZone()).toBe(TZ);
  admin = await t.signUp({ email: 'reports-admin@example.org', role: 'admin' });
  const db = t.database.db;
  const rand = prng(20270314);

  seasonA = (await db.insert(seasons).values({ name: 'Spring 2027', startsOn: '2027-03-01', endsOn: '2027-03-28', active: true }).returning())[0]!.id;
  seasonB = (await db.insert(seasons).values({ name: 'Spring 2027 clinics', startsOn: '2027-03-01', endsOn: '2027-03-28' }).returning())[0]!.id;
  // Season A cancels up to 48 h before; season B has no rules row, so the default 24 h applies.
  await db.insert(bookingRules).values({ seasonId: seasonA, cancelCutoffHours: 48 });

  parkA = (await insertFacility(db, { name: 'Report Park A' })).id;
  parkB = (await insertFacility(db, { name: 'Report Park B' })).id;
  fieldIds.push((await insertField(db, { facilityId: parkA, name: 'A1' })).id);
  fieldIds.push((await insertField(db, { facilityId: parkA, name: 'A2' })).id);
  fieldIds.push((await insertField(db, { facilityId: parkB, name: 'B1' })).id);
  for (const name of ['Bluebirds', 'Cardinals', 'Orioles', '=HYPERLINK("http://evil.example")', 'Wrens']) {
    teamIds.push((await db.insert(teams).values({ name }).returning())[0]!.id);
  }
  inactiveTeam = (await db.insert(teams).values({ name: 'Retired Robins', active: false }).returning())[0]!.id;

  // Slots every day from the day before the season to the day after it (those must not count for the season).
  const slotRows: Array<typeof slots.$inferInsert> = [];
  for (const day of days('2027-02-28', '2027-03-29')) {
    for (const fieldId of fieldIds) {
      for (const [hhmm, length] of TIMES) {
        const startsAt = await local(day, hhmm);
        slotRows.push({
          seasonId: seasonA,
          fieldId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + length * 60_000),
          deletedAt: rand() < 0.05 ? new Date('2027-01-15T12:00:00Z') : null,
        });
      }
    }
    // Season B's slots: the same days, on B1 at 13:00 (a season filter leaves them out, a date range takes them).
    const startsAt = await local(day, '13:00');
    slotRows.push({ seasonId: seasonB, fieldId: fieldIds[2]!, startsAt, endsAt: new Date(startsAt.getTime() + 60 * 60_000) });
  }
  const inserted = await db.insert(slots).values(slotRows).returning({ id: slots.id, startsAt: slots.startsAt, deletedAt: slots.deletedAt });

  // Bookings: cancelled ones (some inside the cutoff, some not), then a confirmed one on most live slots.
  const bookingRows: Array<typeof bookings.$inferInsert> = [];
  const pick = () => (rand() < 0.1 ? inactiveTeam : teamIds[Math.floor(rand() * teamIds.length)]!);
  for (const s of inserted) {
    if (rand() < 0.3) {
      const hoursBefore = 1 + Math.floor(rand() * 100);
      bookingRows.push({
        slotId: s.id,
        teamId: pick(),
        status: 'cancelled',
        cancelledAt: new Date(s.startsAt.getTime() - hoursBefore * 3_600_000),
        cancelReason: 'Cancelled by the coach',
      });
    }
    if (!s.deletedAt && rand() < 0.6) bookingRows.push({ slotId: s.id, teamId: pick(), status: 'confirmed' });
  }
  const insertedBookings = await db.insert(bookings).values(bookingRows).returning({ id: bookings.id, status: bookings.status });
  // Approved requests name the practice they booked: some stand, some were cancelled since.
  const cancelledBookings = insertedBookings.filter((b) => b.status === 'cancelled').map((b) => b.id);
  const confirmedBookings = insertedBookings.filter((b) => b.status === 'confirmed').map((b) => b.id);

  // Practice requests: first dates inside and outside March, each status, with and without a facility.
  const statuses = ['pending', 'approved', 'declined', 'withdrawn'] as const;
  const requestRows: Array<typeof practiceRequests.$inferInsert> = [];
  for (let i = 0; i < 40; i++) {
    const first = days('2027-02-20', '2027-04-05')[Math.floor(rand() * 45)]!;
    const where = rand();
    requestRows.push({
      teamId: teamIds[i % teamIds.length]!,
      preferredDates: [first, '2027-03-15'],
      windowStart: '17:00',
      windowEnd: '20:00',
      durationMinutes: 90,
      status: statuses[i % 4],
      bookingId: statuses[i % 4] === 'approved' ? (i % 8 === 1 ? cancelledBookings[i] : confirmedBookings[i]) : null,
      facilityId: where < 0.3 ? parkA : where < 0.5 ? parkB : null,
      fieldId: where >= 0.5 && where < 0.7 ? fieldIds[1] : null,
    });
  }
  await db.insert(practiceRequests).values(requestRows);
  t.wroteBehindTheApp();

  // Bumps, through the admin override: three of A1's booked evening slots given to another team.
  const bumpable = rowsOf<{ slotId: string; teamId: string }>(
    await db.execute(sql`
      select s.id as "slotId", b.team_id as "teamId" from slots s join bookings b on b.slot_id = s.id and b.status = 'confirmed'
      where s.field_id = ${fieldIds[0]!}::uuid and s.deleted_at is null and s.season_id = ${seasonA}::uuid
        and s.starts_at between '2027-03-02' and '2027-03-25' order by s.starts_at limit 3`),
  );
  expect(bumpable).toHaveLength(3);
  for (const b of bumpable) {
    const to = teamIds.find((id) => id !== b.teamId)!;
    const res = await post('/api/admin/bookings/override', { slotId: b.slotId, teamId: to, reason: 'Make-up game practice', bump: true });
    expect(res.statusCode, res.body).toBe(201);
  }

  // Blocks, through the blocks API: A2 for a day (its bookings are cancelled), and all of Park B on the DST Sunday.
  const fieldBlock = await post('/api/blocks', {
    scope: 'field',
    fieldId: fieldIds[1],
    startsAt: '2027-03-10T00:00:00-06:00',
    endsAt: '2027-03-11T00:00:00-06:00',
    category: 'maintenance',
    reason: 'Re-sodding',
    onBookings: 'cancel',
  });
  expect(fieldBlock.statusCode, fieldBlock.body).toBe(201);
  const dstBlock = await post('/api/blocks', {
    scope: 'facility',
    facilityId: parkB,
    startsAt: '2027-03-14T00:00:00-06:00',
    endsAt: '2027-03-15T00:00:00-05:00',
    category: 'event',
    reason: 'Tournament',
    onBookings: 'cancel',
  });
  expect(dstBlock.statusCode, dstBlock.body).toBe(201);
  expect(dstBlock.json().slotsBlocked).toBeGreaterThan(0);
}, 180_000);
afterAll(() => t?.close());

type Scope = { from: string; to: string; seasonId?: string; facilityId?: string };

/** `s` (a slot, joined with `f`, its field) starting in the scope, with the bounds turned into instants by PostgreSQL. */
const inScope = (q: Scope) => sql`s.starts_at >= (${q.from}::timestamp at time zone ${TZ}) and s.starts_at < ((${q.to}::date + 1)::timestamp at time zone ${TZ})
  ${q.seasonId ? sql`and s.season_id = ${q.seasonId}::uuid` : sql``} ${q.facilityId ? sql`and f.facility_id = ${q.facilityId}::uuid` : sql``}`;

const slotMinutes = sql`(extract(epoch from s.ends_at - s.starts_at) / 60)`;

async function sqlTeams(q: Scope) {
  const result = await t.database.db.execute(sql`
    select tm.id as "teamId",
      (select count(*) from bookings b join slots s on s.id = b.slot_id join fields f on f.id = s.field_id
        where b.team_id = tm.id and b.status = 'confirmed' and ${inScope(q)})::int as "bookings",
      (select coalesce(sum(${slotMinutes}), 0) from bookings b join slots s on s.id = b.slot_id join fields f on f.id = s.field_id
        where b.team_id = tm.id and b.status = 'confirmed' and ${inScope(q)})::float8 as "minutes",
      (select count(*) from bookings b join slots s on s.id = b.slot_id join fields f on f.id = s.field_id
        where b.team_id = tm.id and b.status = 'cancelled' and ${inScope(q)})::int as "cancellations",
      (select count(*) from bookings b join slots s on s.id = b.slot_id join fields f on f.id = s.field_id
        where b.team_id = tm.id and b.status = 'cancelled' and ${inScope(q)}
          and b.cancelled_at > s.starts_at - (coalesce((select r.cancel_cutoff_hours from booking_rules r where r.season_id = s.season_id), 24) || ' hours')::interval)::int as "late",
      (select count(*) from bookings b join slots s on s.id = b.slot_id join fields f on f.id = s.field_id
        where b.team_id = tm.id and b.status = 'cancelled' and b.cancel_reason like 'Bumped by a league admin:%' and ${inScope(q)})::int as "bumped",
      (select coalesce(sum(${slotMinutes}), 0) from bookings b join slots s on s.id = b.slot_id join fields f on f.id = s.field_id
        where b.team_id = tm.id and b.status = 'confirmed' and ${inScope(q)}
          and ((extract(dow from s.starts_at at time zone ${TZ}) between 1 and 5 and extract(hour from s.starts_at at time zone ${TZ}) >= 17)
            or (extract(dow from s.starts_at at time zone ${TZ}) = 6 and extract(hour from s.starts_at at time zone ${TZ}) < 12)))::float8 as "prime",
      (select count(*) from practice_requests pr where pr.team_id = tm.id and pr.preferred_dates[1] >= ${q.from}::date and pr.preferred_dates[1] <= ${q.to}::date
        ${q.facilityId ? sql`and (pr.facility_id = ${q.facilityId}::uuid or exists (select 1 from fields x where x.id = pr.field_id and x.facility_id = ${q.facilityId}::uuid))` : sql``})::int as "filed",
      (select count(*) from practice_requests pr where pr.team_id = tm.id and pr.status = 'approved' and pr.preferred_dates[1] >= ${q.from}::date and pr.preferred_dates[1] <= ${q.to}::date
        ${q.facilityId ? sql`and (pr.facility_id = ${q.facilityId}::uuid or exists (select 1 from fields x where x.id = pr.field_id and x.facility_id = ${q.facilityId}::uuid))` : sql``})::int as "approved",
      (select count(*) from practice_requests pr where pr.team_id = tm.id and pr.status = 'approved' and pr.preferred_dates[1] >= ${q.from}::date and pr.preferred_dates[1] <= ${q.to}::date
        and exists (select 1 from bookings xb where xb.id = pr.booking_id and xb.cancelled_at is not null)
        ${q.facilityId ? sql`and (pr.facility_id = ${q.facilityId}::uuid or exists (select 1 from fields x where x.id = pr.field_id and x.facility_id = ${q.facilityId}::uuid))` : sql``})::int as "approvedCancelled",
      (select count(*) from practice_requests pr where pr.team_id = tm.id and pr.status = 'declined' and pr.preferred_dates[1] >= ${q.from}::date and pr.preferred_dates[1] <= ${q.to}::date
        ${q.facilityId ? sql`and (pr.facility_id = ${q.facilityId}::uuid or exists (select 1 from fields x where x.id = pr.field_id and x.facility_id = ${q.facilityId}::uuid))` : sql``})::int as "declined"
    from teams tm`);
  return new Map(
    rowsOf<{
      teamId: string;
      bookings: number;
      minutes: number;
      cancellations: number;
      late: number;
      bumped: number;
      prime: number;
      filed: number;
      approved: number;
      approvedCancelled: number;
      declined: number;
    }>(result).map((r) => [r.teamId, r]),
  );
}

async function sqlPlaces(q: Scope, groupBy: 'field' | 'facility') {
  const key = groupBy === 'field' ? sql`f.id` : sql`f.facility_id`;
  const result = await t.database.db.execute(sql`
    select ${key} as "id",
      coalesce(sum(${slotMinutes}) filter (where s.deleted_at is null), 0)::float8 as "offered",
      coalesce(sum(${slotMinutes}) filter (where s.deleted_at is null and exists (select 1 from bookings b where b.slot_id = s.id and b.status = 'confirmed')), 0)::float8 as "booked",
      coalesce(sum(${slotMinutes}) filter (where s.deleted_at is null and s.status = 'blocked'), 0)::float8 as "blocked"
    from slots s join fields f on f.id = s.field_id
    where ${inScope(q)}
    group by ${key}`);
  return new Map(rowsOf<{ id: string; offered: number; booked: number; blocked: number }>(result).map((r) => [r.id, r]));
}

async function sqlWeek(q: Scope, monday: string) {
  const result = await t.database.db.execute(sql`
    select count(b.id)::int as "bookings",
      coalesce(sum(${slotMinutes}), 0)::float8 as "offered",
      coalesce(sum(${slotMinutes}) filter (where b.id is not null), 0)::float8 as "booked"
    from slots s join fields f on f.id = s.field_id left join bookings b on b.slot_id = s.id and b.status = 'confirmed'
    where s.deleted_at is null and ${inScope(q)}
      and s.starts_at >= (${monday}::timestamp at time zone ${TZ}) and s.starts_at < ((${monday}::date + 7)::timestamp at time zone ${TZ})`);
  return rowsOf<{ bookings: number; offered: number; booked: number }>(result)[0]!;
}

const percent = (booked: number, offered: number) => (offered > 0 ? Math.round((booked / offered) * 1000) / 10 : null);

async function expectReportMatchesSql(query: string, q: Scope) {
  const res = await asAdmin(`/api/admin/reports?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const report = res.json<Report>();
  expect(report.range).toMatchObject({ from: q.from, to: q.to, timeZone: TZ });

  // Per team.
  const teamSql = await sqlTeams(q);
  expect(report.teams.map((r) => r.teamId).sort()).toEqual(
    [...teamSql.keys()].filter((id) => id !== inactiveTeam || teamSql.get(id)!.bookings + teamSql.get(id)!.cancellations + teamSql.get(id)!.filed > 0).sort(),
  );
  for (const row of report.teams) {
    const s = teamSql.get(row.teamId)!;
    expect(row, row.teamName).toMatchObject({
      bookings: s.bookings,
      bookedMinutes: s.minutes,
      cancellations: s.cancellations,
      lateCancellations: s.late,
      bumped: s.bumped,
      requestsFiled: s.filed,
      requestsApproved: s.approved,
      requestsApprovedCancelled: s.approvedCancelled,
      requestsDeclined: s.declined,
    });
  }

  // Per field and per facility.
  for (const [rows, groupBy] of [
    [report.fields.map((f) => ({ ...f, id: f.fieldId })), 'field'],
    [report.facilities.map((f) => ({ ...f, id: f.facilityId })), 'facility'],
  ] as const) {
    const places = await sqlPlaces(q, groupBy);
    expect(rows.map((r) => r.id).sort()).toEqual([...places.keys()].sort());
    for (const row of rows) {
      const s = places.get(row.id)!;
      expect(row).toMatchObject({ offeredMinutes: s.offered, bookedMinutes: s.booked, blockedMinutes: s.blocked, utilization: percent(s.booked, s.offered) });
    }
  }

  // Per week, Monday to Sunday in the league zone.
  for (const week of report.weeks) {
    const s = await sqlWeek(q, week.weekStart);
    expect(week, week.weekStart).toMatchObject({
      bookings: s.bookings,
      offeredMinutes: s.offered,
      bookedMinutes: s.booked,
      utilization: percent(s.booked, s.offered),
    });
  }

  // Fairness.
  const active = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from teams where active`))[0]!.n;
  const totalBooked = [...teamSql.values()].reduce((n, r) => n + r.minutes, 0);
  const totalPrime = [...teamSql.values()].reduce((n, r) => n + r.prime, 0);
  expect(report.fairness).toMatchObject({ activeTeams: active, bookedMinutes: totalBooked, primeMinutes: totalPrime });
  expect(report.fairness.equalShare).toBeCloseTo(1 / active, 10);
  for (const row of report.fairness.teams) {
    const s = teamSql.get(row.teamId)!;
    expect(row).toMatchObject({ bookedMinutes: s.minutes, primeMinutes: s.prime });
    if (totalBooked > 0) expect(row.share).toBeCloseTo(s.minutes / totalBooked, 10);
    else expect(row.share).toBeNull();
    if (totalPrime > 0) expect(row.primeShare).toBeCloseTo(s.prime / totalPrime, 10);
    else expect(row.primeShare).toBeNull();
  }
  return report;
}

describe('/api/admin/reports: every figure equals a direct SQL count', () => {
  it('for a season: teams, fields, facilities, weeks (the DST week included) and fairness', async () => {
    const report = await expectReportMatchesSql(`seasonId=${seasonA}`, { from: '2027-03-01', to: '2027-03-28', seasonId: seasonA });

    // The generated data holds each case the report counts, so the equalities above are not about zeros.
    const sum = (k: 'cancellations' | 'lateCancellations' | 'bumped' | 'bookings') => report.teams.reduce((n, r) => n + r[k], 0);
    expect(sum('bumped')).toBe(3);
    // Approved requests whose practice was cancelled since: some, and fewer than all approved.
    const approvedCancelled = report.teams.reduce((n, r) => n + r.requestsApprovedCancelled, 0);
    expect(approvedCancelled).toBeGreaterThan(0);
    expect(approvedCancelled).toBeLessThan(report.teams.reduce((n, r) => n + r.requestsApproved, 0));
    expect(sum('lateCancellations')).toBeGreaterThan(10);
    expect(sum('cancellations') - sum('lateCancellations')).toBeGreaterThan(10);
    // A2's live slots on 10 March (90+60+90+80+75+45 minutes, less any deleted one) are all it has blocked.
    expect(report.fields.find((f) => f.fieldId === fieldIds[1])!.blockedMinutes).toBeGreaterThan(0);
    expect(report.fields.find((f) => f.fieldId === fieldIds[1])!.blockedMinutes).toBeLessThanOrEqual(440);
    expect(report.teams.some((r) => r.teamId === inactiveTeam)).toBe(true);
    expect(report.fairness.activeTeams).toBe(5);
    // Four weeks, Monday 1 March to Sunday 28 March; the DST week (8 to 14 March) is one week, and counts every slot.
    expect(report.weeks.map((w) => [w.weekStart, w.weekEnd])).toEqual([
      ['2027-03-01', '2027-03-07'],
      ['2027-03-08', '2027-03-14'],
      ['2027-03-15', '2027-03-21'],
      ['2027-03-22', '2027-03-28'],
    ]);
    expect(report.weeks.reduce((n, w) => n + w.bookings, 0)).toBe(sum('bookings'));
    expect(report.weeks.reduce((n, w) => n + w.offeredMinutes, 0)).toBe(report.facilities.reduce((n, f) => n + f.offeredMinutes, 0));
    expect(report.facilities.find((f) => f.facilityId === parkB)!.blockedMinutes).toBeGreaterThan(0);
  });

  it('for league days and one facility: season B slots count, other facilities do not, requests follow the facility', async () => {
    const report = await expectReportMatchesSql(`from=2027-03-08&to=2027-03-21&facilityId=${parkB}`, {
      from: '2027-03-08',
      to: '2027-03-21',
      facilityId: parkB,
    });
    expect(report.fields.map((f) => f.fieldId)).toEqual([fieldIds[2]]);
    expect(report.range).toMatchObject({ seasonId: null, facilityName: 'Report Park B' });
    // The DST Sunday alone (23 hours long): no prime time on a Sunday, so no prime share.
    const sunday = await expectReportMatchesSql(`from=2027-03-14&to=2027-03-14`, { from: '2027-03-14', to: '2027-03-14' });
    expect(sunday.fairness.primeMinutes).toBe(0);
    expect(sunday.weeks.map((w) => w.weekStart)).toEqual(['2027-03-08']);
  });

  it('exports each table as CSV with the same figures, spreadsheet-safe', async () => {
    const report = (await asAdmin(`/api/admin/reports?seasonId=${seasonA}`)).json<Report>();
    const res = await asAdmin(`/api/admin/reports/csv?table=teams&seasonId=${seasonA}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="report-teams-2027-03-01-to-2027-03-28.csv"');
    const rows = parse<Record<string, string>>(res.body, { columns: true });
    expect(rows).toHaveLength(report.teams.length);
    const evil = rows.find((r) => r.team!.includes('HYPERLINK'))!;
    expect(evil.team).toBe(`'=HYPERLINK("http://evil.example")`);
    const orioles = report.teams.find((r) => r.teamName === 'Orioles')!;
    expect(rows.find((r) => r.team === 'Orioles')).toEqual({
      team: 'Orioles',
      active: 'yes',
      bookings: String(orioles.bookings),
      hours: String(Math.round((orioles.bookedMinutes / 60) * 100) / 100),
      cancellations: String(orioles.cancellations),
      late_cancellations: String(orioles.lateCancellations),
      bumped: String(orioles.bumped),
      requests_filed: String(orioles.requestsFiled),
      requests_approved: String(orioles.requestsApproved),
      requests_approved_later_cancelled: String(orioles.requestsApprovedCancelled),
      requests_declined: String(orioles.requestsDeclined),
      // No rain-outs in this data (reports-rain-outs.api.test.ts counts them).
      rained_out: '0',
      rained_out_restored: '0',
      makeup_credits_granted: '0',
      makeup_credits_used: '0',
      makeup_credits_expired_unused: '0',
      makeup_credits_removed: '0',
      // No waits either (reports-waitlist.api.test.ts counts them).
      waitlist_taken: '0',
      waitlist_passed: '0',
      waitlist_hold_expired: '0',
      waitlist_refused: '0',
    });
    const rainOuts = parse<Record<string, string>>((await asAdmin(`/api/admin/reports/csv?table=rain-outs&seasonId=${seasonA}`)).body, { columns: true });
    expect(rainOuts).toEqual([
      { rain_outs: '0', practices_cancelled: '0', practices_restored: '0', makeup_credits_granted: '0', makeup_credits_used: '0', makeup_credits_expired_unused: '0', makeup_credits_removed: '0' },
    ]);
    const waitlist = parse<Record<string, string>>((await asAdmin(`/api/admin/reports/csv?table=waitlist&seasonId=${seasonA}`)).body, { columns: true });
    expect(waitlist).toEqual([{ waitlist_taken: '0', waitlist_passed: '0', waitlist_hold_expired: '0', waitlist_refused: '0' }]);
    for (const table of ['fields', 'facilities', 'weeks', 'fairness']) {
      const csv = await asAdmin(`/api/admin/reports/csv?table=${table}&seasonId=${seasonA}`);
      expect(csv.statusCode, table).toBe(200);
      const lines = parse<Record<string, string>>(csv.body, { columns: true });
      expect(lines.length, table).toBe(
        table === 'fairness' ? report.fairness.teams.length : (report[table as 'fields' | 'facilities' | 'weeks'] as unknown[]).length,
      );
    }
    const weeks = parse<Record<string, string>>((await asAdmin(`/api/admin/reports/csv?table=weeks&seasonId=${seasonA}`)).body, { columns: true });
    expect(weeks[1]).toMatchObject({ week_start: '2027-03-08', week_end: '2027-03-14', bookings: String(report.weeks[1]!.bookings) });
  });

  it('asks for a season or both dates, and says when a season or facility is gone', async () => {
    const none = await asAdmin('/api/admin/reports');
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toContain('Choose a season, or a start and an end date');
    expect((await asAdmin('/api/admin/reports?from=2027-03-09&to=2027-03-01')).statusCode).toBe(400);
    expect((await asAdmin('/api/admin/reports/csv?table=nope&from=2027-03-01&to=2027-03-02')).statusCode).toBe(400);
    const gone = await asAdmin('/api/admin/reports?seasonId=00000000-0000-4000-8000-000000000000');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toContain('season');
    expect((await asAdmin('/api/admin/reports?from=2027-03-01&to=2027-03-02&facilityId=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('tells a bump from an admin cancellation whose words look like one: by the audit log, not the reason', async () => {
    // An admin types a reason that starts like a bump's: the report still counts it as a cancellation only.
    const [row] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select b.id from bookings b join slots s on s.id = b.slot_id
        where b.status = 'confirmed' and s.season_id = ${seasonA}::uuid and s.field_id = ${fieldIds[0]!}::uuid
          and s.starts_at between '2027-03-16' and '2027-03-20' order by s.starts_at desc limit 1`),
    );
    const before = (await asAdmin(`/api/admin/reports?seasonId=${seasonA}`)).json<Report>();
    const cancelled = await post(`/api/admin/bookings/${row!.id}/cancel`, { reason: 'Bumped by a league admin: not really' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = (await asAdmin(`/api/admin/reports?seasonId=${seasonA}`)).json<Report>();
    const total = (r: Report, k: 'cancellations' | 'bumped') => r.teams.reduce((n, x) => n + x[k], 0);
    expect(total(after, 'cancellations')).toBe(total(before, 'cancellations') + 1);
    expect(total(after, 'bumped')).toBe(total(before, 'bumped'));
    const bumps = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from ${auditLog} where action = 'booking.bump'`))[0]!.n;
    expect(bumps).toBe(3);
  });
});
