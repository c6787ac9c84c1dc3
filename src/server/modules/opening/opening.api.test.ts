import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, mailMessages, notificationOutbox, openingLists, openingRounds, slots } from '../../db/schema';
import { formatDateTime, formatDay } from '../../../shared/bookings/booking-rules';
import { draw, sha256Hex, type DrawInput, type DrawResult } from '../../../shared/opening/draw';
import { drawInputSchema, type OpeningRound } from '../../../shared/opening/opening.schemas';
import { moveRound, roundBody, seedOpeningLeague, type OpeningLeague } from '../../test/opening-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let timeZone: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'op-admin@example.org', role: 'admin', name: 'Olivia Admin' });
  timeZone = await t.context.league.timeZone();
}, 60_000);
afterAll(() => t.close());

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
const coachOf = (l: OpeningLeague, i: number, tag: string) => t.signUp({ email: `coach-${i}-${tag}@example.org`, role: 'coach', teamId: l.teams[i]!.id, name: `Coach ${i} ${tag}` });
const seedOf = async (id: string) => (await db().select({ seed: openingRounds.seed }).from(openingRounds).where(eq(openingRounds.id, id)))[0]!.seed;
const auditOf = (entityId: string, action: string) => db().select().from(auditLog).where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));
const when = (iso: string) => formatDateTime(new Date(iso), timeZone);
const save = (coach: TestUser, id: string, slotIds: string[]) => send(coach, 'PUT', `/api/openings/${id}/preferences`, { slotIds });

