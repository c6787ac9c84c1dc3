import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clinicRegistrations, clinics, notificationOutbox } from '../../db/schema';
import type { Clinic, ClinicInput, Registration } from '../../../shared/clinics/clinics.schemas';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { insertFacility } from '../../test/booking-fixtures';

let t: TestApp;
let admin: TestUser;
let parents: TestUser[];
let counter = 0;

const DAY = 86_400_000;
const inDays = (days: number, hours = 0) => new Date(Date.now() + days * DAY + hours * 3_600_000).toISOString();

const send = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
  });

const clinicInput = (over: Partial<ClinicInput> = {}): ClinicInput => ({
  title: `Clinic ${++counter}`,
  description: 'Bring a glove.',
  startsAt: inDays(10),
  endsAt: inDays(10, 2),
  locationText: 'Lincoln Middle School gym',
  ageGroup: '8U-10U',
  capacity: 3,
  published: true,
  ...over,
});

async function newClinic(over: Partial<ClinicInput> = {}): Promise<Clinic> {
  const res = await send(admin, 'POST', '/api/clinics', clinicInput(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ clinic: Clinic }>().clinic;
}

const register = (who: TestUser | null, clinicId: string, name: string) =>
  send(who, 'POST', `/api/clinics/${clinicId}/registrations`, { participantName: name, participantAge: 9, emergencyContact: 'Sam Doe 555-0100' });

async function registered(who: TestUser, clinicId: string, name: string): Promise<Registration> {
  const res = await register(who, clinicId, name);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ registration: Registration }>().registration;
}

const cancelReg = (who: TestUser | null, id: string) => send(who, 'POST', `/api/clinics/registrations/${id}/cancel`);

const statuses = async (clinicId: string) =>
  (
    await t.database.db
      .select({ name: clinicRegistrations.participantName, status: clinicRegistrations.status })
      .from(clinicRegistrations)
      .where(eq(clinicRegistrations.clinicId, clinicId))
      .orderBy(asc(clinicRegistrations.seq))
  ).map((r) => `${r.name}:${r.status}`);

const outbox = async (kind: string, clinicId: string) =>
  (
    await t.database.db
      .select({ payload: notificationOutbox.payload, userId: notificationOutbox.recipientUserId })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.kind, kind))
  )
    .map((r) => ({ ...(r.payload as { clinicId: string; participantName: string; status?: string; reason?: string; location: string }), userId: r.userId }))
    .filter((p) => p.clinicId === clinicId);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'clinic-admin@example.org', role: 'admin' });
  parents = [];
  for (let i = 0; i < 6; i++) parents.push(await t.signUp({ email: `parent${i}@example.org`, name: `Parent ${i}` }));
}, 60_000);
afterAll(() => t.close());

