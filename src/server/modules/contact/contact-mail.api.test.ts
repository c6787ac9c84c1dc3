import { count, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, notificationOutbox } from '../../db/schema';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp-test-server';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { createMailWorker, type MailWorker } from '../mail/mail-worker';
import { createSmtpTransport } from '../mail/mail-transport';

/** A message on /contact mails every active admin (decision 021), counted at a real SMTP server. */
let smtp: TestSmtpServer;
let t: TestApp;
let worker: MailWorker;
let admin1: TestUser, admin2: TestUser, disabledAdmin: TestUser;
let addressCounter = 0;
const freshAddress = () => `203.0.113.${++addressCounter}`;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await buildTestApp({ SMTP_URL: smtp.url() });
  admin1 = await t.signUp({ email: 'cm-admin1@example.org', role: 'admin' });
  admin2 = await t.signUp({ email: 'cm-admin2@example.org', role: 'admin' });
  disabledAdmin = await t.signUp({ email: 'cm-admin-off@example.org', role: 'admin' });
  await t.signUp({ email: 'cm-coach@example.org', role: 'coach' });
  await t.signUp({ email: 'cm-member@example.org' });
  const off = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/users/${disabledAdmin.id}`,
    payload: { disabled: true },
    headers: { origin: TEST_ORIGIN, cookie: admin1.cookie },
  });
  expect(off.statusCode, off.body).toBe(200);
  worker = createMailWorker(
    {
      db: t.database.db,
      league: t.context.league,
      live: t.context.live,
      transport: createSmtpTransport(smtp.url(), 5_000),
      publicUrl: t.config.publicUrl,
      log: silent,
    },
    { pollMs: 50, retryBaseMs: 150 },
  );
  worker.start();
  await settled(); // Sign-up mail (address verification) goes first.
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await smtp?.close();
});

async function settled(ms = 20_000): Promise<void> {
  const db = t.database.db;
  const until = Date.now() + ms;
  for (;;) {
    const [unsent] = await db.select({ n: count() }).from(notificationOutbox).where(isNull(notificationOutbox.sentAt));
    const [busy] = await db
      .select({ n: count() })
      .from(mailMessages)
      .where(inArray(mailMessages.status, ['pending', 'sending']));
    if (unsent!.n === 0 && busy!.n === 0) return;
    if (Date.now() > until) throw new Error(`mail did not settle within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function watch(): () => ReceivedMail[] {
  const from = smtp.received.length;
  return () => smtp.received.slice(from).filter((m) => smtp.accepted().includes(m));
}
const recipients = (mails: ReceivedMail[]) => mails.flatMap((m) => m.to.map((a) => a.toLowerCase())).sort();

const send = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: {
      name: 'Dana Diaz',
      email: 'dana@example.org',
      subject: 'Lights on Field 3',
      message: 'The lights on Field 3 stayed off on Tuesday evening.',
      ...body,
    },
    remoteAddress: freshAddress(),
    headers: { origin: TEST_ORIGIN },
  });

/** The kinds of notification queued so far for contact messages. */
const contactNotifications = async () => (await t.database.db.select().from(notificationOutbox)).filter((n) => n.kind === 'contact.received');

describe('contact message mail to admins', () => {
  it('one message: one email to each active admin (not the disabled admin, no coach or member), naming the sender, linking to /admin', async () => {
    const got = watch();
    const res = await send({ message: 'Hello <b>admins</b>, the <script>alert(1)</script> lights are off.\nSecond line.' });
    expect(res.statusCode).toBe(201);
    await smtp.waitFor(() => got().length >= 2, 'the two admin emails');
    await settled();
    const mails = got();
    expect(recipients(mails)).toEqual([admin1.email, admin2.email]);
    for (const m of mails) {
      expect(m.subject).toBe('Contact message from Dana Diaz: Lights on Field 3');
      expect(m.text).toContain('From: Dana Diaz <dana@example.org>');
      expect(m.text).toContain('Hello <b>admins</b>, the <script>alert(1)</script> lights are off.\nSecond line.');
      expect(m.links[0]).toBe(`${TEST_ORIGIN}/admin`);
      // The HTML part shows the sender's markup as text: escaped, never a tag of the mail.
      expect(m.html).toContain('Hello &lt;b&gt;admins&lt;/b&gt;, the &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(m.html).not.toContain('<script>');
      expect(m.html).not.toContain('<b>admins');
      expect(m.html).toContain(`href="${TEST_ORIGIN}/admin"`);
    }
  });

  it('a filled honeypot sends nothing and queues nothing', async () => {
    const before = (await contactNotifications()).length;
    const got = watch();
    const res = await send({ subject: 'Cheap pills', website: 'https://spam.example' });
    expect(res.statusCode).toBe(201);
    await settled();
    expect((await contactNotifications()).length).toBe(before);
    expect(got()).toEqual([]);
  });

  it('a rate-limited message sends nothing', async () => {
    const email = 'flood@example.org';
    for (let i = 0; i < 3; i++) expect((await send({ email, subject: `Flood ${i}` })).statusCode).toBe(201);
    const before = (await contactNotifications()).length;
    expect((await send({ email, subject: 'Flood 4' })).statusCode).toBe(429);
    expect((await contactNotifications()).length).toBe(before);
    await settled();
    expect(smtp.accepted().some((m) => m.subject.includes('Flood 4'))).toBe(false);
  });

  it('CR/LF in the name or subject cannot add a header; the email field refuses them', async () => {
    const got = watch();
    const res = await send({ name: 'Eve\r\nBcc: victim@example.org', subject: 'Hi\r\nX-Injected: yes\nReply-To: evil@example.org', email: 'eve@example.org' });
    expect(res.statusCode).toBe(201);
    await smtp.waitFor(() => got().length >= 2, 'the two admin emails');
    await settled();
    const mails = got();
    expect(recipients(mails)).toEqual([admin1.email, admin2.email]);
    for (const m of mails) {
      expect(m.headerNames).not.toContain('bcc');
      expect(m.headerNames).not.toContain('x-injected');
      expect(m.headerNames).not.toContain('reply-to');
      expect(m.subject).toBe('Contact message from Eve Bcc: victim@example.org: Hi X-Injected: yes Reply-To: evil@example.org');
    }
    const bad = await send({ email: 'eve@example.org\r\nBcc: victim@example.org' });
    expect(bad.statusCode).toBe(400);
  });
});
