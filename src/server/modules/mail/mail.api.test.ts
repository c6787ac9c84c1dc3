import { and, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, mailMessages, notificationOutbox } from '../../db/schema';
import { at, nextMonday, seedLeague, type League } from '../../test/booking-fixtures';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp-test-server';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { createMailWorker, type MailWorker } from './mail-worker';
import { createSmtpTransport } from './mail-transport';
import { enqueueMail } from './mail.service';

/**
 * What each booking event sends, counted at a real SMTP server: the app's own services queue the events, a
 * mail worker (short retry delay, a clock the reminder test can set) sends them after commit.
 */
let smtp: TestSmtpServer;
let t: TestApp;
let league: League;
let worker: MailWorker;
let clock: Date | null = null;
let admin: TestUser, a1: TestUser, a2: TestUser, memberA: TestUser, b1: TestUser, b2: TestUser;
const figures: string[] = [];

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await buildTestApp({ SMTP_URL: smtp.url() });
  league = await seedLeague(t, { teams: 2, rules: { maxPerWeek: 10, maxPerDay: 5, maxUpcoming: 20 } });
  admin = await t.signUp({ email: 'ml-admin@example.org', role: 'admin' });
  a1 = await t.signUp({ email: 'ml-a1@example.org', role: 'coach', teamId: league.teamIds[0]! });
  a2 = await t.signUp({ email: 'ML-A2@example.org', role: 'coach', teamId: league.teamIds[0]! });
  memberA = await t.signUp({ email: 'ml-parent@example.org', role: 'member', teamId: league.teamIds[0]! });
  b1 = await t.signUp({ email: 'ml-b1@example.org', role: 'coach', teamId: league.teamIds[1]! });
  b2 = await t.signUp({ email: 'ml-b2@example.org', role: 'coach', teamId: league.teamIds[1]! });
  // b1 keeps reminders but turns booking emails off, on /profile.
  const prefs = await t.app.inject({ method: 'PUT', url: '/api/me/notifications', payload: { bookingChanges: false, reminders: true }, headers: { origin: TEST_ORIGIN, cookie: b1.cookie } });
  expect(prefs.statusCode).toBe(200);
  worker = createMailWorker(
    { db: t.database.db, league: t.context.league, live: t.context.live, transport: createSmtpTransport(smtp.url(), 5_000), publicUrl: t.config.publicUrl, log: silent },
    { pollMs: 100, retryBaseMs: 150, reminderEveryMs: 0, now: () => clock ?? new Date() },
  );
  worker.start();
  // Sign-up queues other mail (address verification): let it go before counting booking emails.
  await settled();
}, 60_000);

afterAll(async () => {
  if (figures.length) console.info(`mail figures:\n  ${figures.join('\n  ')}`);
  await worker?.stop();
  await t?.close();
  await smtp?.close();
});

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const post = (user: TestUser, url: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, cookie: user.cookie } });