describe('clinics: create, list, edit', () => {
  it('an admin creates a clinic (audit-logged); everyone lists published ones with places left, soonest first', async () => {
    const later = await newClinic({ title: 'Later clinic', startsAt: inDays(20), endsAt: inDays(20, 2) });
    const sooner = await newClinic({ title: 'Sooner clinic', startsAt: inDays(5), endsAt: inDays(5, 2) });
    const hidden = await newClinic({ title: 'Draft clinic', published: false });
    expect(sooner).toMatchObject({
      title: 'Sooner clinic',
      location: 'Lincoln Middle School gym',
      capacity: 3,
      registeredCount: 0,
      waitlistCount: 0,
      published: true,
    });

    const visitorList = (await send(null, 'GET', '/api/clinics')).json<{ clinics: Clinic[] }>().clinics.map((c) => c.id);
    expect(visitorList.indexOf(sooner.id)).toBeLessThan(visitorList.indexOf(later.id));
    expect(visitorList).not.toContain(hidden.id);
    expect((await send(parents[0]!, 'GET', '/api/clinics')).json<{ clinics: Clinic[] }>().clinics.map((c) => c.id)).not.toContain(hidden.id);
    expect((await send(admin, 'GET', '/api/clinics')).json<{ clinics: Clinic[] }>().clinics.map((c) => c.id)).toContain(hidden.id);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'clinic.create'), eq(auditLog.entityId, sooner.id)));
    expect(entry?.actorId).toBe(admin.id);
  });

  it('a clinic at a facility shows its name and address', async () => {
    const facility = await insertFacility(t.database.db, { name: 'Cedar Park', address: '1 Main St' });
    const clinic = await newClinic({ facilityId: facility.id, locationText: null });
    expect(clinic.location).toBe('Cedar Park (1 Main St)');
    expect(
      (await send(admin, 'POST', '/api/clinics', clinicInput({ facilityId: '00000000-0000-4000-8000-000000000000', locationText: null }))).statusCode,
    ).toBe(400);
    expect((await send(admin, 'POST', '/api/clinics', clinicInput({ facilityId: null, locationText: '' }))).json().error.message).toMatch(
      /"locationText": Choose a facility or type where the clinic is/,
    );
  });

  it('refuses a non-admin creating, editing, cancelling or reading a roster', async () => {
    const clinic = await newClinic();
    for (const who of [null, parents[0]!]) {
      const expected = who ? 403 : 401;
      expect((await send(who, 'POST', '/api/clinics', clinicInput())).statusCode).toBe(expected);
      expect((await send(who, 'PUT', `/api/clinics/${clinic.id}`, clinicInput())).statusCode).toBe(expected);
      expect((await send(who, 'POST', `/api/clinics/${clinic.id}/cancel`, { reason: 'x' })).statusCode).toBe(expected);
      expect((await send(who, 'GET', `/api/clinics/${clinic.id}/roster`)).statusCode).toBe(expected);
      expect((await send(who, 'GET', `/api/clinics/${clinic.id}/roster.csv`)).statusCode).toBe(expected);
    }
  });

  it('raising the capacity promotes from the waitlist in order; lowering it below the registered count is refused', async () => {
    const input = clinicInput({ capacity: 2 });
    const clinic = await newClinic(input);
    for (const [i, name] of ['Ann', 'Ben', 'Cal', 'Dee', 'Eve'].entries()) await registered(parents[i]!, clinic.id, name);
    expect(await statuses(clinic.id)).toEqual(['Ann:registered', 'Ben:registered', 'Cal:waitlisted', 'Dee:waitlisted', 'Eve:waitlisted']);

    const lower = await send(admin, 'PUT', `/api/clinics/${clinic.id}`, { ...input, capacity: 1 });
    expect(lower.statusCode).toBe(422);
    expect(lower.json().error.message).toMatch(/2 participants are registered, so the capacity cannot go below 2/);

    const raise = await send(admin, 'PUT', `/api/clinics/${clinic.id}`, { ...input, capacity: 4 });
    expect(raise.statusCode, raise.body).toBe(200);
    expect(raise.json()).toMatchObject({ promoted: 2, clinic: { capacity: 4, registeredCount: 4, waitlistCount: 1 } });
    expect(await statuses(clinic.id)).toEqual(['Ann:registered', 'Ben:registered', 'Cal:registered', 'Dee:registered', 'Eve:waitlisted']);
    expect((await outbox('clinic.promoted', clinic.id)).map((p) => [p.participantName, p.userId])).toEqual([
      ['Cal', parents[2]!.id],
      ['Dee', parents[3]!.id],
    ]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'clinic.update'), eq(auditLog.entityId, clinic.id)));
    expect(entry?.summary).toMatch(/2 promoted/);
  });
});

