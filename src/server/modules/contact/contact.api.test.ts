import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactMessages } from '../../db/schema';
import { CONTACT_LIMITS } from '../../../shared/contact/contact.schemas';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let parent: TestUser;
let addressCounter = 0;
/** A network address of its own for each test, so one test's messages never count against another's. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

const message = (over: Record<string, unknown> = {}) => ({
  name: 'Dana Diaz',
  email: 'dana@example.org',
  subject: 'Lights on Field 3',
  message: 'The lights on Field 3 stayed off on Tuesday evening.',
  ...over,
});
const send = (body: unknown, remoteAddress: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: body as object,
    remoteAddress,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
const asAdmin = (method: 'GET' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, ...(payload ? { payload: payload } : {}), headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });
const stored = async () => t.database.db.select().from(contactMessages);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'inbox-admin@example.org', role: 'admin' });
  parent = await t.signUp({ email: 'inbox-parent@example.org', name: 'Pat Parent' });
}, 60_000);
afterAll(() => t.close());

describe('POST /api/contact', () => {
  it('stores a visitor’s message as new, with the address it came from; the admin inbox lists it', async () => {
    const ip = freshAddress();
    const res = await send(message({ email: 'Visitor.One@Example.org', subject: 'Visitor question' }), ip);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ received: true });
    const row = (await stored()).find((m) => m.subject === 'Visitor question')!;
    expect(row).toMatchObject({ name: 'Dana Diaz', email: 'visitor.one@example.org', status: 'new', ip, userId: null });

    const box = (await asAdmin('GET', '/api/admin/contact-messages')).json();
    expect(box.messages.map((m: { subject: string }) => m.subject)).toContain('Visitor question');
    expect(box.counts.new).toBeGreaterThanOrEqual(1);
  });

  it('remembers a signed-in sender', async () => {
    expect((await send(message({ subject: 'From a parent', email: parent.email }), freshAddress(), parent.cookie)).statusCode).toBe(201);
    const row = (await stored()).find((m) => m.subject === 'From a parent')!;
    expect(row.userId).toBe(parent.id);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const before = (await stored()).length;
    const res = await send(message({ subject: 'Cheap pills', website: 'https://spam.example' }), freshAddress());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ received: true });
    expect((await stored()).length).toBe(before);
  });

  it('refuses a message with missing or oversized fields, with words for each field, and stores nothing', async () => {
    const before = (await stored()).length;
    const res = await send({ name: '', email: 'not-an-email', subject: 'x'.repeat(151), message: 'short' }, freshAddress());
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries((res.json().error.details as Array<{ path: string; message: string }>).map((d) => [d.path, d.message]));
    expect(fields).toMatchObject({
      name: 'Enter your name',
      email: 'Enter a valid email address, like name@example.com',
      subject: 'Use at most 150 characters',
    });
    expect(fields.message).toMatch(/at least 10 characters/);
    expect((await stored()).length).toBe(before);
  });

  it(`takes ${CONTACT_LIMITS.perEmailPerHour} messages an hour from one email, then 429 with when to try again, even from other addresses`, async () => {
    const email = 'busy.sender@example.org';
    for (let i = 0; i < CONTACT_LIMITS.perEmailPerHour; i++) expect((await send(message({ email, subject: `Try ${i}` }), freshAddress())).statusCode).toBe(201);
    const limited = await send(message({ email: 'BUSY.sender@example.org', subject: 'One too many' }), freshAddress());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.json().error.message).toMatch(
      /^You have sent 3 messages from this email address in the last hour, the most we take\. Try again in (59|60) minutes/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(58 * 60);
    expect((await stored()).some((m) => m.subject === 'One too many')).toBe(false);
  });

  it(`takes ${CONTACT_LIMITS.perAddressPerHour} messages an hour from one network address, whatever the emails`, async () => {
    const ip = freshAddress();
    for (let i = 0; i < CONTACT_LIMITS.perAddressPerHour; i++) expect((await send(message({ email: `crowd${i}@example.org` }), ip)).statusCode).toBe(201);
    const limited = await send(message({ email: 'crowd-last@example.org' }), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toContain('from this network');
    // Another address is not held back.
    expect((await send(message({ email: 'crowd-last@example.org' }), freshAddress())).statusCode).toBe(201);
  });

  it('holds the limit exactly when ten messages from one email arrive at once', async () => {
    const email = 'burst@example.org';
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => send(message({ email, subject: `Burst ${i}` }), freshAddress())));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(CONTACT_LIMITS.perEmailPerHour);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(10 - CONTACT_LIMITS.perEmailPerHour);
    expect((await stored()).filter((m) => m.email === email)).toHaveLength(CONTACT_LIMITS.perEmailPerHour);
  });
});

describe('the admin inbox', () => {
  it('moves a message from new to read to archived, audit-logged, with counts per tab', async () => {
    await send(message({ subject: 'Inbox walk', email: 'walker@example.org' }), freshAddress());
    const id = (await asAdmin('GET', '/api/admin/contact-messages?status=new')).json().messages.find((m: { subject: string }) => m.subject === 'Inbox walk')
      .id as string;

    const read = await asAdmin('PATCH', `/api/admin/contact-messages/${id}`, { status: 'read' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id, status: 'read', email: 'walker@example.org' });
    const readTab = (await asAdmin('GET', '/api/admin/contact-messages?status=read')).json();
    expect(readTab.messages.map((m: { id: string }) => m.id)).toContain(id);
    expect((await asAdmin('GET', '/api/admin/contact-messages?status=new')).json().messages.map((m: { id: string }) => m.id)).not.toContain(id);

    expect((await asAdmin('PATCH', `/api/admin/contact-messages/${id}`, { status: 'archived' })).json().status).toBe('archived');
    const archived = (await asAdmin('GET', '/api/admin/contact-messages?status=archived')).json();
    expect(archived.messages.map((m: { id: string }) => m.id)).toContain(id);
    expect(archived.counts.archived).toBeGreaterThanOrEqual(1);

    const audit = (await t.database.db.select().from(auditLog)).filter((a) => a.entityId === id);
    expect(audit.map((a) => a.action).sort()).toEqual(['contact.archived', 'contact.read']);
    expect(audit[0]!.actorId).toBe(admin.id);
  });

  it('says a missing message is gone; refuses an unknown status', async () => {
    expect((await asAdmin('PATCH', '/api/admin/contact-messages/00000000-0000-4000-8000-000000000000', { status: 'read' })).statusCode).toBe(404);
    const [row] = await stored();
    expect((await asAdmin('PATCH', `/api/admin/contact-messages/${row!.id}`, { status: 'deleted' })).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ url: '/api/admin/contact-messages' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/contact-messages', headers: { cookie: parent.cookie } })).statusCode).toBe(403);
  });
});
