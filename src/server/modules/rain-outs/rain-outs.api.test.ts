import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, blocks, bookings, closures, fields, makeupCredits, notificationOutbox, slots } from '../../db/schema';
import { at, insertField, nextMonday, seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import type { MailEnvelope, MailTransport } from '../mail/mail-transport';
import { createMailWorker } from '../mail/mail-worker';

/**
 * Rain-outs (issue 28): a weather closure cancels the practices under it, tells each team once, gives a make-up credit
 * per practice that books past the daily and weekly limits, and can be reopened, restoring the practices whose slots
 * are still free. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let t: TestApp;
let league: League;
let admin: TestUser;
/** coaches[i]: the coach of team i (team 0 has a second coach, who reads the emails too). */
let coaches: TestUser[];
let facilityId: string;
let field2: string;

const monday = nextMonday();
/** The slots of league day d (0 = next Monday): 17:00, 18:30, 20:00 on Field 1. */
const slot = (d: number, k: number) => league.slotIds[d]![k]!;

const call = (who: TestUser, method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function book(who: TestUser, slotId: string) {
  return call(who, 'POST', '/api/bookings', { slotId });
}
async function booked(who: TestUser, slotId: string): Promise<string> {
  const res = await book(who, slotId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ booking: { id: string } }>().booking.id;
}
/** A rain-out of the whole facility (or some fields) over league day d, 16:00 to 22:00. */
function rainOutBody(d: number, fieldIds: string[] = [], reason = 'Wet fields') {
  const day = monday.add({ days: d });
  return { facilityId, fieldIds, startsAt: at(day, '16:00').toISOString(), endsAt: at(day, '22:00').toISOString(), reason };
}
async function rainOut(d: number, fieldIds: string[] = []) {
  const res = await call(admin, 'POST', '/api/rain-outs', rainOutBody(d, fieldIds));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ closure: { id: string }; slotsBlocked: number; practicesCancelled: number; creditsGranted: number; teamsTold: number }>();
}
const statusOf = async (bookingId: string) => (await t.database.db.select({ s: bookings.status }).from(bookings).where(eq(bookings.id, bookingId)))[0]?.s;
const creditsOf = async (teamId: string) => t.database.db.select().from(makeupCredits).where(eq(makeupCredits.teamId, teamId));
const mine = async (who: TestUser) => (await call(who, 'GET', '/api/rain-outs/mine')).json<{ notices: Array<{ closureId: string; reopened: boolean; practices: Array<{ restored: boolean }> }>; credits: Array<{ id: string }> }>();

function capture(): MailTransport & { sent: MailEnvelope[] } {
  const sent: MailEnvelope[] = [];
  return { kind: 'file', sent, send: async (mail) => void sent.push(mail), close: () => {} };
}
const silent = { info: () => {}, warn: () => {}, error: () => {} };
async function sendMail(): Promise<MailEnvelope[]> {
  const transport = capture();
  const worker = createMailWorker({ db: t.database.db, league: t.context.league, transport, publicUrl: t.config.publicUrl, log: silent, busy: () => false }, {});
  await worker.runOnce();
  return transport.sent;
}

/** Clears every booking and credit of the league between tests, so each starts from empty weeks. */
async function clean() {
  await sendMail();
  await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.status, 'confirmed'));
  await t.database.db.update(makeupCredits).set({ revokedAt: new Date() });
  await t.database.db.update(slots).set({ status: 'open', blockId: null, blockReason: null });
  await t.database.db.update(blocks).set({ liftedAt: new Date() });
  await t.database.db.update(closures).set({ reopenedAt: new Date() });
  t.wroteBehindTheApp();
}