/** Waits until every notification is handed over and no message is waiting or being sent. */
async function settled(ms = 20_000): Promise<void> {
  const db = t.database.db;
  const until = Date.now() + ms;
  for (;;) {
    const [unsent] = await db.select({ n: count() }).from(notificationOutbox).where(isNull(notificationOutbox.sentAt));
    const [busy] = await db.select({ n: count() }).from(mailMessages).where(inArray(mailMessages.status, ['pending', 'sending']));
    if (unsent!.n === 0 && busy!.n === 0) return;
    if (Date.now() > until) throw new Error(`mail did not settle within ${ms} ms: ${unsent!.n} notifications not handed over, ${busy!.n} messages waiting`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** What the SMTP server accepts from now on. */
function watch(): () => ReceivedMail[] {
  const from = smtp.received.length;
  return () => smtp.received.slice(from).filter((m) => !m.stalled && smtp.accepted().includes(m));
}
const recipients = (mails: ReceivedMail[]) => mails.flatMap((m) => m.to.map((a) => a.toLowerCase())).sort();

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** Day d of the seeded week, as the mail writes it: "Tue Mar 3". */
const dayOf = (d: number) => {
  const date: Temporal.PlainDate = nextMonday().add({ days: d });
  return `${DAYS[date.dayOfWeek - 1]} ${MONTHS[date.month - 1]} ${date.day}`;
};

async function book(coach: TestUser, day: number, k: number): Promise<string> {
  const res = await post(coach, '/api/bookings', { slotId: league.slotIds[day]![k]! });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().booking.id as string;
}

describe('booking emails, counted at a real SMTP server', () => {
  it('a booking: one message to each active coach of the team (the booker once), in league time, with links back to the app', async () => {
    const got = watch();
    const started = performance.now();
    await book(a1, 1, 0);
    const committed = performance.now();
    await smtp.waitFor(() => got().length >= 2, 'the two booking emails');
    figures.push(`booking committed → both emails accepted by SMTP: ${Math.round(performance.now() - committed)} ms (request ${Math.round(committed - started)} ms)`);
    await settled();
    const mails = got();
    // a1 booked and coaches the team: one message, not two. The member of the team gets none.
    expect(recipients(mails)).toEqual(['ml-a1@example.org', 'ml-a2@example.org']);
    for (const m of mails) {
      expect(m.subject).toMatch(new RegExp(`^Practice booked: Team 1 \\d+, Field 1, ${dayOf(1)}, 5:00 pm$`));
      expect(m.text).toContain(`Field 1, ${dayOf(1)}, 5:00 pm – 6:20 pm.`);
      expect(m.text).toContain('CGSL Softball League');
      expect(m.links).toEqual([`${TEST_ORIGIN}/my-reservations`, `${TEST_ORIGIN}/profile`]);
      expect(m.html).toContain(`href="${TEST_ORIGIN}/my-reservations"`);
      expect(m.from).toBe('no-reply@localhost');
      expect(m.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    }
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(2);
    expect(recipients(mails)).not.toContain(memberA.email);
  });

  it("a coach's cancel: each coach hears it was cancelled, with the reason", async () => {
    const id = await book(a1, 1, 2);
    await settled();
    const got = watch();
    expect((await post(a1, `/api/bookings/${id}/cancel`)).statusCode).toBe(200);
    await settled();
    const mails = got();
    expect(recipients(mails)).toEqual(['ml-a1@example.org', 'ml-a2@example.org']);
    expect(mails[0]!.subject).toMatch(new RegExp(`^Practice cancelled: Team 1 \\d+, Field 1, ${dayOf(1)}, 8:00 pm$`));
    expect(mails[0]!.text).toContain('Reason: Cancelled by the coach');
    expect(mails[0]!.links[0]).toBe(`${TEST_ORIGIN}/slots`);
  });

  it('a block over a booking: "the slot was blocked under your booking", with the block\'s reason', async () => {
    await book(a1, 1, 1);
    await settled();
    const got = watch();
    const blocked = await post(admin, '/api/blocks', { scope: 'slot', slotId: league.slotIds[1]![1], category: 'weather', reason: 'Field flooded', onBookings: 'cancel' });
    expect(blocked.statusCode).toBe(201);
    await settled();
    const mails = got();
    // The block names the booker (a1) as well as the team: still one message each.
    expect(recipients(mails)).toEqual(['ml-a1@example.org', 'ml-a2@example.org']);
    expect(mails[0]!.subject).toMatch(new RegExp(`^Practice cancelled, slot blocked: Team 1 \\d+, Field 1, ${dayOf(1)}, 6:30 pm$`));
    expect(mails[0]!.text).toContain('The slot was blocked under your booking');
    expect(mails[0]!.text).toContain(`The league closed Field 1 on ${dayOf(1)}, 6:30 pm – 7:50 pm`);
    expect(mails[0]!.text).toContain('Reason: Weather: Field flooded');
  });

  it('a coach who turned booking emails off on /profile gets none; the other coach of the team still does', async () => {
    const got = watch();
    await book(b2, 2, 1);
    await settled();
    expect(recipients(got())).toEqual(['ml-b2@example.org']);
  });

  it('an override that bumps: the bumped team hears "bumped", the new team "booked by a league admin"', async () => {
    await book(a1, 2, 0);
    await settled();
    const got = watch();
    const res = await post(admin, '/api/admin/bookings/override', { slotId: league.slotIds[2]![0], teamId: league.teamIds[1], reason: 'Tournament prep', bump: true });
    expect(res.statusCode).toBe(201);
    await settled();
    const mails = got();
    expect(recipients(mails)).toEqual(['ml-a1@example.org', 'ml-a2@example.org', 'ml-b2@example.org']);
    const bumped = mails.filter((m) => m.subject.startsWith('Practice bumped'));
    expect(recipients(bumped)).toEqual(['ml-a1@example.org', 'ml-a2@example.org']);
    expect(bumped[0]!.text).toContain(`A league admin gave the slot on Field 1, ${dayOf(2)}, 5:00 pm – 6:20 pm to another team`);
    expect(bumped[0]!.text).toContain('Reason: Bumped by a league admin: Tournament prep');
    const booked = mails.find((m) => m.to[0] === 'ml-b2@example.org')!;
    expect(booked.subject).toMatch(/^Practice booked: Team 2 /);
    expect(booked.text).toContain('A league admin booked this practice for your team.');
    expect(booked.text).toContain('Reason: Tournament prep');
  });

  it('a move: the team hears where and when the practice is now, and where it was', async () => {
    const [booking] = await t.database.db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.slotId, league.slotIds[2]![0]!), eq(bookings.status, 'confirmed')));
    const got = watch();
    const moved = await post(admin, `/api/admin/bookings/${booking!.id}/move`, { slotId: league.slotIds[2]![2], reason: 'Lights on the late slot' });
    expect(moved.statusCode).toBe(200);
    await settled();
    const mails = got();
    expect(recipients(mails)).toEqual(['ml-b2@example.org']);
    expect(mails[0]!.subject).toMatch(new RegExp(`^Practice moved: Team 2 \\d+, now Field 1, ${dayOf(2)}, 8:00 pm$`));
    expect(mails[0]!.text).toContain(`from Field 1, ${dayOf(2)}, 5:00 pm to Field 1, ${dayOf(2)}, 8:00 pm – 9:20 pm.`);
    expect(mails[0]!.text).toContain('Reason: Lights on the late slot');
  });

  it('the evening before: one reminder per confirmed practice from 18:00 league time, to coaches who keep reminders on, queued once', async () => {
    await book(a1, 0, 0);
    await book(b2, 0, 1);
    const cancelled = await book(a1, 0, 2);
    expect((await post(a1, `/api/bookings/${cancelled}/cancel`)).statusCode).toBe(200);
    const off = await t.app.inject({ method: 'PUT', url: '/api/me/notifications', payload: { bookingChanges: true, reminders: false }, headers: { origin: TEST_ORIGIN, cookie: a2.cookie } });
    expect(off.statusCode).toBe(200);
    await settled();
    const got = watch();
    const sunday = nextMonday().subtract({ days: 1 });
    try {
      clock = at(sunday, '17:59');
      await worker.runOnce();
      await settled();
      expect(got()).toEqual([]);
      for (const time of ['18:00', '18:30', '23:59']) {
        clock = at(sunday, time);
        await worker.runOnce();
        await settled();
      }
    } finally {
      clock = null;
    }
    const mails = got();
    // Team 1: a1 (a2 turned reminders off). Team 2: b1 (booking emails off, reminders on) and b2. Not the cancelled one.
    expect(recipients(mails)).toEqual(['ml-a1@example.org', 'ml-b1@example.org', 'ml-b2@example.org']);
    const a1Mail = mails.find((m) => m.to[0] === 'ml-a1@example.org')!;
    expect(a1Mail.subject).toMatch(new RegExp(`^Practice tomorrow: Team 1 \\d+, Field 1, ${dayOf(0)}, 5:00 pm$`));
    expect(a1Mail.text).toMatch(new RegExp(`${dayOf(0)}, 5:00 pm – 6:20 pm on Field 1 at Park \\d+\\.`));
    expect(a1Mail.text).toContain(`To turn them off, open your profile: ${TEST_ORIGIN}/profile`);
    const queued = await t.database.db.select({ key: notificationOutbox.dedupeKey }).from(notificationOutbox).where(and(eq(notificationOutbox.kind, 'booking.reminder'), isNotNull(notificationOutbox.dedupeKey)));
    expect(queued).toHaveLength(2);
  });

  it('a temporary SMTP failure (451) is retried after a short backoff and the message delivered once', async () => {
    smtp.failNext(1);
    const got = watch();
    const from = smtp.received.length;
    await book(a1, 3, 0);
    await settled();
    expect(recipients(got())).toEqual(['ml-a1@example.org', 'ml-a2@example.org']);
    // Three arrived at the server: one refused with 451, then both accepted; the refused one went again with its Message-ID.
    const all = smtp.received.slice(from);
    expect(all).toHaveLength(3);
    expect(all.filter((m) => m.messageId === all[0]!.messageId)).toHaveLength(2);
    const rows = await t.database.db.select().from(mailMessages).where(inArray(mailMessages.messageId, all.map((m) => m.messageId)));
    expect(rows.map((r) => [r.status, r.attempts]).sort()).toEqual([['sent', 1], ['sent', 2]]);
  });

  it('an address the server refuses for good (550) is marked failed at once; the other coach still gets theirs', async () => {
    smtp.rejectRecipient(a2.email);
    const got = watch();
    await book(a1, 3, 1);
    await settled();
    expect(recipients(got())).toEqual(['ml-a1@example.org']);
    const [failed, ...others] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.status, 'failed'));
    expect(others).toEqual([]);
    expect(failed).toMatchObject({ toAddress: 'ml-a2@example.org', status: 'failed', attempts: 1, kind: 'booking.created' });
    expect(failed!.lastError).toContain('550');
  });
});

describe('throughput', () => {
  it('200 messages queued in one transaction are each accepted once by the SMTP server', async () => {
    const got = watch();
    const started = performance.now();
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 200; i++) {
        await enqueueMail(tx, t.config.publicUrl, { kind: 'test', to: `bulk-${i}@example.org`, toUserId: null, subject: `Bulk ${i}`, text: `Message ${i} ${TEST_ORIGIN}/x`, html: `<p>Message ${i}</p>` });
      }
    });
    const committed = performance.now();
    await smtp.waitFor(() => got().length >= 200, '200 bulk messages', 40_000);
    const seconds = (performance.now() - committed) / 1000;
    figures.push(`SMTP: 200 messages in ${seconds.toFixed(2)} s after commit = ${Math.round(200 / seconds)} messages/s (queueing took ${Math.round(committed - started)} ms)`);
    await settled();
    const mails = got();
    expect(mails).toHaveLength(200);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(200);
    expect(new Set(mails.map((m) => m.to[0])).size).toBe(200);
  }, 60_000);
});