describe('an admin creates, edits and cancels a round', () => {
  it('creates it with a published hash and a secret seed; refuses a second waiting round, dates outside the season and a past window, in words', async () => {
    const l = await seedOpeningLeague(db(), { tag: 'create', teams: ['Owls'] });
    const round = await create(roundBody(l));
    expect(round).toMatchObject({ status: 'announced', seed: null, drawnAt: null, seasonName: l.seasonName, maxPreferences: 10 });
    const seed = await seedOf(round.id);
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(round.seedHash).toBe(await sha256Hex(seed));
    // The seed is nowhere outside its row before the draw: not in any answer, not in the audit log.
    const [entry] = await auditOf(round.id, 'opening.create');
    expect(JSON.stringify(entry)).not.toContain(seed);
    for (const url of [`/api/openings/${round.id}`, `/api/openings?seasonId=${l.seasonId}`]) expect((await send(admin, 'GET', url)).body).not.toContain(seed);

    const twice = await send(admin, 'POST', '/api/openings', roundBody(l));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This season already has an opening round waiting for its draw. Edit that round, or cancel it first.');

    const other = await seedOpeningLeague(db(), { tag: 'create-2', teams: [] });
    const outside = await send(admin, 'POST', '/api/openings', roundBody(other, { coversTo: '2099-01-01' }));
    expect(outside.statusCode).toBe(422);
    expect(outside.json().error.message).toMatch(/^The round must cover days of the Season create-2 season \(.+\)\. Pick dates inside it\.$/);
    const past = await send(admin, 'POST', '/api/openings', roundBody(other, { opensAt: new Date(Date.now() - 7_200_000).toISOString(), closesAt: new Date(Date.now() - 3_600_000).toISOString() }));
    expect(past.statusCode).toBe(422);
    expect(past.json().error.message).toBe('That preference window would already be closed. Pick a closing time in the future.');
    const order = await send(admin, 'POST', '/api/openings', roundBody(other, { drawAt: new Date(Date.now() + 1_800_000).toISOString() }));
    expect(order.statusCode).toBe(400);
    expect(order.json().error.message).toContain('The draw must be at or after the preference window closes');
  });

  it('edits it while announced (audited); once the window has opened the edit is refused in words', async () => {
    const l = await seedOpeningLeague(db(), { tag: 'edit', teams: ['Wrens'] });
    const round = await create(roundBody(l));
    const { seasonId: _, ...body } = roundBody(l, { maxPreferences: 3, weighting: 'fewer-prime-hours-first' }, 3);
    const edited = await send(admin, 'PATCH', `/api/openings/${round.id}`, body);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().round).toMatchObject({ id: round.id, maxPreferences: 3, weighting: 'fewer-prime-hours-first', coversTo: l.monday.add({ days: 2 }).toString(), seedHash: round.seedHash });
    const [entry] = await auditOf(round.id, 'opening.update');
    expect(entry).toMatchObject({ actorEmail: admin.email, before: expect.objectContaining({ maxPreferences: 10 }), after: expect.objectContaining({ maxPreferences: 3 }) });

    await moveRound(db(), round.id, 'open');
    const late = await send(admin, 'PATCH', `/api/openings/${round.id}`, body);
    expect(late.statusCode).toBe(409);
    const opensAt = (await send(admin, 'GET', `/api/openings/${round.id}`)).json().round.opensAt as string;
    expect(late.json().error.message).toBe(
      `The preference window opened ${when(opensAt)} and coaches are ranking slots, so the round can no longer be changed. Cancel it and create a new one if it must change.`,
    );
  });

  it('cancels it before the draw: every list dropped, each coach of a team that had one emailed, audited; the slots are bookable again', async () => {
    const l = await seedOpeningLeague(db(), { tag: 'cancel', teams: ['Hawks', 'Doves', 'Crows'], rules: { minLeadHours: 0, maxPerWeek: 5, maxUpcoming: 10 }, extraCoaches: 1 });
    const [hawks, doves] = [await coachOf(l, 0, 'cancel'), await coachOf(l, 1, 'cancel')];
    const round = await create(roundBody(l));
    await moveRound(db(), round.id, 'open');
    expect((await save(hawks, round.id, [l.slotIds[0]![0]!, l.slotIds[1]![0]!])).statusCode).toBe(200);
    expect((await save(doves, round.id, [l.slotIds[0]![0]!])).statusCode).toBe(200);
    const refused = await send(hawks, 'POST', '/api/bookings', { slotId: l.slotIds[2]![0] });
    expect(refused.statusCode).toBe(422);

    const res = await send(admin, 'POST', `/api/openings/${round.id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().round).toMatchObject({ status: 'cancelled', seed: null });
    expect(await db().select().from(openingLists).where(eq(openingLists.roundId, round.id))).toEqual([]);
    const [entry] = await auditOf(round.id, 'opening.cancel');
    expect(entry!.summary).toContain('the preferences of 2 teams dropped');
    const again = await send(admin, 'POST', `/api/openings/${round.id}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This opening round was cancelled. Create a new round instead.');
    // A cancelled round covers nothing, and publishes nothing.
    expect((await send(hawks, 'POST', '/api/bookings', { slotId: l.slotIds[2]![0] })).statusCode).toBe(201);
    expect((await send(null, 'GET', `/api/openings/${round.id}/inputs`)).json().error.message).toBe('This opening round was cancelled before its draw, so there are no inputs to publish.');

    await t.mail.runOnce();
    const mail = await db().select().from(mailMessages).where(eq(mailMessages.kind, 'opening.cancelled'));
    // Hawks: two coaches in the fixture plus the one signed in; Doves: the same; Crows had no list.
    expect(mail.map((m) => m.toAddress).sort()).toEqual(
      [l.teams[0]!.coachEmail, l.teams[0]!.coachEmail.replace('@', '.2@'), hawks.email, l.teams[1]!.coachEmail, l.teams[1]!.coachEmail.replace('@', '.2@'), doves.email].sort(),
    );
    expect(mail[0]!.subject).toBe(`Opening round cancelled: ${l.seasonName}`);
    expect(mail.find((m) => m.toAddress === hawks.email)!.textBody).toContain(`so ${l.teams[0]!.name}'s preferences are dropped and nothing was booked from them.`);
  });
});