beforeAll(async () => {
  t = await buildTestApp();
  // Two practices a week, one a day, plenty upcoming: the make-up credit is what lets a third in.
  league = await seedLeague(t, { teams: 4, rules: { maxPerWeek: 2, maxPerDay: 1, maxUpcoming: 10 } });
  admin = await t.signUp({ email: 'rain-admin@example.org', role: 'admin' });
  coaches = [];
  for (let i = 0; i < 4; i++) coaches.push(await t.signUp({ email: `rain-coach-${i}@example.org`, role: 'coach', teamId: league.teamIds[i]! }));
  // A second coach of team 0: each coach gets their own one message.
  await t.signUp({ email: 'rain-coach-0b@example.org', role: 'coach', teamId: league.teamIds[0]! });
  const [row] = await t.database.db.select({ fieldId: slots.fieldId }).from(slots).where(eq(slots.id, slot(0, 0)));
  facilityId = (await t.database.db.select({ f: fields.facilityId }).from(fields).where(eq(fields.id, row!.fieldId)))[0]!.f;
  field2 = (await insertField(t.database.db, { facilityId, name: 'Field 2' })).id;
  // Field 2 has one slot each evening at 17:00.
  for (let d = 0; d < 7; d++) {
    const startsAt = at(monday.add({ days: d }), '17:00');
    await t.database.db.insert(slots).values({ seasonId: league.seasonId, fieldId: field2, startsAt, endsAt: new Date(startsAt.getTime() + 80 * 60_000) });
  }
  t.wroteBehindTheApp();
}, 60_000);
afterAll(() => t.close());

describe('a rain-out', () => {
  it('cancels the practices under it, grants one credit each, and tells each coach once with all of the team’s practices', async () => {
    await clean();
    const a = await booked(coaches[0]!, slot(0, 0));
    const b = await booked(coaches[1]!, slot(0, 1));
    // Team 0 also practises on Wednesday: not under the closure.
    const wed = await booked(coaches[0]!, slot(2, 0));
    await sendMail();

    const done = await rainOut(0);
    expect(done).toMatchObject({ slotsBlocked: 4, practicesCancelled: 2, creditsGranted: 2, teamsTold: 2 });
    expect(await statusOf(a)).toBe('cancelled');
    expect(await statusOf(b)).toBe('cancelled');
    expect(await statusOf(wed)).toBe('confirmed');

    // One message per team for the closure, none per booking.
    const queued = await t.database.db.select({ kind: notificationOutbox.kind, teamId: notificationOutbox.teamId }).from(notificationOutbox).where(inArray(notificationOutbox.kind, ['closure.cancelled', 'booking.cancelled']));
    const forClosure = queued.filter((q) => q.kind === 'closure.cancelled');
    expect(forClosure.map((q) => q.teamId).sort()).toEqual([league.teamIds[0], league.teamIds[1]].sort());
    const mails = await sendMail();
    const to = mails.map((m) => m.to).sort();
    expect(to).toEqual(['rain-coach-0@example.org', 'rain-coach-0b@example.org', 'rain-coach-1@example.org']);
    const mail = mails.find((m) => m.to === 'rain-coach-0@example.org')!;
    expect(mail.subject).toMatch(/^Rained out: .+: 1 practice cancelled$/);
    expect(mail.text).toContain('Wet fields');
    expect(mail.text).toContain('1 make-up practice to use by');
    expect(mail.text).toContain('past your weekly or daily limit');

    // Credits: one per cancelled practice, expiring at the end of the league day 14 days after the practice.
    const [credit] = await creditsOf(league.teamIds[0]!);
    expect(credit).toMatchObject({ sourceBookingId: a, closureId: done.closure.id, usedBookingId: null, revokedAt: null });
    expect(credit!.expiresAt.toISOString()).toBe(at(monday.add({ days: 15 }), '00:00').toISOString());
    // Audited.
    const audit = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, done.closure.id));
    expect(audit.map((x) => x.action)).toEqual(['closure.create']);
  });

  it('shows on the field status for everyone until it is reopened', async () => {
    await clean();
    const done = await rainOut(1, [field2]);
    const status = (await t.app.inject({ url: '/api/field-status' })).json<{ closures: Array<{ id: string; fieldNames: string[] | null; reason: string }> }>();
    expect(status.closures.find((c) => c.id === done.closure.id)).toMatchObject({ fieldNames: ['Field 2'], reason: 'Wet fields' });
    expect((await call(admin, 'POST', `/api/rain-outs/${done.closure.id}/reopen`, {})).statusCode).toBe(200);
    const after = (await t.app.inject({ url: '/api/field-status' })).json<{ closures: Array<{ id: string }> }>();
    expect(after.closures.map((c) => c.id)).not.toContain(done.closure.id);
  });

  it('closes only the fields chosen', async () => {
    await clean();
    const onField1 = await booked(coaches[0]!, slot(3, 0));
    const field2Slot = (await t.database.db.select({ id: slots.id }).from(slots).where(and(eq(slots.fieldId, field2), eq(slots.startsAt, at(monday.add({ days: 3 }), '17:00')))))[0]!.id;
    const onField2 = await booked(coaches[1]!, field2Slot);
    const done = await rainOut(3, [field2]);
    expect(done).toMatchObject({ slotsBlocked: 1, practicesCancelled: 1 });
    expect(await statusOf(onField1)).toBe('confirmed');
    expect(await statusOf(onField2)).toBe('cancelled');
  });

  it('refuses in words what it cannot do, and changes nothing', async () => {
    const other = await call(admin, 'POST', '/api/rain-outs', { ...rainOutBody(4), fieldIds: [league.teamIds[0]] });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toMatch(/^Choose fields of .+ only/);
    const backwards = await call(admin, 'POST', '/api/rain-outs', { ...rainOutBody(4), endsAt: at(monday.add({ days: 4 }), '15:00').toISOString() });
    expect(backwards.statusCode, backwards.body).toBe(400);
    expect(backwards.json().error.details).toEqual([{ path: 'endsAt', message: 'The closure must end after it starts', key: 'rainOut.endAfterStart', params: {} }]);
    const noFacility = await call(admin, 'POST', '/api/rain-outs', { ...rainOutBody(4), facilityId: league.teamIds[0] });
    expect(noFacility.statusCode).toBe(400);
    const blocked = await t.database.db.select({ id: slots.id }).from(slots).where(eq(slots.status, 'blocked'));
    expect(blocked.filter((s) => league.slotIds[4]!.includes(s.id))).toEqual([]);
    expect((await call(coaches[0]!, 'POST', '/api/rain-outs', rainOutBody(4))).statusCode).toBe(403);
  });
});

