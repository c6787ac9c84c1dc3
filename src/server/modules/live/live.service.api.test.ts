import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from './live-bus';
import { seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let league: League;
let coach: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 1, rules: { maxPerDay: 5, maxPerWeek: 10, maxUpcoming: 20 } });
  coach = await t.signUp({ email: 'after-commit@example.org', role: 'coach', teamId: league.teamIds[0]! });
}, 60_000);
afterAll(() => t.close());

const book = (slotId: string) => t.app.inject({ method: 'POST', url: '/api/bookings', payload: { slotId }, headers: { cookie: coach.cookie, origin: TEST_ORIGIN } });

/** Collects live events; `next()` resolves with the next one (on PostgreSQL they arrive through LISTEN, a moment later). */
function listen() {
  const queue: LiveEvent[] = [];
  const waiting: Array<(e: LiveEvent) => void> = [];
  const stop = t.context.live.subscribe((e) => {
    const w = waiting.shift();
    if (w) w(e);
    else queue.push(e);
  });
  const next = () => (queue.length ? Promise.resolve(queue.shift()!) : new Promise<LiveEvent>((resolve) => waiting.push(resolve)));
  return { next, stop, pending: () => queue.length };
}

describe('services publish what a transaction changed, after it commits', () => {
  it('a change whose transaction fails publishes nothing; the next committed one publishes its slot', async () => {
    const live = listen();
    try {
      const [taken, free] = league.slotIds[3]!;
      expect((await book(taken!)).statusCode).toBe(201);
      expect(await live.next()).toEqual({ type: 'slots', slotIds: [taken] });
      // The same slot again: refused inside the booking transaction, which rolls back.
      expect((await book(taken!)).statusCode).toBe(409);
      expect((await book(free!)).statusCode).toBe(201);
      // Events arrive in publish order, so had the refused booking published, its event would come first.
      expect(await live.next()).toEqual({ type: 'slots', slotIds: [free] });
      expect(live.pending()).toBe(0);
    } finally {
      live.stop();
    }
  });
});