describe('coaches rank their slots while the window is open', () => {
  it('saves a ranked list and reads it back; refuses, in words naming the slot, what the draw could never give', async () => {
    const l = await seedOpeningLeague(db(), { tag: 'prefs', teams: ['Larks', 'Finches'], rules: { minLeadHours: 0, maxPerDay: 1, maxPerWeek: 3, maxUpcoming: 10 } });
    const larks = await coachOf(l, 0, 'prefs');
    const round = await create(roundBody(l, { maxPreferences: 3 }, 5));
    const id = round.id;
    const label = async (slotId: string) => {
      const [s] = await db().select({ startsAt: slots.startsAt }).from(slots).where(eq(slots.id, slotId));
      return `Field prefs, ${when(s!.startsAt.toISOString()).replace(/[\u202f\u00a0]/g, ' ')}`;
    };

    const early = await save(larks, id, [l.slotIds[0]![0]!]);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(`The preference window opens ${when(round.opensAt)}. Come back then to rank your slots.`);

    await moveRound(db(), id, 'open');
    // The team is in no division: its lists open with the round.
    const opened = (await send(null, 'GET', `/api/openings/${id}`)).json().round as OpeningRound;
    expect((await send(larks, 'GET', `/api/openings/${id}/preferences`)).json()).toEqual({ slotIds: [], maxPreferences: 3, savedAt: null, listsOpenAt: opened.opensAt, divisionName: null });
    const list = [l.slotIds[1]![2]!, l.slotIds[0]![0]!, l.slotIds[1]![0]!];
    const saved = await save(larks, id, list);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ slotIds: list, savedAt: expect.any(String) });
    expect((await send(larks, 'GET', `/api/openings/${id}/preferences`)).json()).toMatchObject({ slotIds: list, maxPreferences: 3 });
    // A new list replaces the old one.
    expect((await save(larks, id, [l.slotIds[2]![0]!])).statusCode).toBe(200);
    expect((await send(larks, 'GET', `/api/openings/${id}/preferences`)).json().slotIds).toEqual([l.slotIds[2]![0]]);

    const tooMany = await save(larks, id, [l.slotIds[0]![0]!, l.slotIds[1]![0]!, l.slotIds[2]![0]!, l.slotIds[3]![0]!]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.message).toBe('This round takes at most 3 preferences and your list has 4. Remove 1.');

    const outside = l.slotIds[6]![0]!;
    const notCovered = await save(larks, id, [l.slotIds[0]![0]!, outside]);
    expect(notCovered.statusCode).toBe(422);
    expect(notCovered.json().error).toMatchObject({
      message: `${await label(outside)} is not in this round's dates (${formatDay(l.monday.toString())} – ${formatDay(l.monday.add({ days: 4 }).toString())}). Rank slots from those days.`,
      details: { rule: 'NOT_COVERED', slotId: outside },
    });

    // Larks already practise on day 3: with one practice a day, no slot of that day can ever be theirs.
    const override = await send(admin, 'POST', '/api/admin/bookings/override', { slotId: l.slotIds[3]![2], teamId: l.teams[0]!.id, reason: 'Make-up game', bump: false });
    expect(override.statusCode, override.body).toBe(201);
    const sameDay = await save(larks, id, [l.slotIds[3]![0]!]);
    expect(sameDay.statusCode).toBe(422);
    expect(sameDay.json().error.message).toBe(
      `${await label(l.slotIds[3]![0]!)}: the draw could never give it to ${l.teams[0]!.name}. ${l.teams[0]!.name} already has 1 practice on ${formatDay(l.monday.add({ days: 3 }).toString())} (limit 1).`,
    );
    const taken = await save(larks, id, [l.slotIds[3]![2]!]);
    expect(taken.json().error.message).toBe(`${await label(l.slotIds[3]![2]!)} is already booked, so it is not in the draw. Pick another slot.`);
    const block = await send(admin, 'POST', '/api/blocks', { scope: 'slot', slotId: l.slotIds[4]![1], category: 'weather', reason: 'Field flooded' });
    expect(block.statusCode, block.body).toBe(201);
    const blocked = await save(larks, id, [l.slotIds[4]![1]!]);
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().error.message).toMatch(/ is blocked \(.*Field flooded\), so it is not in the draw\. Pick another slot\.$/);
    const twice = await save(larks, id, [l.slotIds[0]![0]!, l.slotIds[0]![0]!]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toContain('Each slot can be in your preferences only once');

    // The list that stood is unchanged by every refusal.
    expect((await send(larks, 'GET', `/api/openings/${id}/preferences`)).json().slotIds).toEqual([l.slotIds[2]![0]]);
    // A parent ranks nothing; a coach saves only their own team's list (the team comes from the session).
    const parent = await t.signUp({ email: 'parent-prefs@example.org', role: 'member', teamId: l.teams[0]!.id });
    const refusedParent = await save(parent, id, [l.slotIds[0]![0]!]);
    expect(refusedParent.statusCode).toBe(403);
    expect(refusedParent.json().error.message).toBe(`Only coaches can rank slots. Ask a league admin to make you a coach of ${l.teams[0]!.name}.`);
    const finches = await coachOf(l, 1, 'prefs');
    expect((await send(finches, 'GET', `/api/openings/${id}/preferences`)).json().slotIds).toEqual([]);

    await moveRound(db(), id, 'closed');
    const late = await save(larks, id, [l.slotIds[0]![0]!]);
    expect(late.statusCode).toBe(409);
    const closed = (await send(null, 'GET', `/api/openings/${id}`)).json().round as OpeningRound;
    expect(late.json().error.message).toBe(`The preference window closed ${when(closed.closesAt)}; the draw is on ${when(closed.drawAt)}. Your saved preferences stand.`);
    await send(admin, 'POST', `/api/openings/${id}/cancel`, {});
  });
});

