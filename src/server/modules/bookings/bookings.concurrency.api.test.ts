import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, fields, slots, teams } from '../../db/schema';
import { weekStart } from '../../../shared/bookings/booking-rules';
import { at, nextMonday, seedLeague, TZ, type League, insertField } from '../../test/booking-fixtures';
import { buildTestApp, type TestApp, type TestUser } from '../../test/test-app';

/** Real HTTP, many requests in flight at once: the database decides every race. */
let t: TestApp;
let base: string;
let league: League;
let coaches: TestUser[];

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://127.0.0.1:1' });
  league = await seedLeague(t, { teams: 100, rules: { maxPerWeek: 2, maxPerDay: 5, maxUpcoming: 50 } });
  coaches = await Promise.all(league.teamIds.map((teamId, i) => t.signUp({ email: `race${i}@example.org`, role: 'coach', teamId })));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => t.close());

function book(user: TestUser, slotId: string) {
  return fetch(`${base}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: user.cookie, origin: 'http://127.0.0.1:1' },
    body: JSON.stringify({ slotId }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: { message: string; code: string; details?: unknown } } }));
}

function cancel(user: TestUser, bookingId: string) {
  return fetch(`${base}/api/bookings/${bookingId}/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: user.cookie, origin: 'http://127.0.0.1:1' },
    body: '{}',
  }).then((r) => r.status);
}

describe('races', () => {
  it('100 teams at once for one slot: exactly one 201 and 99 409s, never a 5xx, one booking', async () => {
    const slotId = league.slotIds[0]![0]!;
    const results = await Promise.all(coaches.map((c) => book(c, slotId)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error?.message === 'Someone just booked this slot. Pick another time.')).toBe(true);
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.slotId, slotId));
    expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(1);
  }, 60_000);

  it('50 requests from one team for 50 distinct open slots in one week with a weekly limit of 2: exactly 2 bookings, 48 WEEK_LIMIT refusals', async () => {
    const team = league.teamIds[50]!;
    const coach = coaches[50]!;
    // 50 distinct open slots, all in next week (Mon–Sun, league time), on 3 fields of their own so no other test
    // in this file touches them. Every one is bookable on its own: open, 12 hours to 14 days ahead, inside the
    // season, and the day limit (5) is never reached by 2 bookings. Only the weekly limit can refuse them.
    const monday = nextMonday();
    const facility = (await t.database.db.select({ facilityId: fields.facilityId }).from(fields).where(eq(fields.id, league.fieldIds[0]!)))[0]!.facilityId;
    const candidates: Array<{ id: string; startsAt: Date }> = [];
    for (const name of ['Weekly 1', 'Weekly 2', 'Weekly 3']) {
      const field = await insertField(t.database.db, { facilityId: facility, name, surface: 'grass', lights: false, color: '#000000' });
      const values = [];
      for (let d = 0; d < 7; d++) {
        for (const hhmm of ['17:00', '18:30', '20:00']) {
          const startsAt = at(monday.add({ days: d }), hhmm);
          values.push({ seasonId: league.seasonId, fieldId: field.id, startsAt, endsAt: new Date(startsAt.getTime() + 80 * 60_000) });
        }
      }
      candidates.push(...(await t.database.db.insert(slots).values(values).returning({ id: slots.id, startsAt: slots.startsAt })));
    }
    const chosen = candidates.slice(0, 50);
    expect(new Set(chosen.map((s) => s.id)).size).toBe(50);
    const weeks = new Set(chosen.map((s) => weekStart(s.startsAt, TZ)));
    expect(weeks).toEqual(new Set([monday.toString()]));
    expect(await t.database.db.$count(bookings, inArray(bookings.slotId, chosen.map((s) => s.id)))).toBe(0);
    expect(await t.database.db.$count(bookings, and(eq(bookings.teamId, team), eq(bookings.status, 'confirmed')))).toBe(0);

    const results = await Promise.all(chosen.map((s) => book(coach, s.id)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    const refusals = results.filter((r) => r.status !== 201);
    expect(refusals).toHaveLength(48);
    for (const r of refusals) {
      expect(r.status).toBe(422);
      expect(r.body.error).toMatchObject({
        code: 'RULE_VIOLATION',
        details: { rule: 'WEEK_LIMIT' },
        message: expect.stringMatching(/already has 2 practices in the week of .* \(limit 2\)\.$/),
      });
    }
    const confirmed = await t.database.db.select().from(bookings).where(and(eq(bookings.teamId, team), eq(bookings.status, 'confirmed')));
    expect(confirmed).toHaveLength(2);
    const won = results.flatMap((r) => (r.status === 201 ? [(r.body as unknown as { booking: { slotId: string } }).booking.slotId] : []));
    expect(confirmed.map((b) => b.slotId).sort()).toEqual(won.sort());
  }, 60_000);

  it('cancel-and-rebook races leave one consistent state and no 5xx', async () => {
    const slotId = league.slotIds[5]![1]!;
    const [a, b, c] = [coaches[10]!, coaches[11]!, coaches[12]!];
    for (let round = 0; round < 5; round++) {
      const first = await book(a, slotId);
      expect(first.status).toBe(201);
      const bookingId = (first.body as unknown as { booking: { id: string } }).booking.id;
      const [cancelStatus, rb, rc] = await Promise.all([cancel(a, bookingId), book(b, slotId), book(c, slotId)]);
      expect([cancelStatus, rb.status, rc.status].every((s) => s < 500)).toBe(true);
      expect(cancelStatus).toBe(200);
      const live = await t.database.db.select().from(bookings).where(and(eq(bookings.slotId, slotId), eq(bookings.status, 'confirmed')));
      expect(live.length).toBeLessThanOrEqual(1);
      expect(live.length).toBe([rb.status, rc.status].filter((s) => s === 201).length);
      // Free the slot for the next round.
      for (const l of live) await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, l.id));
    }
    const teamNames = await t.database.db.select({ id: teams.id }).from(teams).where(inArray(teams.id, league.teamIds.slice(10, 13)));
    expect(teamNames).toHaveLength(3);
  }, 60_000);
});