describe('registration', () => {
  it('a visitor cannot register (401); a registration queues clinic.registered with its status', async () => {
    const clinic = await newClinic({ capacity: 1 });
    expect((await register(null, clinic.id, 'Ava')).statusCode).toBe(401);
    const first = await registered(parents[0]!, clinic.id, 'Ava');
    const second = await registered(parents[1]!, clinic.id, 'Bo');
    expect(first).toMatchObject({ status: 'registered', waitlistPosition: null, clinicTitle: clinic.title });
    expect(second).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect((await outbox('clinic.registered', clinic.id)).map((p) => [p.participantName, p.status, p.userId])).toEqual([
      ['Ava', 'registered', parents[0]!.id],
      ['Bo', 'waitlisted', parents[1]!.id],
    ]);
    const mine = (await send(parents[1]!, 'GET', '/api/clinics/mine')).json<{ registrations: Registration[] }>().registrations;
    expect(mine.find((r) => r.clinicId === clinic.id)).toMatchObject({ participantName: 'Bo', status: 'waitlisted', waitlistPosition: 1 });
    expect((await send(null, 'GET', '/api/clinics/mine')).statusCode).toBe(401);
  });

  it('the same participant twice is refused with 409 and words (any case); after a cancel they may sign up again', async () => {
    const clinic = await newClinic();
    const reg = await registered(parents[0]!, clinic.id, 'Ava Lee');
    const again = await register(parents[0]!, clinic.id, 'ava lee');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/ava lee is already signed up for this clinic/);
    // Another family's Ava Lee is another child.
    expect((await register(parents[1]!, clinic.id, 'Ava Lee')).statusCode).toBe(201);
    expect((await cancelReg(parents[0]!, reg.id)).statusCode).toBe(200);
    expect((await register(parents[0]!, clinic.id, 'Ava Lee')).statusCode).toBe(201);
  });

  it('is refused outside the registration window, and for unpublished, cancelled and past clinics', async () => {
    const notYet = await newClinic({ registrationOpensAt: inDays(2), registrationClosesAt: inDays(8) });
    const res = await register(parents[0]!, notYet.id, 'Kid');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/^Registration opens /);

    const closed = await newClinic({ registrationOpensAt: inDays(-5), registrationClosesAt: inDays(0, -1) });
    expect((await register(parents[0]!, closed.id, 'Kid')).json().error.message).toMatch(/^Registration closed /);

    const open = await newClinic({ registrationOpensAt: inDays(-5), registrationClosesAt: inDays(1) });
    expect((await register(parents[0]!, open.id, 'Kid')).statusCode).toBe(201);

    const draft = await newClinic({ published: false });
    expect((await register(parents[0]!, draft.id, 'Kid')).statusCode).toBe(404);
    expect((await register(admin, draft.id, 'Kid')).json().error.message).toMatch(/not published yet/);

    const cancelled = await newClinic();
    expect((await send(admin, 'POST', `/api/clinics/${cancelled.id}/cancel`, { reason: 'Coach ill' })).statusCode).toBe(200);
    const refused = await register(parents[0]!, cancelled.id, 'Kid');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toMatch(/cancelled/);

    const past = await newClinic();
    await t.database.db
      .update(clinics)
      .set({ startsAt: new Date(Date.now() - 3 * DAY), endsAt: new Date(Date.now() - 3 * DAY + 3_600_000) })
      .where(eq(clinics.id, past.id));
    t.wroteBehindTheApp();
    expect((await register(parents[0]!, past.id, 'Kid')).json().error.message).toMatch(/over/);
    expect((await send(null, 'GET', '/api/clinics')).json<{ clinics: Clinic[] }>().clinics.map((c) => c.id)).not.toContain(past.id);
  });

  it('checks the participant: age 3 to 99 and an emergency contact', async () => {
    const clinic = await newClinic();
    const res = await send(parents[0]!, 'POST', `/api/clinics/${clinic.id}/registrations`, {
      participantName: 'Tiny',
      participantAge: 2,
      emergencyContact: '',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/3 to 99/);
  });
});

