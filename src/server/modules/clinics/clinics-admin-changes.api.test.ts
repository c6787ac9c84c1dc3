import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clinicRegistrations, notificationOutbox } from '../../db/schema';
import type { Clinic, ClinicInput, Registration } from '../../../shared/clinics/clinics.schemas';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { notificationMail } from '../mail/notification-mail';

let t: TestApp;
let admin: TestUser;
let parents: TestUser[];
let counter = 0;

const send = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
  });

// Fixed instants, so the emails' words can be checked as people read them (America/Chicago: 9:00 am – 11:00 am).
const clinicInput = (over: Partial<ClinicInput> = {}): ClinicInput => ({
  title: `Admin clinic ${++counter}`,
  description: 'Bring a glove.',
  startsAt: '2027-05-01T14:00:00.000Z',
  endsAt: '2027-05-01T16:00:00.000Z',
  locationText: 'Lincoln Middle School gym',
  ageGroup: '8U-10U',
  capacity: 1,
  published: true,
  ...over,
});

async function newClinic(over: Partial<ClinicInput> = {}): Promise<Clinic> {
  const res = await send(admin, 'POST', '/api/clinics', clinicInput(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ clinic: Clinic }>().clinic;
}

async function registered(who: TestUser, clinicId: string, name: string): Promise<Registration> {
  const res = await send(who, 'POST', `/api/clinics/${clinicId}/registrations`, {
    participantName: name,
    participantAge: 9,
    emergencyContact: 'Sam Doe 555-0100',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ registration: Registration }>().registration;
}

const adminCancel = (who: TestUser | null, clinicId: string, registrationId: string) =>
  send(who, 'POST', `/api/clinics/${clinicId}/registrations/${registrationId}/cancel`);

const statuses = async (clinicId: string) =>
  (
    await t.database.db
      .select({ name: clinicRegistrations.participantName, status: clinicRegistrations.status })
      .from(clinicRegistrations)
      .where(eq(clinicRegistrations.clinicId, clinicId))
      .orderBy(asc(clinicRegistrations.seq))
  ).map((r) => `${r.name}:${r.status}`);

const outbox = async (kind: string, clinicId: string) =>
  (await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.kind, kind)))
    .map((r) => ({ payload: r.payload as { clinicId: string; participantName: string }, userId: r.recipientUserId }))
    .filter((r) => r.payload.clinicId === clinicId);

const mailContext = { leagueName: 'CGSL', timeZone: 'America/Chicago', publicUrl: 'https://league.example.org' };
const mailText = (kind: string, payload: unknown) => {
  const mail = notificationMail(kind, payload, mailContext)!;
  return [mail.subject, mail.content.heading, ...mail.content.paragraphs].join('\n');
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'changes-admin@example.org', role: 'admin' });
  parents = [];
  for (let i = 0; i < 4; i++) parents.push(await t.signUp({ email: `changes-parent${i}@example.org`, name: `Parent ${i}` }));
}, 60_000);
afterAll(() => t.close());

