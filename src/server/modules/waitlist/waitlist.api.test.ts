import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, leagueSettings, notificationOutbox, slotWaits, slots } from '../../db/schema';
import { seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import type { MailEnvelope, MailTransport } from '../mail/mail-transport';
import { createMailWorker } from '../mail/mail-worker';
import { settleDueHolds } from './waitlist.service';

/**
 * The waitlist with a hold (issue 28, decision 034): a freed slot is held for the first team waiting; take books it under
 * the team's rules, pass or the hold running out moves it on, the last one out frees it for everyone. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
let t: TestApp;
let league: League;
let admin: TestUser;
/** coaches[i]: the coach of team i. */
let coaches: TestUser[];
const HOUR = 3_600_000;

const slot = (d: number, k: number) => league.slotIds[d]![k]!;
const call = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie: who.cookie }, ...(method === 'POST' || method === 'PUT' ? { payload: (payload ?? {}) } : {}) });

async function booked(who: TestUser, slotId: string): Promise<string> {
  const res = await call(who, 'POST', '/api/bookings', { slotId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ booking: { id: string } }>().booking.id;
}
async function waits(who: TestUser, slotId: string): Promise<string> {
  const res = await call(who, 'POST', `/api/slots/${slotId}/waits`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ wait: { id: string } }>().wait.id;
}
const cancel = (who: TestUser, bookingId: string) => call(who, 'POST', `/api/bookings/${bookingId}/cancel`);
const stateOf = async (waitId: string) => (await t.database.db.select({ s: slotWaits.state }).from(slotWaits).where(eq(slotWaits.id, waitId)))[0]?.s;
const holdOf = async (slotId: string) =>
  (await t.database.db.select({ team: slots.heldForTeamId, until: slots.heldUntil, wait: slots.holdWaitId }).from(slots).where(eq(slots.id, slotId)))[0]!;
const confirmedOn = async (slotId: string) => t.database.db.select({ teamId: bookings.teamId }).from(bookings).where(and(eq(bookings.slotId, slotId), eq(bookings.status, 'confirmed')));
const offersTo = async (waitId: string) => t.database.db.select().from(notificationOutbox).where(like(notificationOutbox.dedupeKey, `offer:${waitId}:%`));

function capture(): MailTransport & { sent: MailEnvelope[] } {
  const sent: MailEnvelope[] = [];
  return { kind: 'file', sent, send: async (mail) => void sent.push(mail), close: () => {} };
}
async function sendMail(): Promise<MailEnvelope[]> {
  const transport = capture();
  const worker = createMailWorker({ db: t.database.db, league: t.context.league, transport, publicUrl: t.config.publicUrl, log: { info: () => {}, warn: () => {}, error: () => {} }, busy: () => false }, {});
  await worker.runOnce();
  return transport.sent;
}

/** Every booking, wait and hold of the league cleared between tests, so each starts from empty weeks. */
async function clean() {
  await sendMail();
  const db = t.database.db;
  await db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.status, 'confirmed'));
  await db.update(slotWaits).set({ state: 'void' }).where(eq(slotWaits.state, 'waiting'));
  await db.update(slotWaits).set({ state: 'void' }).where(eq(slotWaits.state, 'offered'));
  await db.update(slots).set({ heldForTeamId: null, heldUntil: null, holdWaitId: null, status: 'open', blockId: null, blockReason: null });
  t.wroteBehindTheApp();
}

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 4, rules: { maxPerWeek: 2, maxPerDay: 1, maxUpcoming: 10, minLeadHours: 0, cancelCutoffHours: 0 } });
  admin = await t.signUp({ email: 'wait-admin@example.org', role: 'admin' });
  coaches = [];
  for (let i = 0; i < 4; i++) coaches.push(await t.signUp({ email: `wait-coach-${i}@example.org`, role: 'coach', teamId: league.teamIds[i]! }));
  await t.app.inject({ url: '/api/league' });
}, 60_000);
afterAll(() => t.close());