describe('cancelling', () => {
  it('after 3 cancellations of places, the first 3 on the waitlist are promoted in order and told (exactly them)', async () => {
    const clinic = await newClinic({ capacity: 3 });
    const held = [
      await registered(parents[0]!, clinic.id, 'P1'),
      await registered(parents[0]!, clinic.id, 'P2'),
      await registered(parents[0]!, clinic.id, 'P3'),
    ];
    for (const [i, name] of ['W1', 'W2', 'W3', 'W4', 'W5'].entries()) {
      expect(await registered(parents[i + 1]!, clinic.id, name)).toMatchObject({ status: 'waitlisted', waitlistPosition: i + 1 });
    }
    const promotedNames: (string | null)[] = [];
    for (const reg of [held[1]!, held[0]!, held[2]!]) {
      const res = await cancelReg(parents[0]!, reg.id);
      expect(res.statusCode, res.body).toBe(200);
      promotedNames.push(res.json<{ promoted: string | null }>().promoted);
    }
    expect(promotedNames).toEqual(['W1', 'W2', 'W3']);
    expect(await statuses(clinic.id)).toEqual([
      'P1:cancelled',
      'P2:cancelled',
      'P3:cancelled',
      'W1:registered',
      'W2:registered',
      'W3:registered',
      'W4:waitlisted',
      'W5:waitlisted',
    ]);
    expect((await outbox('clinic.promoted', clinic.id)).map((p) => [p.participantName, p.userId])).toEqual([
      ['W1', parents[1]!.id],
      ['W2', parents[2]!.id],
      ['W3', parents[3]!.id],
    ]);
    // W5 now waits second.
    const mine = (await send(parents[5]!, 'GET', '/api/clinics/mine')).json<{ registrations: Registration[] }>().registrations;
    expect(mine.find((r) => r.clinicId === clinic.id)?.waitlistPosition).toBe(2);
    // A waitlisted person leaving frees no place and promotes nobody.
    const w4 = (await send(parents[4]!, 'GET', '/api/clinics/mine'))
      .json<{ registrations: Registration[] }>()
      .registrations.find((r) => r.clinicId === clinic.id)!;
    expect((await cancelReg(parents[4]!, w4.id)).json()).toMatchObject({ promoted: null, registration: { status: 'cancelled' } });
  });

  it("a person cannot cancel someone else's registration (404, unchanged); an admin can, and it is audit-logged", async () => {
    const clinic = await newClinic({ capacity: 1 });
    const reg = await registered(parents[0]!, clinic.id, 'Mine');
    await registered(parents[1]!, clinic.id, 'Next');
    expect((await cancelReg(parents[1]!, reg.id)).statusCode).toBe(404);
    expect((await cancelReg(null, reg.id)).statusCode).toBe(401);
    expect(await statuses(clinic.id)).toEqual(['Mine:registered', 'Next:waitlisted']);

    const res = await cancelReg(admin, reg.id);
    expect(res.json()).toMatchObject({ promoted: 'Next', registration: { status: 'cancelled' } });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'clinic.registration.cancel'), eq(auditLog.entityId, reg.id)));
    expect(entry?.summary).toMatch(/Cancelled Mine's place .*Next promoted/);
    expect((await cancelReg(parents[0]!, reg.id)).statusCode).toBe(409);
  });

  it('cancelling a clinic cancels every registration and tells each registrant why', async () => {
    const clinic = await newClinic({ capacity: 1 });
    await registered(parents[0]!, clinic.id, 'One');
    await registered(parents[1]!, clinic.id, 'Two');
    expect((await send(admin, 'POST', `/api/clinics/${clinic.id}/cancel`, { reason: '' })).statusCode).toBe(400);
    const res = await send(admin, 'POST', `/api/clinics/${clinic.id}/cancel`, { reason: 'Field flooded' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ registrationsCancelled: 2, clinic: { cancelReason: 'Field flooded' } });
    expect(await statuses(clinic.id)).toEqual(['One:cancelled', 'Two:cancelled']);
    expect((await outbox('clinic.cancelled', clinic.id)).map((p) => [p.participantName, p.userId, p.reason])).toEqual([
      ['One', parents[0]!.id, 'Field flooded'],
      ['Two', parents[1]!.id, 'Field flooded'],
    ]);
    expect(
      (
        await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'clinic.cancel'), eq(auditLog.entityId, clinic.id)))
      ).length,
    ).toBe(1);
    expect((await send(null, 'GET', '/api/clinics')).json<{ clinics: Clinic[] }>().clinics.map((c) => c.id)).not.toContain(clinic.id);
    expect((await send(admin, 'POST', `/api/clinics/${clinic.id}/cancel`, { reason: 'Again' })).statusCode).toBe(409);
    expect((await send(admin, 'PUT', `/api/clinics/${clinic.id}`, clinicInput())).statusCode).toBe(409);
  });
});

describe('roster', () => {
  it('lists places then the waitlist in order, and exports a spreadsheet-safe CSV', async () => {
    const clinic = await newClinic({ capacity: 1, title: 'Hitting: "Power" clinic' });
    await send(parents[0]!, 'POST', `/api/clinics/${clinic.id}/registrations`, {
      participantName: '=HYPERLINK("http://evil.example","x")',
      participantAge: 10,
      emergencyContact: '+1 555 0100 Mom',
    });
    await registered(parents[1]!, clinic.id, 'Zed');
    await registered(parents[2]!, clinic.id, 'Amy');

    const roster = (await send(admin, 'GET', `/api/clinics/${clinic.id}/roster`)).json<{
      entries: { participantName: string; status: string; waitlistPosition: number | null; registrantEmail: string }[];
    }>();
    expect(roster.entries.map((e) => [e.participantName, e.status, e.waitlistPosition, e.registrantEmail])).toEqual([
      ['=HYPERLINK("http://evil.example","x")', 'registered', null, 'parent0@example.org'],
      ['Zed', 'waitlisted', 1, 'parent1@example.org'],
      ['Amy', 'waitlisted', 2, 'parent2@example.org'],
    ]);

    const csv = await send(admin, 'GET', `/api/clinics/${clinic.id}/roster.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="hitting-power-clinic-roster.csv"');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('status,waitlist_position,participant,age,emergency_contact,registrant_email,registered_at_local,promoted_at_local');
    expect(lines[1]).toMatch(
      /^registered,,"'=HYPERLINK\(""http:\/\/evil.example"",""x""\)",10,'\+1 555 0100 Mom,parent0@example.org,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},$/,
    );
    expect(lines[2]).toMatch(/^waitlisted,1,Zed,9,Sam Doe 555-0100,parent1@example.org,/);
    expect(lines[3]).toMatch(/^waitlisted,2,Amy,9,/);
  });
});
