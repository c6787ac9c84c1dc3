import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookings, divisionRules, divisions, fieldDivisions, fields, slots, teams } from '../../db/schema';
import { formatDay } from '../../../shared/bookings/booking-rules';
import { draw, type DrawInput, type DrawResult } from '../../../shared/opening/draw';
import { drawInputSchema, type OpeningRound } from '../../../shared/opening/opening.schemas';
import { at } from '../../test/booking-fixtures';
import { moveRound, roundBody, seedOpeningLeague, type OpeningLeague } from '../../test/opening-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

/*
 * Issue 29 in the opening round: a division's own time to start saving lists (the staged opening), fields limited to
 * some divisions, and each division's own limits, at the save (the one call and the long way) and in the draw.
 */

let t: TestApp;
let admin: TestUser;
let timeZone: string;
let d12: { id: string; name: string };
let d10: { id: string; name: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'div-admin@example.org', role: 'admin', name: 'Dana Admin' });
  timeZone = await t.context.league.timeZone();
  // The league's divisions: 10U before 12U in its order.
  [d10, d12] = (await t.database.db
    .insert(divisions)
    .values([
      { name: '10U', position: 1 },
      { name: '12U', position: 2 },
    ])
    .returning({ id: divisions.id, name: divisions.name })) as [{ id: string; name: string }, { id: string; name: string }];
}, 60_000);
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
const db = () => t.database.db;
const send = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...(method === 'GET' ? {} : { origin: TEST_ORIGIN }), ...(user ? { cookie: user.cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const create = async (body: Record<string, unknown>) => {
  const res = await send(admin, 'POST', '/api/openings', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ round: OpeningRound }>().round;
};
const save = (coach: TestUser, id: string, slotIds: string[]) => send(coach, 'PUT', `/api/openings/${id}/preferences`, { slotIds });
const inDivision = (teamId: string, divisionId: string) => db().update(teams).set({ divisionId }).where(eq(teams.id, teamId));
const coachOf = (l: OpeningLeague, i: number, tag: string) => t.signUp({ email: `div-coach-${i}-${tag}@example.org`, role: 'coach', teamId: l.teams[i]!.id });

/** "Sat Dec 5, 9:00 am": how the staged opening's words write a time in the league's zone. */
const lower = (d: Date) =>
  `${d.toLocaleDateString('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' }).replace(',', '')}, ${d
    .toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })
    .replace(/[\u202f\u00a0]/g, ' ')
    .toLowerCase()}`;

/** A second field in the league's park with slots at 17:00, 18:30 and 20:00 on its first `days` days, limited to `only`. */
async function limitedField(l: OpeningLeague, name: string, only: string[], days = 3): Promise<{ fieldId: string; slotIds: string[][] }> {
  const [first] = await db().select({ facilityId: fields.facilityId }).from(fields).where(eq(fields.id, l.fieldId));
  const [field] = await db().insert(fields).values({ facilityId: first!.facilityId, name }).returning({ id: fields.id });
  if (only.length) await db().insert(fieldDivisions).values(only.map((divisionId) => ({ fieldId: field!.id, divisionId })));
  const slotIds: string[][] = [];
  for (let d = 0; d < days; d++) {
    const day = l.monday.add({ days: d });
    const rows = await db()
      .insert(slots)
      .values(['17:00', '18:30', '20:00'].map((hhmm) => ({ seasonId: l.seasonId, fieldId: field!.id, startsAt: at(day, hhmm), endsAt: new Date(at(day, hhmm).getTime() + 80 * MINUTE) })))
      .returning({ id: slots.id, startsAt: slots.startsAt });
    slotIds.push(rows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()).map((r) => r.id));
  }
  return { fieldId: field!.id, slotIds };
}

describe('the staged opening: a division’s own time to start saving lists', () => {
  it('the admin sets each division’s time with the round (in the window, refused in words otherwise); the round lists them in the league’s order', async () => {
    const l = await seedOpeningLeague(db(), { tag: 'div-times', teams: [], rules: { minLeadHours: 0 } });
    const body = roundBody(l);
    const opens = Date.parse(body.opensAt as string);
    const closes = Date.parse(body.closesAt as string);

    const outside = await send(admin, 'POST', '/api/openings', { ...body, divisionOpens: [{ divisionId: d12.id, opensAt: new Date(closes).toISOString() }] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.message).toBe(`Please check "divisionOpens.0.opensAt": A division's lists must open before the preferences close`);
    const before = await send(admin, 'POST', '/api/openings', { ...body, divisionOpens: [{ divisionId: d12.id, opensAt: new Date(opens - 1000).toISOString() }] });
    expect(before.statusCode).toBe(400);
    expect(before.json().error.message).toBe(`Please check "divisionOpens.0.opensAt": A division's lists can open at the same time as the preferences or later, not before`);
    const unknown = await send(admin, 'POST', '/api/openings', { ...body, divisionOpens: [{ divisionId: '00000000-0000-4000-8000-000000000000', opensAt: new Date(opens).toISOString() }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      message: 'One of those divisions does not exist any more. Reload the page and choose the times again.',
      details: { fields: { 'divisionOpens.00000000-0000-4000-8000-000000000000': 'No such division' } },
    });

    const round = await create({
      ...body,
      divisionOpens: [
        { divisionId: d12.id, opensAt: new Date(opens + 30 * MINUTE).toISOString() },
        { divisionId: d10.id, opensAt: new Date(opens).toISOString() },
      ],
    });
    const expected = [
      { divisionId: d10.id, divisionName: '10U', opensAt: new Date(opens).toISOString() },
      { divisionId: d12.id, divisionName: '12U', opensAt: new Date(opens + 30 * MINUTE).toISOString() },
    ];
    expect(round.divisionOpens).toEqual(expected);
    const listed = (await send(admin, 'GET', `/api/openings?seasonId=${l.seasonId}`)).json<{ rounds: OpeningRound[] }>().rounds;
    expect(listed.map((r) => r.divisionOpens)).toEqual([expected]);
    expect((await send(null, 'GET', `/api/openings/${round.id}`)).json().round.divisionOpens).toEqual(expected);

    // An edit that leaves the times out keeps them, and may not move the window away from one of them.
    const { seasonId: _, ...edit } = body;
    const later = { ...edit, opensAt: new Date(opens + 45 * MINUTE).toISOString() };
    const refused = await send(admin, 'PATCH', `/api/openings/${round.id}`, later);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      message: `Lists for 10U would open ${lower(new Date(opens))}, outside the preference window (${lower(new Date(opens + 45 * MINUTE))} to ${lower(new Date(closes))}). Pick a time from when the preferences open until before they close.`,
      details: { rule: 'DIVISION_OUTSIDE_WINDOW', fields: { [`divisionOpens.${d10.id}`]: 'Inside the preference window' } },
    });
    const kept = await send(admin, 'PATCH', `/api/openings/${round.id}`, { ...edit, maxPreferences: 4 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().round).toMatchObject({ maxPreferences: 4, divisionOpens: expected });
    // Sent: exactly the times sent (none: every division opens with the round).
    const cleared = await send(admin, 'PATCH', `/api/openings/${round.id}`, { ...later, divisionOpens: [{ divisionId: d12.id, opensAt: new Date(opens + 50 * MINUTE).toISOString() }] });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().round.divisionOpens).toEqual([{ divisionId: d12.id, divisionName: '12U', opensAt: new Date(opens + 50 * MINUTE).toISOString() }]);
    expect((await send(admin, 'PATCH', `/api/openings/${round.id}`, { ...later, divisionOpens: [] })).json().round.divisionOpens).toEqual([]);
    await send(admin, 'POST', `/api/openings/${round.id}/cancel`, {});
  });

  it('a 12U list saves from its division’s time to the second (a second before: refused in words), while a 10U list follows the round’s time', async () => {
    const l = await seedOpeningLeague(db(), { tag: 'div-staged', teams: ['Hawks', 'Owls'], rules: { minLeadHours: 0 } });
    await inDivision(l.teams[0]!.id, d12.id);
    await inDivision(l.teams[1]!.id, d10.id);
    const [hawks, owls] = [await coachOf(l, 0, 'staged'), await coachOf(l, 1, 'staged')];
    const body = roundBody(l);
    const opens = new Date(body.opensAt as string);
    // 12U opens half an hour after the round, on a whole minute.
    const listsOpen = new Date(Math.ceil((opens.getTime() + 30 * MINUTE) / MINUTE) * MINUTE);
    const round = await create({ ...body, divisionOpens: [{ divisionId: d12.id, opensAt: listsOpen.toISOString() }] });
    const list = [l.slotIds[0]![0]!, l.slotIds[1]![1]!];
    // The clock of this process (the server's: the save judges at `new Date()`), set to each instant: no waiting.
    const clockAt = (ms: number) => vi.setSystemTime(new Date(ms));

    // Each coach reads when the team's lists open.
    expect((await send(hawks, 'GET', `/api/openings/${round.id}/preferences`)).json()).toEqual({ slotIds: [], maxPreferences: 10, savedAt: null, listsOpenAt: listsOpen.toISOString(), divisionName: '12U' });
    expect((await send(owls, 'GET', `/api/openings/${round.id}/preferences`)).json()).toMatchObject({ listsOpenAt: opens.toISOString(), divisionName: '10U' });

    // Before the round opens: 12U hears its own time, 10U the round's.
    clockAt(opens.getTime() - 1000);
    const early12 = await save(hawks, round.id, list);
    expect(early12.statusCode).toBe(409);
    expect(early12.json().error).toMatchObject({ message: `Lists for 12U open ${lower(listsOpen)}.`, details: { rule: 'DIVISION_NOT_OPEN' } });
    const early10 = await save(owls, round.id, list);
    expect(early10.statusCode).toBe(409);
    expect(early10.json().error.message).toMatch(/^The preference window opens .+\. Come back then to rank your slots\.$/);

    // The round's time: 10U saves; 12U still waits, to the last second.
    clockAt(opens.getTime());
    expect((await save(owls, round.id, list)).statusCode).toBe(200);
    clockAt(listsOpen.getTime() - 1000);
    const waiting = await save(hawks, round.id, list);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.message).toBe(`Lists for 12U open ${lower(listsOpen)}.`);
    expect(waiting.json().error.message).toMatch(/^Lists for 12U open [A-Z][a-z]{2} [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (am|pm)\.$/);
    // An empty list is no way round it.
    expect((await save(hawks, round.id, [])).statusCode).toBe(409);

    clockAt(listsOpen.getTime());
    const saved = await save(hawks, round.id, list);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ slotIds: list, savedAt: expect.any(String) });
    vi.useRealTimers();
    expect((await send(hawks, 'GET', `/api/openings/${round.id}/preferences`)).json().slotIds).toEqual(list);
    expect((await send(owls, 'GET', `/api/openings/${round.id}/preferences`)).json().slotIds).toEqual(list);
    await send(admin, 'POST', `/api/openings/${round.id}/cancel`, {});
  });
});