describe('joining the line', () => {
  it('lines teams up in the order they join, on booked slots only, at most the league’s number each', async () => {
    await clean();
    await booked(coaches[0]!, slot(1, 0));
    const first = await call(coaches[1]!, 'POST', `/api/slots/${slot(1, 0)}/waits`);
    expect(first.statusCode).toBe(201);
    expect(first.json().wait).toMatchObject({ state: 'waiting', position: 1 });
    const second = await call(coaches[2]!, 'POST', `/api/slots/${slot(1, 0)}/waits`);
    expect(second.json().wait.position).toBe(2);

    const refusals = [
      [await call(coaches[0]!, 'POST', `/api/slots/${slot(1, 0)}/waits`), 409, /already has this slot/],
      [await call(coaches[1]!, 'POST', `/api/slots/${slot(1, 0)}/waits`), 409, /already waiting for this slot/],
      [await call(coaches[1]!, 'POST', `/api/slots/${slot(1, 1)}/waits`), 409, /^This slot is open: book it instead of waiting\.$/],
      [await call(admin, 'POST', `/api/slots/${slot(1, 0)}/waits`), 403, /not on a team/],
    ] as const;
    for (const [res, status, words] of refusals) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toMatch(words);
    }

    await t.database.db.update(leagueSettings).set({ maxWaits: 1 });
    await booked(coaches[0]!, slot(2, 0));
    const over = await call(coaches[1]!, 'POST', `/api/slots/${slot(2, 0)}/waits`);
    expect(over.statusCode).toBe(422);
    expect(over.json().error.message).toMatch(/is already waiting for 1 slot \(the league's limit is 1\)\. Stop waiting for one first\.$/);
    await t.database.db.update(leagueSettings).set({ maxWaits: 3 });
  });
});

describe('a freed slot', () => {
  it('is held for the first team waiting, refused to everyone else, and taken by that team', async () => {
    await clean();
    const b = await booked(coaches[0]!, slot(3, 0));
    const w1 = await waits(coaches[1]!, slot(3, 0));
    const w2 = await waits(coaches[2]!, slot(3, 0));
    await sendMail();
    expect((await cancel(coaches[0]!, b)).statusCode).toBe(200);

    expect(await holdOf(slot(3, 0))).toMatchObject({ team: league.teamIds[1], wait: w1 });
    expect(await stateOf(w1)).toBe('offered');
    const view = (await t.app.inject({ url: `/api/slots/by-id?ids=${slot(3, 0)}` })).json<{ slots: Array<{ heldFor: { teamName: string } | null; status: string }> }>().slots[0]!;
    expect(view).toMatchObject({ status: 'open', heldFor: { teamName: expect.stringMatching(/^Team 2 /) } });

    // Team 3 is waiting behind, team 4 is not waiting: neither may book it while it is held.
    for (const other of [coaches[2]!, coaches[3]!]) {
      const res = await call(other, 'POST', '/api/bookings', { slotId: slot(3, 0) });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.details.rule).toBe('SLOT_HELD');
      expect(res.json().error.message).toMatch(/^This slot is held for Team 2 \d+, who were waiting for it, until .+\. If they pass, it goes to the next team waiting, or to whoever books first\.$/);
    }
    // One offer, one email per coach of the team.
    const mails = (await sendMail()).filter((m) => m.subject.startsWith('It freed up'));
    expect(mails.map((m) => m.to)).toEqual(['wait-coach-1@example.org']);

    const taken = await call(coaches[1]!, 'POST', `/api/waits/${w1}/take`);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(await confirmedOn(slot(3, 0))).toEqual([{ teamId: league.teamIds[1] }]);
    expect(await stateOf(w1)).toBe('taken');
    expect(await stateOf(w2)).toBe('waiting');
    expect((await holdOf(slot(3, 0))).team).toBeNull();
  });

  it('moves on when the team passes, and the last one out frees it for everyone', async () => {
    await clean();
    const b = await booked(coaches[0]!, slot(4, 0));
    const w1 = await waits(coaches[1]!, slot(4, 0));
    const w2 = await waits(coaches[2]!, slot(4, 0));
    await cancel(coaches[0]!, b);
    // Another team cannot pass for it.
    expect((await call(coaches[2]!, 'POST', `/api/waits/${w1}/pass`)).statusCode).toBe(404);
    expect((await call(coaches[1]!, 'POST', `/api/waits/${w1}/pass`)).json()).toEqual({ passed: true });
    expect(await stateOf(w1)).toBe('passed');
    expect(await holdOf(slot(4, 0))).toMatchObject({ team: league.teamIds[2], wait: w2 });
    expect(await offersTo(w2)).toHaveLength(1);
    // Passing again is refused in words.
    const again = await call(coaches[1]!, 'POST', `/api/waits/${w1}/pass`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/^This slot is no longer held for your team/);

    expect((await call(coaches[2]!, 'POST', `/api/waits/${w2}/pass`)).statusCode).toBe(200);
    expect((await holdOf(slot(4, 0))).team).toBeNull();
    await booked(coaches[3]!, slot(4, 0));
  });

  it('moves on when the hold runs out, through the worker', async () => {
    await clean();
    const b = await booked(coaches[0]!, slot(5, 0));
    const w1 = await waits(coaches[1]!, slot(5, 0));
    const w2 = await waits(coaches[2]!, slot(5, 0));
    await cancel(coaches[0]!, b);
    const { until } = await holdOf(slot(5, 0));
    // Two hours by default.
    expect(Math.abs(until!.getTime() - Date.now() - 2 * HOUR)).toBeLessThan(60_000);
    expect(await settleDueHolds(t.context, new Date(until!.getTime() - 1))).toBe(0);
    expect(await settleDueHolds(t.context, until!)).toBe(1);
    expect(await stateOf(w1)).toBe('expired');
    expect(await holdOf(slot(5, 0))).toMatchObject({ team: league.teamIds[2], wait: w2 });
    // Team 2 presses Take too late: refused, the slot is team 3's to take.
    const late = await call(coaches[1]!, 'POST', `/api/waits/${w1}/take`);
    expect(late.statusCode).toBe(409);
  });

  it('refused by one of the team’s rules when taken: the refusal says which, and the hold moves on', async () => {
    await clean();
    const b = await booked(coaches[0]!, slot(6, 0));
    // Team 2 already has a practice on Sunday: the daily limit is 1.
    await booked(coaches[1]!, slot(6, 2));
    const w1 = await waits(coaches[1]!, slot(6, 0));
    const w2 = await waits(coaches[2]!, slot(6, 0));
    await cancel(coaches[0]!, b);
    const res = await call(coaches[1]!, 'POST', `/api/waits/${w1}/take`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.rule).toBe('DAY_LIMIT');
    expect(res.json().error.message).toMatch(/already has 1 practice on .+ \(limit 1\)\. So the slot went to the next team waiting\.$/);
    expect(await stateOf(w1)).toBe('refused');
    expect(await holdOf(slot(6, 0))).toMatchObject({ team: league.teamIds[2], wait: w2 });
  });

  it('is held never later than an hour before the practice, and not at all within that hour', async () => {
    await clean();
    const db = t.database.db;
    const soon = async (inMinutes: number) => {
      const startsAt = new Date(Date.now() + inMinutes * 60_000);
      const [row] = await db.insert(slots).values({ seasonId: league.seasonId, fieldId: league.fieldIds[0]!, startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) }).returning({ id: slots.id });
      t.wroteBehindTheApp();
      return row!.id;
    };
    const near = await soon(150);
    const b = await booked(coaches[0]!, near);
    await waits(coaches[1]!, near);
    await cancel(coaches[0]!, b);
    const [row] = await db.select({ startsAt: slots.startsAt, until: slots.heldUntil }).from(slots).where(eq(slots.id, near));
    expect(row!.until!.getTime()).toBe(row!.startsAt.getTime() - HOUR);

    const tooNear = await soon(100);
    const c = await booked(coaches[0]!, tooNear);
    const w = await waits(coaches[1]!, tooNear);
    // Now it is within the hour: the cancel frees it for everyone and the wait ends.
    await db.update(slots).set({ startsAt: new Date(Date.now() + 40 * 60_000), endsAt: new Date(Date.now() + 70 * 60_000) }).where(eq(slots.id, tooNear));
    t.wroteBehindTheApp();
    await cancel(coaches[0]!, c);
    expect((await holdOf(tooNear)).team).toBeNull();
    expect(await stateOf(w)).toBe('void');
  });
});

