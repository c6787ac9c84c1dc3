import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicRegistrations } from '../../db/schema';
import type { Clinic, Registration } from '../../../shared/clinics/clinics.schemas';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let parents: TestUser[];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'race-admin@example.org', role: 'admin' });
  parents = [];
  for (let i = 0; i < 5; i++) parents.push(await t.signUp({ email: `race-parent${i}@example.org` }));
}, 60_000);
afterAll(() => t.close());

describe('clinic capacity under concurrency', () => {
  it('50 parallel registrations for 10 places: exactly 10 registered, 40 waitlisted in seq order, answers agree with the database', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/clinics',
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      payload: {
        title: 'Popular clinic',
        startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        endsAt: new Date(Date.now() + 7 * 86_400_000 + 7_200_000).toISOString(),
        locationText: 'Gym',
        capacity: 10,
        published: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const clinicId = created.json<{ clinic: Clinic }>().clinic.id;

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/clinics/${clinicId}/registrations`,
          headers: { origin: TEST_ORIGIN, cookie: parents[i % 5]!.cookie },
          payload: { participantName: `Kid ${i}`, participantAge: 9, emergencyContact: 'Grandma 555-0100' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    const byId = new Map(answers.map((a) => a.json<{ registration: Registration }>().registration).map((r) => [r.id, r]));

    const rows = await t.database.db
      .select({ id: clinicRegistrations.id, seq: clinicRegistrations.seq, status: clinicRegistrations.status })
      .from(clinicRegistrations)
      .where(eq(clinicRegistrations.clinicId, clinicId))
      .orderBy(asc(clinicRegistrations.seq));
    expect(rows).toHaveLength(50);
    // The first 10 decided (lowest seq) hold the places; every later one waits, in the order it was decided.
    expect(rows.map((r) => r.status)).toEqual([...Array(10).fill('registered'), ...Array(40).fill('waitlisted')]);
    // Each answer said what the database holds, and the waitlist positions answered are 1…40 in seq order.
    for (const row of rows) expect(byId.get(row.id)?.status).toBe(row.status);
    expect(rows.slice(10).map((r) => byId.get(r.id)?.waitlistPosition)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));

    const list = (await t.app.inject({ url: '/api/clinics' })).json<{ clinics: Clinic[] }>().clinics.find((c) => c.id === clinicId);
    expect(list).toMatchObject({ registeredCount: 10, waitlistCount: 40 });
  }, 120_000);
});