describe('fields limited to divisions, and each division’s own limits', () => {
  it('a preference on a field of other divisions is refused at the save, in the booking’s words; a field of the team’s division is fine', async () => {
    const l = await seedOpeningLeague(db(), { tag: 'div-field', teams: ['Robins', 'Wrens'], rules: { minLeadHours: 0, maxPerWeek: 5, maxUpcoming: 10 } });
    await inDivision(l.teams[0]!.id, d12.id);
    const [robins, wrens] = [await coachOf(l, 0, 'field'), await coachOf(l, 1, 'field')];
    const tenU = await limitedField(l, 'Field div-field 10U', [d10.id]);
    const twelveU = await limitedField(l, 'Field div-field 12U', [d12.id]);
    const round = await create(roundBody(l, {}, 5));
    await moveRound(db(), round.id, 'open');

    const refused = await save(robins, round.id, [l.slotIds[0]![0]!, tenU.slotIds[1]![0]!]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      message: `Field div-field 10U is only for 10U teams, and ${l.teams[0]!.name} play in 12U. Pick a slot on another field.`,
      details: { rule: 'FIELD_DIVISION', slotId: tenU.slotIds[1]![0] },
    });
    // A team in no division: no limited field.
    const none = await save(wrens, round.id, [twelveU.slotIds[0]![0]!]);
    expect(none.statusCode).toBe(422);
    expect(none.json().error.message).toBe(`Field div-field 12U is only for 12U teams, and ${l.teams[1]!.name} have no division yet. Pick a slot on another field.`);
    // Nothing was saved by either refusal; the team's own division's field and an open field are.
    expect((await send(robins, 'GET', `/api/openings/${round.id}/preferences`)).json().slotIds).toEqual([]);
    expect((await save(robins, round.id, [twelveU.slotIds[0]![0]!, l.slotIds[0]![0]!])).statusCode).toBe(200);
    expect((await save(wrens, round.id, [l.slotIds[0]![0]!])).statusCode).toBe(200);
    await send(admin, 'POST', `/api/openings/${round.id}/cancel`, {});
  });

  it('the save judges a slot by the division’s own limits: what the season allows the division may not, and the other way round', async () => {
    const l = await seedOpeningLeague(db(), { tag: 'div-limits', teams: ['Larks'], rules: { minLeadHours: 0, maxPerDay: 1, maxPerWeek: 5, maxUpcoming: 10 } });
    await inDivision(l.teams[0]!.id, d12.id);
    const larks = await coachOf(l, 0, 'limits');
    const round = await create(roundBody(l, {}, 5));
    await moveRound(db(), round.id, 'open');
    // The Larks already practise on Tuesday; the season allows one a day.
    expect((await send(admin, 'POST', '/api/admin/bookings/override', { slotId: l.slotIds[1]![2], teamId: l.teams[0]!.id, reason: 'Earlier booking', bump: false })).statusCode).toBe(201);
    const refused = await save(larks, round.id, [l.slotIds[1]![0]!]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain(`${l.teams[0]!.name} already has 1 practice on ${formatDay(l.monday.add({ days: 1 }).toString())} (limit 1).`);
    // 12U may practise twice a day this season; with a month's notice, no slot of the round could ever be theirs.
    await db().insert(divisionRules).values({ seasonId: l.seasonId, divisionId: d12.id, maxPerDay: 2 });
    expect((await save(larks, round.id, [l.slotIds[1]![0]!])).statusCode).toBe(200);
    await db().update(divisionRules).set({ minLeadHours: 24 * 30 }).where(and(eq(divisionRules.seasonId, l.seasonId), eq(divisionRules.divisionId, d12.id)));
    const notice = await save(larks, round.id, [l.slotIds[2]![0]!]);
    expect(notice.statusCode).toBe(422);
    expect(notice.json().error.message).toContain('Practices must be booked at least 720 hours ahead.');
    await send(admin, 'POST', `/api/openings/${round.id}/cancel`, {});
  });

  it('the draw never gives a team a slot on a field of other divisions, judges each team by its division’s limits, and publishes inputs that give the same result', async () => {
    const l = await seedOpeningLeague(db(), { tag: 'div-draw', teams: ['Cardinals', 'Blue Jays'], rules: { minLeadHours: 0, maxPerDay: 1, maxPerWeek: 5, maxUpcoming: 10 } });
    const [cardinals, blueJays] = l.teams.map((x) => x.id) as [string, string];
    await inDivision(cardinals, d12.id);
    await inDivision(blueJays, d10.id);
    // 12U: two practices a day (the season: one); 10U: one a week (the season: five).
    await db()
      .insert(divisionRules)
      .values([
        { seasonId: l.seasonId, divisionId: d12.id, maxPerDay: 2 },
        { seasonId: l.seasonId, divisionId: d10.id, maxPerWeek: 1 },
      ]);
    const [cardinalsCoach, blueJaysCoach] = [await coachOf(l, 0, 'draw'), await coachOf(l, 1, 'draw')];
    // Field B is for every team when the lists are saved; the league limits it to 10U before the draw.
    const fieldB = await limitedField(l, 'Field div-draw B', []);
    const round = await create(roundBody(l, {}, 3));
    await moveRound(db(), round.id, 'open');
    const [a, b] = [l.slotIds, fieldB.slotIds];
    const cardinalsList = [b[0]![0]!, a[0]![0]!, a[0]![1]!, a[0]![2]!];
    const blueJaysList = [b[1]![0]!, b[2]![0]!];
    expect((await save(cardinalsCoach, round.id, cardinalsList)).statusCode).toBe(200);
    expect((await save(blueJaysCoach, round.id, blueJaysList)).statusCode).toBe(200);
    await db().insert(fieldDivisions).values({ fieldId: fieldB.fieldId, divisionId: d10.id });

    await moveRound(db(), round.id, 'closed');
    const drawn = await send(admin, 'POST', `/api/openings/${round.id}/draw`, {});
    expect(drawn.statusCode, drawn.body).toBe(200);
    const { result } = (await send(null, 'GET', `/api/openings/${round.id}`)).json<{ result: DrawResult }>();
    const got = (team: string) => result.picks.filter((p) => p.teamId === team).map((p) => p.slotId);
    const missed = (team: string) => result.missed.filter((m) => m.teamId === team).map((m) => [m.slotId, m.reason]);
    // The Cardinals (12U): never field B; Monday twice, as 12U may, and not a third time.
    expect(got(cardinals)).toEqual([a[0]![0], a[0]![1]]);
    const monday = formatDay(l.monday.toString());
    expect(missed(cardinals)).toEqual([
      [b[0]![0], `Field div-draw B is only for 10U teams, and ${l.teams[0]!.name} play in 12U. Pick a slot on another field.`],
      [a[0]![2], `${l.teams[0]!.name} already has 2 practices on ${monday} (limit 2).`],
    ]);
    // The Blue Jays (10U): one a week, as 10U may.
    expect(got(blueJays)).toEqual([b[1]![0]]);
    expect(missed(blueJays)).toEqual([[b[2]![0], `${l.teams[1]!.name} already has 1 practice in the week of ${monday} (limit 1).`]]);
    const booked = await db()
      .select({ teamId: bookings.teamId, slotId: bookings.slotId })
      .from(bookings)
      .where(and(inArray(bookings.slotId, [...cardinalsList, ...blueJaysList]), eq(bookings.status, 'confirmed')));
    expect(booked.map((x) => `${x.teamId} ${x.slotId}`).sort()).toEqual(result.picks.map((p) => `${p.teamId} ${p.slotId}`).sort());

    // The published inputs say what the draw judged by, and give the same result run again.
    const inputs: DrawInput = drawInputSchema.parse((await send(null, 'GET', `/api/openings/${round.id}/inputs`)).json());
    expect(inputs.rules).toEqual({ maxPerWeek: 5, maxPerDay: 1, maxUpcoming: 10, minLeadHours: 0 });
    expect(inputs.teams.find((x) => x.id === cardinals)).toMatchObject({ division: '12U', rules: { maxPerWeek: 5, maxPerDay: 2, maxUpcoming: 10, minLeadHours: 0 } });
    expect(inputs.teams.find((x) => x.id === blueJays)).toMatchObject({ division: '10U', rules: { maxPerWeek: 1, maxPerDay: 1, maxUpcoming: 10, minLeadHours: 0 } });
    expect(inputs.slots.filter((s) => s.field).map((s) => s.id).sort()).toEqual(fieldB.slotIds.flat().sort());
    expect(inputs.slots.find((s) => s.id === b[0]![0])!.field).toEqual({ name: 'Field div-draw B', divisions: ['10U'] });
    expect(draw(inputs)).toEqual(result);
    // Without the divisions the same lists would have gone otherwise: the inputs carry what decided it.
    const plain = { ...inputs, slots: inputs.slots.map(({ field: _, ...s }) => s), teams: inputs.teams.map(({ division: _d, rules: _r, ...x }) => x) };
    expect(draw(plain)).not.toEqual(result);
  });
});