describe('the draw', () => {
  it('refuses "draw now" before the close; then books the picks in one go, reveals the seed, audits, emails each coach, publishes inputs that give the same result', async () => {
    const l = await seedOpeningLeague(db(), {
      tag: 'draw',
      teams: ['Cardinals', 'Blue Jays', 'Robins'],
      // First come may book only a day ahead; the round's slots are further out, and the draw books them all the same.
      rules: { minLeadHours: 0, maxPerDay: 1, maxPerWeek: 2, maxUpcoming: 10, maxAheadDays: 1 },
      extraCoaches: 1,
    });
    const [cardinals, blueJays, robins] = [await coachOf(l, 0, 'draw'), await coachOf(l, 1, 'draw'), await coachOf(l, 2, 'draw')];
    const s = l.slotIds;
    // The Cardinals already practise on Friday evening this season: 80 prime-time minutes.
    expect((await send(admin, 'POST', '/api/admin/bookings/override', { slotId: s[4]![2], teamId: l.teams[0]!.id, reason: 'Earlier booking', bump: false })).statusCode).toBe(201);
    const round = await create(roundBody(l, { weighting: 'fewer-prime-hours-first' }));
    await moveRound(db(), round.id, 'open');

    const tooEarly = await send(admin, 'POST', `/api/openings/${round.id}/draw`, {});
    expect(tooEarly.statusCode).toBe(409);
    const open = (await send(null, 'GET', `/api/openings/${round.id}`)).json().round as OpeningRound;
    expect(tooEarly.json().error.message).toBe(`The preference window is still open: it closes ${when(open.closesAt)}. "Draw now" works once it has closed.`);

    const lists = {
      [l.teams[0]!.id]: [s[0]![0]!, s[0]![1]!, s[1]![0]!],
      [l.teams[1]!.id]: [s[0]![0]!, s[1]![0]!, s[2]![0]!],
      [l.teams[2]!.id]: [s[0]![0]!, s[2]![0]!, s[5]![0]!, s[6]![0]!],
    };
    for (const [coach, team] of [[cardinals, 0], [blueJays, 1], [robins, 2]] as const) expect((await save(coach, round.id, lists[l.teams[team]!.id]!)).statusCode).toBe(200);
    // While the round waits, first come first served is refused on its slots, in words; an admin's override still works.
    const refused = await send(robins, 'POST', '/api/bookings', { slotId: s[3]![0] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      message: `This slot is in the opening round: the draw is on ${when(open.drawAt)}. Rank it in your preferences instead.`,
      details: { rule: 'OPENING_ROUND' },
    });
    // Before the draw the page shows the hash and the teams that ranked slots, never the seed.
    const before = await send(null, 'GET', `/api/openings/${round.id}`);
    const seed = await seedOf(round.id);
    expect(before.body).not.toContain(seed);
    expect(before.json()).toMatchObject({ round: { status: 'open', seed: null, seedHash: round.seedHash }, result: null, slots: null });
    expect(before.json().teams.map((x: { name: string }) => x.name).sort()).toEqual(l.teams.map((x) => x.name).sort());
    const notYet = await send(null, 'GET', `/api/openings/${round.id}/inputs`);
    expect(notYet.statusCode).toBe(404);
    expect(notYet.json().error.message).toBe(`The inputs are published at the draw (${when(open.drawAt)}). Come back after it to download them.`);

    await moveRound(db(), round.id, 'closed');
    const drawn = await send(admin, 'POST', `/api/openings/${round.id}/draw`, {});
    expect(drawn.statusCode, drawn.body).toBe(200);
    const after = drawn.json().round as OpeningRound;
    expect(after).toMatchObject({ status: 'drawn', seed, seedHash: round.seedHash, drawnAt: expect.any(String) });
    expect(await sha256Hex(after.seed!)).toBe(after.seedHash);

    // The page: the result and the slots it names, teams by name only, no person.
    const page = await send(null, 'GET', `/api/openings/${round.id}`);
    const { result, teams: pageTeams, slots: pageSlots } = page.json<{ result: DrawResult; teams: Array<{ id: string; name: string }>; slots: Array<{ id: string; label: string }> }>();
    for (const person of [cardinals, blueJays, robins, admin]) expect(page.body).not.toContain(person.email);
    expect(page.body).not.toMatch(/Coach \d|Olivia/);
    expect(pageTeams.map((x) => x.name).sort()).toEqual(l.teams.map((x) => x.name).sort());
    // Fewer prime-time hours first: the Cardinals (80 minutes) draw last in round 1.
    expect(result.order.at(-1)).toBe(l.teams[0]!.id);
    // The slot everyone ranked first went in round 1 to the first in the order; the others missed it with why.
    const first = result.order[0]!;
    const firstName = l.teams.find((x) => x.id === first)!.name;
    expect(result.picks[0]).toMatchObject({ round: 1, turn: 1, teamId: first, slotId: s[0]![0], rank: 1 });
    for (const other of result.order.slice(1)) expect(result.missed).toContainEqual({ teamId: other, slotId: s[0]![0], rank: 1, reason: `taken in round 1 by ${firstName}` });
    expect(pageSlots.map((x) => x.id)).toEqual(expect.arrayContaining(result.picks.map((p) => p.slotId)));

    // The inputs: a download that, run through the shared draw(), gives the published result.
    const inputs = await send(null, 'GET', `/api/openings/${round.id}/inputs`);
    expect(inputs.statusCode).toBe(200);
    expect(inputs.headers['content-disposition']).toBe(`attachment; filename="opening-${round.id}-inputs.json"`);
    const parsed: DrawInput = drawInputSchema.parse(inputs.json());
    expect(parsed.seed).toBe(seed);
    expect(parsed.teams.find((x) => x.id === l.teams[0]!.id)!.primeHours).toBe(1.33);
    expect(draw(parsed)).toEqual(result);

    // Every pick is a confirmed booking, made by nobody (the draw), each with its audit entry; one entry for the draw.
    const booked = await db().select({ id: bookings.id, slotId: bookings.slotId, teamId: bookings.teamId, bookedBy: bookings.bookedBy }).from(bookings).where(and(inArray(bookings.slotId, result.picks.map((p) => p.slotId)), eq(bookings.status, 'confirmed')));
    expect(booked.map((b) => `${b.teamId} ${b.slotId}`).sort()).toEqual(result.picks.map((p) => `${p.teamId} ${p.slotId}`).sort());
    expect(booked.every((b) => b.bookedBy === null)).toBe(true);
    const created = await db().select().from(auditLog).where(and(eq(auditLog.action, 'booking.create'), inArray(auditLog.entityId, booked.map((b) => b.id))));
    expect(created).toHaveLength(result.picks.length);
    expect(created[0]).toMatchObject({ actorEmail: admin.email, after: expect.objectContaining({ openingRoundId: round.id }) });
    const [drawEntry, ...more] = await auditOf(round.id, 'opening.draw');
    expect(more).toEqual([]);
    expect(drawEntry!.after).toMatchObject({ seed, seedHash: round.seedHash, order: result.order });

    const again = await send(admin, 'POST', `/api/openings/${round.id}/draw`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(`This round was already drawn on ${when(after.drawnAt!)}. Its result is on its page.`);

    // One email per coach of each team: what it got and in which round, what it missed and why.
    await t.mail.runOnce();
    const mail = await db().select().from(mailMessages).where(eq(mailMessages.kind, 'opening.drawn'));
    const expectedTo = l.teams.flatMap((x, i) => [x.coachEmail, x.coachEmail.replace('@', '.2@'), [cardinals, blueJays, robins][i]!.email]);
    expect(mail.map((m) => m.toAddress).sort()).toEqual(expectedTo.sort());
    const labels = new Map(parsed.slots.map((x) => [x.id, x.label]));
    const ordinal = (n: number) => `${n}${['th', 'st', 'nd', 'rd'][n] ?? 'th'}`;
    for (const [i, coach] of [cardinals, blueJays, robins].entries()) {
      const team = l.teams[i]!;
      const text = mail.find((m) => m.toAddress === coach.email)!.textBody;
      const got = result.picks.filter((p) => p.teamId === team.id);
      expect(mail.find((m) => m.toAddress === coach.email)!.subject).toBe(`Opening round drawn: ${team.name} got ${got.length} practice${got.length === 1 ? '' : 's'}`);
      for (const p of got) expect(text).toContain(`Round ${p.round}: ${labels.get(p.slotId)} (your ${ordinal(p.rank)} choice)`);
      for (const m of result.missed.filter((x) => x.teamId === team.id)) expect(text).toContain(`Your ${ordinal(m.rank)} choice, `);
      for (const m of result.missed.filter((x) => x.teamId === team.id)) expect(text).toContain(`: ${m.reason}`);
      expect(text).toContain(`${t.config.publicUrl}/opening/${round.id}`);
    }
    const robinsMissed = result.missed.filter((x) => x.teamId === l.teams[2]!.id);
    expect(robinsMissed.length).toBeGreaterThan(0);

    // Each slot travels with its field and start, so a Spanish reader's email writes the time its own way (issue 30).
    const starts = new Map(parsed.slots.map((x) => [x.id, x.startsAt]));
    const outbox = (await db().select().from(notificationOutbox).where(eq(notificationOutbox.kind, 'opening.drawn'))).filter(
      (o) => (o.payload as { roundId: string }).roundId === round.id,
    );
    const told = outbox.flatMap((o) => {
      const payload = o.payload as { got: Array<{ slot?: { fieldName: string; startsAt: string } }>; missed: Array<{ slot?: { fieldName: string; startsAt: string } }> };
      return [...payload.got, ...payload.missed];
    });
    expect(told).toHaveLength(result.picks.length + result.missed.length);
    const pickStarts = result.picks.map((p) => starts.get(p.slotId)).sort();
    const toldStarts = outbox.flatMap((o) => (o.payload as { got: Array<{ slot: { startsAt: string } }> }).got.map((g) => g.slot.startsAt)).sort();
    expect(toldStarts).toEqual(pickStarts);
    for (const x of told) expect(x.slot?.fieldName).toMatch(/\S/);
  });

  it('after the draw the rest stays closed to first come until the admin opens it; slots outside the round never closed', async () => {
    const l = await seedOpeningLeague(db(), { tag: 'rest', teams: ['Swifts', 'Terns'], rules: { minLeadHours: 0, maxPerDay: 2, maxPerWeek: 5, maxUpcoming: 10 } });
    const [swifts, terns] = [await coachOf(l, 0, 'rest'), await coachOf(l, 1, 'rest')];
    const round = await create(roundBody(l, {}, 3));
    // A slot outside the round's days is booked first come, first served as ever.
    expect((await send(terns, 'POST', '/api/bookings', { slotId: l.slotIds[5]![0] })).statusCode).toBe(201);
    await moveRound(db(), round.id, 'open');
    expect((await save(swifts, round.id, [l.slotIds[0]![0]!])).statusCode).toBe(200);
    const early = await send(admin, 'POST', `/api/openings/${round.id}/open-rest`, {});
    expect(early.statusCode).toBe(409);
    await moveRound(db(), round.id, 'closed');
    expect((await send(admin, 'POST', `/api/openings/${round.id}/draw`, {})).statusCode).toBe(200);

    const waiting = await send(terns, 'POST', '/api/bookings', { slotId: l.slotIds[1]![0] });
    expect(waiting.statusCode).toBe(422);
    expect(waiting.json().error.message).toBe('This slot was in the opening round; the league has not opened the rest for booking yet.');
    const opened = await send(admin, 'POST', `/api/openings/${round.id}/open-rest`, {});
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().round).toMatchObject({ firstComeAfter: true, status: 'drawn' });
    expect(await auditOf(round.id, 'opening.open_rest')).toHaveLength(1);
    expect((await send(terns, 'POST', '/api/bookings', { slotId: l.slotIds[1]![0] })).statusCode).toBe(201);
    // The slot the draw gave is the Swifts'.
    const taken = await send(terns, 'POST', '/api/bookings', { slotId: l.slotIds[0]![0] });
    expect(taken.statusCode).toBe(409);
  });

  it('with firstComeAfter on, the rest is bookable as soon as the worker has drawn the round at its draw time, once', async () => {
    const l = await seedOpeningLeague(db(), { tag: 'worker', teams: ['Kites', 'Gulls'], rules: { minLeadHours: 0, maxPerDay: 1, maxPerWeek: 5, maxUpcoming: 10 } });
    const [kites, gulls] = [await coachOf(l, 0, 'worker'), await coachOf(l, 1, 'worker')];
    const round = await create(roundBody(l, { firstComeAfter: true }, 2));
    await moveRound(db(), round.id, 'open');
    expect((await save(kites, round.id, [l.slotIds[0]![0]!, l.slotIds[1]![0]!])).statusCode).toBe(200);
    expect((await save(gulls, round.id, [l.slotIds[0]![0]!])).statusCode).toBe(200);
    expect((await send(gulls, 'POST', '/api/bookings', { slotId: l.slotIds[1]![2] })).statusCode).toBe(422);

    await moveRound(db(), round.id, 'due');
    await t.mail.runOnce();
    const page = (await send(null, 'GET', `/api/openings/${round.id}`)).json<{ round: OpeningRound; result: DrawResult }>();
    expect(page.round.status).toBe('drawn');
    expect(page.result.picks.length).toBeGreaterThanOrEqual(2);
    const [entry] = await auditOf(round.id, 'opening.draw');
    // The worker drew it: no person in the entry.
    expect(entry).toMatchObject({ actorId: null, actorEmail: null });
    // Judged at its draw time (so a run again after a crash judges the same instant).
    const inputs = (await send(null, 'GET', `/api/openings/${round.id}/inputs`)).json<DrawInput>();
    expect(inputs.now).toBe(page.round.drawAt);
    await t.mail.runOnce();
    expect(await auditOf(round.id, 'opening.draw')).toHaveLength(1);
    expect((await send(gulls, 'POST', '/api/bookings', { slotId: l.slotIds[1]![2] })).statusCode).toBe(201);
    const outbox = await db().select().from(notificationOutbox).where(eq(notificationOutbox.kind, 'opening.drawn'));
    expect(outbox.filter((o) => o.teamId === l.teams[0]!.id || o.teamId === l.teams[1]!.id)).toHaveLength(2);
  });

  it('the active season\'s rounds are listed for everyone; a cancelled one is not', async () => {
    const l = await seedOpeningLeague(db(), { tag: 'current', teams: [], active: true });
    const kept = await create(roundBody(l, {}, 2));
    const listed = (await send(null, 'GET', '/api/openings/current')).json().rounds as OpeningRound[];
    expect(listed.map((r) => r.id)).toEqual([kept.id]);
    expect(listed[0]!.seed).toBeNull();
    await send(admin, 'POST', `/api/openings/${kept.id}/cancel`, {});
    expect((await send(null, 'GET', '/api/openings/current')).json().rounds).toEqual([]);
    expect((await send(admin, 'GET', `/api/openings?seasonId=${l.seasonId}`)).json().rounds.map((r: OpeningRound) => r.status)).toEqual(['cancelled']);
  });
});