describe('a make-up credit', () => {
  it('books one practice past the weekly limit, once; a cancelled make-up gives it back', async () => {
    await clean();
    const [coach] = coaches;
    // Week 1 (days 0-6): Monday's practice is rained out; the team books Tuesday and Wednesday (its 2 a week).
    await booked(coach!, slot(0, 0));
    await rainOut(0);
    await booked(coach!, slot(1, 0));
    await booked(coach!, slot(2, 0));
    const ctx = (await call(coach!, 'GET', '/api/bookings/context')).json<{ makeupCredits: string[] }>();
    expect(ctx.makeupCredits).toHaveLength(1);

    const makeup = await booked(coach!, slot(3, 0));
    const [credit] = (await creditsOf(league.teamIds[0]!)).filter((c) => !c.revokedAt);
    expect(credit!.usedBookingId).toBe(makeup);
    // A second one past the limit: no credit left, refused in the limit's words.
    const refused = await book(coach!, slot(4, 0));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ details: { rule: 'WEEK_LIMIT' } });
    expect(refused.json().error.message).toMatch(/already has 3 practices in the week of .+ \(limit 2\)/);
    expect((await mine(coach!)).credits).toEqual([]);

    // Cancelling the make-up practice frees the credit again.
    expect((await call(coach!, 'POST', `/api/bookings/${makeup}/cancel`, {})).statusCode).toBe(200);
    expect((await mine(coach!)).credits.map((c) => c.id)).toEqual([credit!.id]);
    expect((await book(coach!, slot(4, 0))).statusCode).toBe(201);
  });

  it('also lets a second practice on one day, but not after it runs out, for a practice after that, or once removed', async () => {
    await clean();
    const [, coach] = coaches;
    await booked(coach!, slot(0, 0));
    await rainOut(0);
    await booked(coach!, slot(5, 0));
    // A second practice on Saturday: the daily limit is 1, the credit lets it in.
    expect((await book(coach!, slot(5, 2))).statusCode).toBe(201);
    await clean();

    // A credit that ran out yesterday does nothing.
    await booked(coach!, slot(5, 0));
    await t.database.db.insert(makeupCredits).values({ teamId: league.teamIds[1]!, reason: 'Old', expiresAt: new Date(Date.now() - 86_400_000) });
    // One that runs out before the practice starts does nothing for it.
    await t.database.db.insert(makeupCredits).values({ teamId: league.teamIds[1]!, reason: 'Soon', expiresAt: at(monday.add({ days: 5 }), '18:00') });
    t.wroteBehindTheApp();
    const late = await book(coach!, slot(5, 2));
    expect(late.statusCode).toBe(422);
    expect(late.json().error.details.rule).toBe('DAY_LIMIT');
    // But it does for a practice that starts before it runs out: Field 2's at 17:00.
    const field2Saturday = (await t.database.db.select({ id: slots.id }).from(slots).where(and(eq(slots.fieldId, field2), eq(slots.startsAt, at(monday.add({ days: 5 }), '17:00')))))[0]!.id;
    const one = await book(coach!, field2Saturday);
    expect(one.statusCode, one.body).toBe(201);
    await clean();

    // An admin grants one and removes it: gone for the booking call too.
    await booked(coach!, slot(5, 0));
    const granted = await call(admin, 'POST', '/api/makeup-credits', { teamId: league.teamIds[1], reason: 'Umpire no-show' });
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.json().credit).toMatchObject({ state: 'free', reason: 'Umpire no-show' });
    expect((await call(admin, 'DELETE', `/api/makeup-credits/${granted.json().credit.id}`)).statusCode).toBe(200);
    expect((await book(coach!, slot(5, 2))).json().error.details.rule).toBe('DAY_LIMIT');
    const audit = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, granted.json().credit.id));
    expect(audit.map((x) => x.action).sort()).toEqual(['makeup_credit.grant', 'makeup_credit.remove']);
  });

  it('cannot be removed while a practice uses it', async () => {
    await clean();
    const coach = coaches[2]!;
    await booked(coach, slot(5, 0));
    const granted = (await call(admin, 'POST', '/api/makeup-credits', { teamId: league.teamIds[2], reason: 'Field mix-up' })).json().credit;
    await booked(coach, slot(5, 1));
    const removed = await call(admin, 'DELETE', `/api/makeup-credits/${granted.id}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error.message).toBe('A make-up practice uses this credit. Cancel that practice first if the credit should go.');
    const listed = (await call(admin, 'GET', `/api/makeup-credits?teamId=${league.teamIds[2]}`)).json().credits;
    expect(listed.find((c: { id: string }) => c.id === granted.id)).toMatchObject({ state: 'used', usedFor: { fieldName: 'Field 1' } });
  });

  it('is not granted again for a make-up practice a second rain-out cancels: its own credit comes back', async () => {
    await clean();
    const coach = coaches[3]!;
    await booked(coach, slot(0, 0));
    await rainOut(0);
    await booked(coach, slot(1, 0));
    await booked(coach, slot(2, 0));
    const makeup = await booked(coach, slot(3, 1));
    const second = await rainOut(3);
    expect(second.creditsGranted).toBe(0);
    expect(await statusOf(makeup)).toBe('cancelled');
    const free = (await mine(coach)).credits;
    expect(free).toHaveLength(1);
  });
});

describe('reopening', () => {
  it('restores the practices whose slots are still free, takes back their credits, and tells each team once', async () => {
    await clean();
    const a = await booked(coaches[0]!, slot(4, 0));
    const b = await booked(coaches[1]!, slot(4, 1));
    const done = await rainOut(4);
    await sendMail();
    // The closure's block is lifted on its own (the blocks page), and another team books team 1's slot meanwhile.
    const [block] = (await call(admin, 'GET', '/api/blocks')).json<{ blocks: Array<{ id: string; startsAt: string }> }>().blocks.filter((x) => x.startsAt === rainOutBody(4).startsAt);
    expect((await call(admin, 'DELETE', `/api/blocks/${block!.id}`)).statusCode).toBe(200);
    const taker = await booked(coaches[2]!, slot(4, 1));

    const reopened = await call(admin, 'POST', `/api/rain-outs/${done.closure.id}/reopen`, {});
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toEqual({ slotsReopened: 0, practicesRestored: 1, practicesNotRestored: 1 });
    expect(await statusOf(a)).toBe('confirmed');
    expect(await statusOf(b)).toBe('cancelled');
    expect(await statusOf(taker)).toBe('confirmed');
    // Team 0's credit is taken back; team 1 keeps its own.
    expect((await mine(coaches[0]!)).credits).toEqual([]);
    expect((await mine(coaches[1]!)).credits).toHaveLength(1);
    // The banner says what came back.
    const notice = (await mine(coaches[0]!)).notices.find((n) => n.closureId === done.closure.id)!;
    expect(notice).toMatchObject({ reopened: true, practices: [{ restored: true }] });

    const mails = (await sendMail()).filter((m) => m.subject.startsWith('Reopened'));
    expect(mails.map((m) => m.to).sort()).toEqual(['rain-coach-0@example.org', 'rain-coach-0b@example.org', 'rain-coach-1@example.org']);
    expect(mails.find((m) => m.to === 'rain-coach-0@example.org')!.subject).toMatch(/^Reopened: .+: 1 practice back on the schedule$/);
    expect(mails.find((m) => m.to === 'rain-coach-1@example.org')!.text).toContain('stays cancelled');

    const again = await call(admin, 'POST', `/api/rain-outs/${done.closure.id}/reopen`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This rain-out was already reopened. Reload the page.');
  });

  it('keeps the credit of a restored practice if a make-up practice already used it', async () => {
    await clean();
    const coach = coaches[0]!;
    const a = await booked(coach, slot(6, 0));
    const done = await rainOut(6);
    await booked(coach, slot(1, 0));
    await booked(coach, slot(2, 0));
    const makeup = await booked(coach, slot(3, 0));
    expect((await call(admin, 'POST', `/api/rain-outs/${done.closure.id}/reopen`, {})).json().practicesRestored).toBe(1);
    expect(await statusOf(a)).toBe('confirmed');
    expect(await statusOf(makeup)).toBe('confirmed');
  });
});

describe('races', () => {
  it('two reopens at once: one reopens, the other is told it already was; each practice comes back once', async () => {
    await clean();
    const a = await booked(coaches[0]!, slot(5, 0));
    const done = await rainOut(5);
    const answers = await Promise.all([1, 2].map(() => call(admin, 'POST', `/api/rain-outs/${done.closure.id}/reopen`, {})));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await statusOf(a)).toBe('confirmed');
    const onSlot = await t.database.db.select().from(bookings).where(and(eq(bookings.slotId, slot(5, 0)), eq(bookings.status, 'confirmed')));
    expect(onSlot).toHaveLength(1);
  });

  it('a booking racing a reopen for the freed slot never makes a second booking of it', async () => {
    await clean();
    const a = await booked(coaches[0]!, slot(6, 1));
    const done = await rainOut(6);
    const [reopened, other] = await Promise.all([call(admin, 'POST', `/api/rain-outs/${done.closure.id}/reopen`, {}), book(coaches[1]!, slot(6, 1))]);
    expect(reopened.statusCode).toBe(200);
    // Blocked before the reopen commits, the restored practice's after it.
    expect(other.statusCode).toBe(409);
    expect(await statusOf(a)).toBe('confirmed');
  });

  it('two presses past the limit with one credit: exactly one is booked', async () => {
    await clean();
    const coach = coaches[1]!;
    await booked(coach, slot(0, 2));
    await rainOut(0);
    await booked(coach, slot(1, 0));
    await booked(coach, slot(2, 0));
    // Two tabs of one coach press at once.
    const [x, y] = await Promise.all([book(coach, slot(3, 0)), book(coach, slot(4, 0))]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 422]);
    expect((await mine(coach)).credits).toEqual([]);
  });

  it('a removal racing a booking on the credit: never both', async () => {
    await clean();
    const coach = coaches[2]!;
    await booked(coach, slot(1, 0));
    await booked(coach, slot(2, 0));
    const credit = (await call(admin, 'POST', '/api/makeup-credits', { teamId: league.teamIds[2], reason: 'Race' })).json().credit;
    const [removed, made] = await Promise.all([call(admin, 'DELETE', `/api/makeup-credits/${credit.id}`), book(coach, slot(3, 0))]);
    expect([removed.statusCode, made.statusCode].sort()).toEqual(removed.statusCode === 200 ? [200, 422] : [201, 409]);
  });

  it('a booking racing a rain-out of its slot ends cancelled with a credit, or refused: never confirmed under the closure', async () => {
    await clean();
    const [made, closed] = await Promise.all([book(coaches[3]!, slot(2, 2)), call(admin, 'POST', '/api/rain-outs', rainOutBody(2))]);
    expect(closed.statusCode).toBe(201);
    const confirmed = await t.database.db.select().from(bookings).where(and(eq(bookings.slotId, slot(2, 2)), eq(bookings.status, 'confirmed')));
    expect(confirmed).toEqual([]);
    if (made.statusCode === 201) {
      expect(closed.json().creditsGranted).toBe(1);
      expect(await statusOf(made.json().booking.id)).toBe('cancelled');
    } else {
      expect(made.statusCode).toBe(409);
      expect(closed.json().creditsGranted).toBe(0);
    }
  });
});

describe('a rain-out against cancels', () => {
  it('a coach’s cancel and an admin’s cancel racing rain-outs of their slots: every request answers, none with a 500', async () => {
    await clean();
    for (let d = 0; d < 5; d++) {
      const byCoach = await booked(coaches[0]!, slot(d, 0));
      const byAdmin = await booked(coaches[1]!, slot(d, 1));
      const [coachCancel, adminCancel, closed] = await Promise.all([
        call(coaches[0]!, 'POST', `/api/bookings/${byCoach}/cancel`, {}),
        call(admin, 'POST', `/api/admin/bookings/${byAdmin}/cancel`, { reason: 'Double booked' }),
        call(admin, 'POST', '/api/rain-outs', rainOutBody(d)),
      ]);
      expect(closed.statusCode, closed.body).toBe(201);
      expect([200, 409]).toContain(coachCancel.statusCode);
      expect([200, 409]).toContain(adminCancel.statusCode);
      // Whichever came first, each practice is cancelled once, and a credit only for one the rain-out cancelled.
      const cancelledByRain = [coachCancel, adminCancel].filter((r) => r.statusCode === 409).length;
      expect(closed.json().practicesCancelled).toBe(cancelledByRain);
      expect(await statusOf(byCoach)).toBe('cancelled');
      expect(await statusOf(byAdmin)).toBe('cancelled');
      await clean();
    }
  });
});

describe("a coach's banner", () => {
  it('shows the rain-out to the team’s coaches until each puts it away, and to nobody else', async () => {
    await clean();
    await booked(coaches[3]!, slot(1, 1));
    const done = await rainOut(1);
    const notices = (await mine(coaches[3]!)).notices.filter((n) => n.closureId === done.closure.id);
    expect(notices).toHaveLength(1);
    expect((await mine(coaches[0]!)).notices.map((n) => n.closureId)).not.toContain(done.closure.id);
    expect((await call(coaches[3]!, 'POST', `/api/rain-outs/${done.closure.id}/dismiss`, {})).json()).toEqual({ dismissed: true });
    expect((await mine(coaches[3]!)).notices.map((n) => n.closureId)).not.toContain(done.closure.id);
  });
});
