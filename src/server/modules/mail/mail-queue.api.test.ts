import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailMessages } from '../../db/schema';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-test-server';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import type { MailQueuePage, QueuedMail } from '../../../shared/mail/mail-queue.schemas';
import { createMailWorker } from './mail-worker';
import { createSmtpTransport } from './mail-transport';
import { enqueueMail } from './mail.service';

/**
 * The admins' mail page (decision 007): failed and waiting messages with their recipient and reason, keyset-paged,
 * and "send again" with the same Message-ID through the real worker and a real SMTP server; and the worker's
 * pruning of sent mail past MAIL_RETENTION_DAYS.
 */
let smtp: TestSmtpServer;
let t: TestApp;
let admin: TestUser;
let coach: TestUser;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await buildTestApp({ SMTP_URL: smtp.url() });
  admin = await t.signUp({ email: 'mq-admin@example.org', role: 'admin' });
  coach = await t.signUp({ email: 'mq-coach@example.org', role: 'coach' });
  // Sign-up queued address verification mail: sent now, so the lists below start empty.
  await t.mail.runOnce();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
const resend = (user: TestUser, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/mail-messages/${id}/resend`, payload: {}, headers: { origin: TEST_ORIGIN, cookie: user.cookie } });

async function queue(to: string, subject: string): Promise<void> {
  await t.database.db.transaction((tx) => enqueueMail(tx, t.config.publicUrl, { kind: 'test', to, toUserId: null, subject, text: 'Hello', html: '<p>Hello</p>' }));
}
const rowOf = async (to: string) => (await t.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, to)))[0]!;

describe('the mail page', () => {
  it('is for admins only', async () => {
    expect((await get(coach, '/api/admin/mail-messages')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/mail-messages' })).statusCode).toBe(401);
    const row = await t.database.db.select({ id: mailMessages.id }).from(mailMessages).limit(1);
    expect((await resend(coach, row[0]!.id)).statusCode).toBe(403);
  });

  it('lists a refused message as failed with its recipient and reason; sending it again keeps the Message-ID and is audit-logged', async () => {
    smtp.rejectRecipient('mq-refused@example.org');
    await queue('mq-refused@example.org', 'MQ refused');
    await t.mail.runOnce();

    const res = await get(admin, '/api/admin/mail-messages?view=failed');
    expect(res.statusCode).toBe(200);
    const page = res.json<MailQueuePage>();
    expect(page.counts).toEqual({ failed: 1, waiting: 0 });
    expect(page.retentionDays).toBe(90);
    const failed = page.messages.find((m) => m.toAddress === 'mq-refused@example.org')!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, subject: 'MQ refused', kind: 'test' });
    expect(failed.lastError).toMatch(/550/);
    const before = await rowOf('mq-refused@example.org');
    expect(failed.messageId).toBe(before.messageId);

    const again = await resend(admin, failed.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<QueuedMail>()).toMatchObject({ id: failed.id, status: 'pending', attempts: 0, messageId: before.messageId });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'mail.resend'), eq(auditLog.entityId, failed.id)));
    expect(entry).toMatchObject({ entityType: 'mail_message', actorEmail: 'mq-admin@example.org', summary: 'Sent the email "MQ refused" to mq-refused@example.org again (same Message-ID)' });
    expect(entry!.before).toMatchObject({ status: 'failed', attempts: 1 });

    // The worker tries it again (the SMTP server still refuses the address: failed again, after one new attempt).
    expect(await rowOf('mq-refused@example.org')).toMatchObject({ status: 'pending', attempts: 0, messageId: before.messageId });
    const pass = await t.mail.runOnce();
    expect(pass.failed).toBe(1);
    expect(await rowOf('mq-refused@example.org')).toMatchObject({ status: 'failed', attempts: 1, messageId: before.messageId });
  });

  it('lists a message waiting for its retry; sending it again sends it now, once, with the same Message-ID', async () => {
    smtp.failNext(1);
    await queue('mq-later@example.org', 'MQ later');
    await t.mail.runOnce();
    const waiting = (await get(admin, '/api/admin/mail-messages?view=waiting')).json<MailQueuePage>();
    const m = waiting.messages.find((x) => x.toAddress === 'mq-later@example.org')!;
    // A temporary failure: retried after about 30 s, with the server's words kept.
    expect(m).toMatchObject({ status: 'pending', attempts: 1 });
    expect(m.lastError).toMatch(/451/);
    expect(Date.parse(m.nextAttemptAt) - Date.now()).toBeGreaterThan(10_000);

    expect((await resend(admin, m.id)).statusCode).toBe(200);
    const from = smtp.received.length;
    await t.mail.runOnce();
    const arrived = smtp.accepted().filter((r) => smtp.received.indexOf(r) >= from);
    expect(arrived.map((r) => [r.to, r.messageId])).toEqual([[['mq-later@example.org'], m.messageId]]);
    expect(await rowOf('mq-later@example.org')).toMatchObject({ status: 'sent', lastError: null });
    // Sent: nothing to send again.
    const sentAgain = await resend(admin, m.id);
    expect(sentAgain.statusCode).toBe(409);
    expect(sentAgain.json<{ error: { message: string } }>().error.message).toContain('has been sent since the list loaded');
  });

  it('refuses a message being sent right now and one that is not there', async () => {
    await queue('mq-busy@example.org', 'MQ busy');
    await t.database.db.update(mailMessages).set({ status: 'sending', claimedAt: sql`now()` }).where(eq(mailMessages.toAddress, 'mq-busy@example.org'));
    const busy = await rowOf('mq-busy@example.org');
    const res = await resend(admin, busy.id);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: { message: string } }>().error.message).toContain('is being sent right now');
    const missing = await resend(admin, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ error: { message: string } }>().error.message).toContain('not in the mail queue any more');
    await t.database.db.update(mailMessages).set({ status: 'sent', claimedAt: null, sentAt: sql`now()` }).where(eq(mailMessages.id, busy.id));
  });

  it('pages newest first by a cursor, without repeats, and refuses a damaged cursor in words', async () => {
    for (const i of [1, 2, 3]) smtp.rejectRecipient(`mq-page-${i}@example.org`);
    for (const i of [1, 2, 3]) await queue(`mq-page-${i}@example.org`, `MQ page ${i}`);
    // PGlite's clock ticks in milliseconds, so two of these can share a created_at (and then go by id, at random):
    // i ms apart, they keep the order they were queued in.
    for (const i of [1, 2, 3]) {
      await t.database.db
        .update(mailMessages)
        .set({ createdAt: sql`${mailMessages.createdAt} + ${i} * interval '1 millisecond'` })
        .where(eq(mailMessages.toAddress, `mq-page-${i}@example.org`));
    }
    await t.mail.runOnce();
    const first = (await get(admin, '/api/admin/mail-messages?view=failed&limit=2')).json<MailQueuePage>();
    expect(first.messages.map((m) => m.subject)).toEqual(['MQ page 3', 'MQ page 2']);
    expect(first.nextCursor).not.toBeNull();
    const second = (await get(admin, `/api/admin/mail-messages?view=failed&limit=2&cursor=${first.nextCursor}`)).json<MailQueuePage>();
    expect(second.messages.map((m) => m.subject)).toEqual(['MQ page 1', 'MQ refused']);
    expect(second.nextCursor).toBeNull();
    expect(second.counts.failed).toBe(4);

    const bad = await get(admin, '/api/admin/mail-messages?view=failed&cursor=bm9wZQ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { message: string } }>().error.message).toContain('Start again from the first page of the mail list');
  });
});

describe('retention', () => {
  it('deletes sent mail older than MAIL_RETENTION_DAYS in batches; newer sent mail and failed mail stay', async () => {
    const db = t.database.db;
    for (const i of [1, 2, 3, 4, 5]) await queue(`mq-old-${i}@example.org`, `MQ old ${i}`);
    await queue('mq-recent@example.org', 'MQ recent');
    await queue('mq-old-failed@example.org', 'MQ old failed');
    await db
      .update(mailMessages)
      .set({ status: 'sent', sentAt: sql`now() - interval '91 days'` })
      .where(sql`${mailMessages.toAddress} like 'mq-old-_@example.org'`);
    await db.update(mailMessages).set({ status: 'sent', sentAt: sql`now() - interval '89 days'` }).where(eq(mailMessages.toAddress, 'mq-recent@example.org'));
    await db.update(mailMessages).set({ status: 'failed', createdAt: sql`now() - interval '200 days'` }).where(eq(mailMessages.toAddress, 'mq-old-failed@example.org'));

    const silent = { info: () => {}, warn: () => {}, error: () => {} };
    const worker = createMailWorker(
      { db, league: t.context.league, transport: createSmtpTransport(smtp.url(), 5_000), publicUrl: t.config.publicUrl, log: silent },
      { retentionDays: 90, pruneBatch: 2 },
    );
    try {
      const pass = await worker.runOnce();
      expect(pass.pruned).toBe(5);
    } finally {
      await worker.stop();
    }
    const left = await db.select({ to: mailMessages.toAddress }).from(mailMessages).where(sql`${mailMessages.toAddress} like 'mq-%old%' or ${mailMessages.toAddress} = 'mq-recent@example.org'`);
    expect(left.map((r) => r.to).sort()).toEqual(['mq-old-failed@example.org', 'mq-recent@example.org']);
  });
});