describe('every way a slot frees', () => {
  it('an admin’s cancel and a moved booking each offer it; a rain-out ends a live hold and its reopen offers it again', async () => {
    await clean();
    // An admin cancels.
    const a = await booked(coaches[0]!, slot(0, 0));
    const wa = await waits(coaches[1]!, slot(0, 0));
    expect((await call(admin, 'POST', `/api/admin/bookings/${a}/cancel`, { reason: 'Mistake' })).statusCode).toBe(200);
    expect(await stateOf(wa)).toBe('offered');

    // A move leaves its old slot behind.
    const m = await booked(coaches[0]!, slot(0, 1));
    const wm = await waits(coaches[2]!, slot(0, 1));
    const moved = await call(admin, 'POST', `/api/admin/bookings/${m}/move`, { slotId: slot(0, 2), reason: 'Later' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await stateOf(wm)).toBe('offered');

    // A rain-out over the held slot ends the hold; the team waits again, first in line.
    const facilityId = (await t.app.inject({ url: `/api/slots/by-id?ids=${slot(0, 0)}` })).json().slots[0].facilityId as string;
    const starts = (await holdOf(slot(0, 0))).until;
    expect(starts).not.toBeNull();
    const dayStart = new Date((await t.database.db.select({ s: slots.startsAt }).from(slots).where(eq(slots.id, slot(0, 0))))[0]!.s.getTime() - HOUR);
    const closed = await call(admin, 'POST', '/api/rain-outs', { facilityId, startsAt: dayStart.toISOString(), endsAt: new Date(dayStart.getTime() + 6 * HOUR).toISOString(), reason: 'Lightning' });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(await stateOf(wa)).toBe('waiting');
    expect((await holdOf(slot(0, 0))).team).toBeNull();
    // Reopened: the moved booking's slot is restored to nobody (it was moved, not rained out); both slots are offered again.
    expect((await call(admin, 'POST', `/api/rain-outs/${closed.json().closure.id}/reopen`)).statusCode).toBe(200);
    expect(await stateOf(wa)).toBe('offered');
    expect(await stateOf(wm)).toBe('offered');
    // Offered twice, told twice: each hold is an offer of its own.
    expect(await offersTo(wa)).toHaveLength(2);
  });
});

describe('found in review', () => {
  it('a rain-out’s reopen that restores a practice on a slot held meanwhile ends that hold; the offered team waits again', async () => {
    await clean();
    await booked(coaches[0]!, slot(3, 2));
    const w = await waits(coaches[1]!, slot(3, 2));
    const facilityId = (await t.app.inject({ url: `/api/slots/by-id?ids=${slot(3, 2)}` })).json().slots[0].facilityId as string;
    const startsAt = (await t.database.db.select({ s: slots.startsAt }).from(slots).where(eq(slots.id, slot(3, 2))))[0]!.s;
    const closed = await call(admin, 'POST', '/api/rain-outs', { facilityId, startsAt: new Date(startsAt.getTime() - HOUR).toISOString(), endsAt: new Date(startsAt.getTime() + 2 * HOUR).toISOString(), reason: 'Rain' });
    expect(closed.statusCode, closed.body).toBe(201);
    // The rain-out's block lifted on its own: the freed slot goes to the team waiting.
    const blockId = (await call(admin, 'GET', '/api/blocks')).json<{ blocks: Array<{ id: string; reason: string }> }>().blocks.find((b) => b.reason === 'Rain')!.id;
    expect((await call(admin, 'DELETE', `/api/blocks/${blockId}`)).statusCode).toBe(200);
    expect(await stateOf(w)).toBe('offered');
    expect((await call(admin, 'POST', `/api/rain-outs/${closed.json().closure.id}/reopen`)).json().practicesRestored).toBe(1);
    expect(await confirmedOn(slot(3, 2))).toEqual([{ teamId: league.teamIds[0] }]);
    expect((await holdOf(slot(3, 2))).team).toBeNull();
    expect(await stateOf(w)).toBe('waiting');
  });

  it('an admin’s booking for the team offered the slot ends its wait: a later cancel never offers the team its own slot', async () => {
    await clean();
    const b = await booked(coaches[0]!, slot(4, 2));
    const w = await waits(coaches[1]!, slot(4, 2));
    await cancel(coaches[0]!, b);
    expect(await stateOf(w)).toBe('offered');
    const over = await call(admin, 'POST', '/api/admin/bookings/override', { slotId: slot(4, 2), teamId: league.teamIds[1], reason: 'Coach phoned', bump: false });
    expect(over.statusCode, over.body).toBe(201);
    expect(await stateOf(w)).toBe('taken');
    expect((await holdOf(slot(4, 2))).team).toBeNull();
    expect((await call(admin, 'POST', `/api/admin/bookings/${over.json().booking.id}/cancel`, { reason: 'Mistake' })).statusCode).toBe(200);
    expect((await holdOf(slot(4, 2))).team).toBeNull();
  });

  it('a wait on a practice within the hour ends at the worker’s next pass, and stops counting against the limit', async () => {
    await clean();
    await booked(coaches[0]!, slot(6, 1));
    const w = await waits(coaches[1]!, slot(6, 1));
    await t.database.db.update(slots).set({ startsAt: new Date(Date.now() + 5 * 60_000), endsAt: new Date(Date.now() + 10 * 60_000) }).where(eq(slots.id, slot(6, 1)));
    t.wroteBehindTheApp();
    await settleDueHolds(t.context, new Date());
    expect(await stateOf(w)).toBe('void');
  });
});

describe('found in review, more', () => {
  it('a held slot deleted by an admin ends its waits and its hold', async () => {
    await clean();
    const b = await booked(coaches[0]!, slot(2, 2));
    const w = await waits(coaches[1]!, slot(2, 2));
    await cancel(coaches[0]!, b);
    expect(await stateOf(w)).toBe('offered');
    expect((await call(admin, 'DELETE', `/api/slots/${slot(2, 2)}`)).statusCode).toBe(204);
    expect(await stateOf(w)).toBe('void');
    expect((await holdOf(slot(2, 2))).team).toBeNull();
  });

  it('a held slot moved into a block loses its hold (the team waits again, first in line), and is offered again once out', async () => {
    await clean();
    const b = await booked(coaches[0]!, slot(5, 2));
    const w = await waits(coaches[1]!, slot(5, 2));
    await cancel(coaches[0]!, b);
    const [row] = await t.database.db.select({ startsAt: slots.startsAt, endsAt: slots.endsAt, fieldId: slots.fieldId }).from(slots).where(eq(slots.id, slot(5, 2)));
    const later = (ms: number) => new Date(row!.startsAt.getTime() + ms).toISOString();
    const blocked = await call(admin, 'POST', '/api/blocks', { scope: 'field', fieldId: row!.fieldId, startsAt: later(90 * 60_000), endsAt: later(4 * HOUR), category: 'maintenance', reason: 'Lights out' });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const moved = await call(admin, 'PUT', `/api/slots/${slot(5, 2)}`, { startsAt: later(100 * 60_000), endsAt: later(160 * 60_000) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().slot).toMatchObject({ status: 'blocked', heldFor: null });
    expect(await stateOf(w)).toBe('waiting');
    expect((await holdOf(slot(5, 2))).team).toBeNull();
    // Moved back out of the block: offered to the line again.
    expect((await call(admin, 'PUT', `/api/slots/${slot(5, 2)}`, { startsAt: row!.startsAt.toISOString(), endsAt: row!.endsAt.toISOString() })).statusCode).toBe(200);
    expect(await stateOf(w)).toBe('offered');
  });

  it('a take refused by a rule with nobody else waiting says the slot is open to everyone now', async () => {
    await clean();
    const b = await booked(coaches[0]!, slot(4, 1));
    await booked(coaches[1]!, slot(4, 0));
    const w = await waits(coaches[1]!, slot(4, 1));
    await cancel(coaches[0]!, b);
    const res = await call(coaches[1]!, 'POST', `/api/waits/${w}/take`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/\(limit 1\)\. So the slot is open to everyone now\.$/);
    expect((await holdOf(slot(4, 1))).team).toBeNull();
  });
});

describe('races', () => {
  it('two cancels of one booking and a press by a team not waiting, at once: one cancel, one hold, no booking for the press', async () => {
    await clean();
    const b = await booked(coaches[0]!, slot(2, 1));
    const w1 = await waits(coaches[1]!, slot(2, 1));
    const [c1, c2, press] = await Promise.all([cancel(coaches[0]!, b), cancel(coaches[0]!, b), call(coaches[3]!, 'POST', '/api/bookings', { slotId: slot(2, 1) })]);
    expect([c1.statusCode, c2.statusCode].sort()).toEqual([200, 409]);
    expect(press.statusCode).toBe(409);
    expect(await confirmedOn(slot(2, 1))).toEqual([]);
    expect(await holdOf(slot(2, 1))).toMatchObject({ team: league.teamIds[1], wait: w1 });
    expect(await offersTo(w1)).toHaveLength(1);
  });

  it('a take racing the hold running out: booked by the team, or offered to the next; never both', async () => {
    await clean();
    const b = await booked(coaches[0]!, slot(5, 1));
    const w1 = await waits(coaches[1]!, slot(5, 1));
    const w2 = await waits(coaches[2]!, slot(5, 1));
    await cancel(coaches[0]!, b);
    const { until } = await holdOf(slot(5, 1));
    await t.database.db.update(slots).set({ heldUntil: new Date(Date.now() + 50) }).where(eq(slots.id, slot(5, 1)));
    await t.database.db.update(slotWaits).set({ holdUntil: new Date(Date.now() + 50) }).where(eq(slotWaits.id, w1));
    expect(until).not.toBeNull();
    const [taken, settled] = await Promise.all([call(coaches[1]!, 'POST', `/api/waits/${w1}/take`), settleDueHolds(t.context, new Date(Date.now() + 50))]);
    const on = await confirmedOn(slot(5, 1));
    if (taken.statusCode === 201) {
      expect(on).toEqual([{ teamId: league.teamIds[1] }]);
      expect(await stateOf(w2)).toBe('waiting');
      expect(settled).toBe(0);
    } else {
      expect(taken.statusCode).toBe(409);
      expect(on).toEqual([]);
      expect(await stateOf(w1)).toBe('expired');
      expect(await stateOf(w2)).toBe('offered');
    }
  });
});
