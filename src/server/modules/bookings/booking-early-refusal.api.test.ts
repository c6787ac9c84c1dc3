import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTeam, seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

/**
 * On the night booking opens most presses are refused (the slot is taken, the team is at its limit): those are
 * answered from what is committed, without queueing for the team's lock. Shown on PostgreSQL, where another
 * connection can hold that lock while the press is made.
 */
let t: TestApp;
let league: League;
let first: TestUser;
let second: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 2, rules: { maxPerWeek: 1, maxPerDay: 5, maxUpcoming: 50 } });
  first = await t.signUp({ email: 'early-a@example.org', role: 'coach', teamId: league.teamIds[0]! });
  second = await t.signUp({ email: 'early-b@example.org', role: 'coach', teamId: league.teamIds[1]! });
}, 60_000);
afterAll(() => t.close());

const book = (coach: TestUser, slotId: string) =>
  t.app.inject({ method: 'POST', url: '/api/bookings', payload: { slotId }, headers: { cookie: coach.cookie, origin: TEST_ORIGIN } });

/** Fails the test if `p` has not settled after `ms` (it would be waiting for a lock that is never released). */
function settlesWithin<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} waited for the team's lock`)), ms)));
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('refusals that do not wait for the lock', () => {
  it("a taken slot and a team at its weekly limit are refused while the team's row is locked elsewhere", async () => {
    expect((await book(first, league.slotIds[0]![0]!)).statusCode).toBe(201);
    const locker = postgres(t.database.url!, { max: 1, onnotice: () => {} });
    try {
      await locker.begin(async (tx) => {
        await tx`select id from teams where id = ${league.teamIds[1]!} for update`;
        await tx`select id from teams where id = ${league.teamIds[0]!} for update`;
        const taken = await settlesWithin(book(second, league.slotIds[0]![0]!), 10_000, 'a press on a taken slot');
        expect(taken.statusCode).toBe(409);
        expect(taken.json().error).toMatchObject({ message: 'Someone just booked this slot. Pick another time.', details: { rule: 'SLOT_TAKEN' } });
        const limit = await settlesWithin(book(first, league.slotIds[1]![0]!), 10_000, 'a press past the weekly limit');
        expect(limit.statusCode).toBe(422);
        expect(limit.json().error.details).toMatchObject({ rule: 'WEEK_LIMIT' });
      });
    } finally {
      await locker.end();
    }
    // A press that passes the early check is still decided under the lock, now free.
    expect((await book(second, league.slotIds[1]![1]!)).statusCode).toBe(201);
  });
  it('a press that passes while its team is locked elsewhere waits for the lock, then is decided on what the holder committed', async () => {
    const team = await insertTeam(t.database.db, { name: `Waiting Wrens ${Date.now()}` });
    const coach = await t.signUp({ email: 'early-c@example.org', role: 'coach', teamId: team.id });
    const locker = postgres(t.database.url!, { max: 1, onnotice: () => {} });
    const watcher = postgres(t.database.url!, { max: 1, onnotice: () => {} });
    try {
      let press: Promise<Awaited<ReturnType<typeof book>>> | undefined;
      await locker.begin(async (tx) => {
        // Another server books this team's one practice of the week and has not committed yet.
        await tx`select id from teams where id = ${team.id} for update`;
        await tx`insert into bookings (slot_id, team_id) values (${league.slotIds[2]![0]!}, ${team.id})`;
        // On what is committed the team has room, so the press passes the early check and queues for the lock.
        press = book(coach, league.slotIds[3]![0]!);
        for (let waiting = 0; waiting === 0; ) {
          [{ waiting }] = await watcher<[{ waiting: number }]>`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`;
        }
      });
      // The holder committed: decided under the lock, the press sees that booking and the weekly limit refuses it.
      const answer = await settlesWithin(press!, 10_000, 'the press after the lock was released');
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().error.details).toMatchObject({ rule: 'WEEK_LIMIT' });
    } finally {
      await locker.end();
      await watcher.end();
    }
  });
});