describe('an admin cancels one registration from the roster', () => {
  it('cancelling a place promotes exactly the first on the waitlist, emails both, and is audit-logged', async () => {
    const clinic = await newClinic();
    const ava = await registered(parents[0]!, clinic.id, 'Ava');
    await registered(parents[1]!, clinic.id, 'Ben');
    await registered(parents[2]!, clinic.id, 'Cal');

    const res = await adminCancel(admin, clinic.id, ava.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ registration: { id: ava.id, status: 'cancelled' }, promoted: 'Ben' });
    expect(await statuses(clinic.id)).toEqual(['Ava:cancelled', 'Ben:registered', 'Cal:waitlisted']);

    const cancelled = await outbox('clinic.registration.cancelled', clinic.id);
    expect(cancelled.map((r) => [r.payload.participantName, r.userId])).toEqual([['Ava', parents[0]!.id]]);
    expect(mailText('clinic.registration.cancelled', cancelled[0]!.payload)).toContain("The league cancelled Ava's place for");
    expect((await outbox('clinic.promoted', clinic.id)).map((r) => [r.payload.participantName, r.userId])).toEqual([['Ben', parents[1]!.id]]);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'clinic.registration.cancel'), eq(auditLog.entityId, ava.id)));
    expect(entry?.actorId).toBe(admin.id);
    expect(entry?.summary).toContain('Ben promoted from the waitlist');
  });

  it('cancelling a waitlist place promotes nobody and emails only its registrant', async () => {
    const clinic = await newClinic();
    await registered(parents[0]!, clinic.id, 'Dee');
    const eli = await registered(parents[1]!, clinic.id, 'Eli');
    await registered(parents[2]!, clinic.id, 'Fay');

    const res = await adminCancel(admin, clinic.id, eli.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ promoted: null });
    expect(await statuses(clinic.id)).toEqual(['Dee:registered', 'Eli:cancelled', 'Fay:waitlisted']);
    expect((await outbox('clinic.registration.cancelled', clinic.id)).map((r) => r.userId)).toEqual([parents[1]!.id]);
    expect(await outbox('clinic.promoted', clinic.id)).toEqual([]);
  });

  it('is refused for a non-admin (403), an unknown registration or one of another clinic (404), and one already cancelled (409)', async () => {
    const clinic = await newClinic();
    const other = await newClinic();
    const gus = await registered(parents[0]!, clinic.id, 'Gus');

    const notAdmin = await adminCancel(parents[0]!, clinic.id, gus.id);
    expect(notAdmin.statusCode).toBe(403);
    expect(await statuses(clinic.id)).toEqual(['Gus:registered']);

    const unknown = await adminCancel(admin, clinic.id, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: { message: string } }>().error.message).toMatch(/not on this clinic's roster/);
    expect((await adminCancel(admin, other.id, gus.id)).statusCode).toBe(404);

    expect((await adminCancel(admin, clinic.id, gus.id)).statusCode).toBe(200);
    const again = await adminCancel(admin, clinic.id, gus.id);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { message: string } }>().error.message).toMatch(/Gus's registration was already cancelled/);
    expect((await outbox('clinic.registration.cancelled', clinic.id)).length).toBe(1);
  });
});

describe('a published clinic moved tells its people', () => {
  it('a new time sends one clinic.changed per registration (places and waitlist), with the old and new times', async () => {
    const clinic = await newClinic();
    await registered(parents[0]!, clinic.id, 'Hal');
    await registered(parents[1]!, clinic.id, 'Ivy');

    const res = await send(
      admin,
      'PUT',
      `/api/clinics/${clinic.id}`,
      clinicInput({ title: clinic.title, startsAt: '2027-05-08T15:30:00.000Z', endsAt: '2027-05-08T17:30:00.000Z' }),
    );
    expect(res.statusCode, res.body).toBe(200);

    const changed = await outbox('clinic.changed', clinic.id);
    expect(changed.map((r) => [r.payload.participantName, r.userId])).toEqual([
      ['Hal', parents[0]!.id],
      ['Ivy', parents[1]!.id],
    ]);
    const text = mailText('clinic.changed', changed[0]!.payload);
    expect(text).toContain('When: Sat May 1, 9:00 am – 11:00 am → Sat May 8, 10:30 am – 12:30 pm');
    expect(text).not.toContain('Where:');
  });

  it('a new place says where it was and where it is now', async () => {
    const clinic = await newClinic();
    await registered(parents[2]!, clinic.id, 'Jo');
    const res = await send(admin, 'PUT', `/api/clinics/${clinic.id}`, clinicInput({ title: clinic.title, locationText: 'Cedar Park field 2' }));
    expect(res.statusCode, res.body).toBe(200);
    const changed = await outbox('clinic.changed', clinic.id);
    expect(changed.map((r) => r.userId)).toEqual([parents[2]!.id]);
    const text = mailText('clinic.changed', changed[0]!.payload);
    expect(text).toContain('Where: Lincoln Middle School gym → Cedar Park field 2');
    expect(text).not.toContain('When:');
  });

  it('a title or description edit sends nothing', async () => {
    const clinic = await newClinic();
    await registered(parents[3]!, clinic.id, 'Kai');
    const res = await send(admin, 'PUT', `/api/clinics/${clinic.id}`, clinicInput({ title: 'A better title', description: 'Bring water too.' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ clinic: Clinic }>().clinic.title).toBe('A better title');
    expect(await outbox('clinic.changed', clinic.id)).toEqual([]);
  });
});
