import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlState } from '../../db/client';
import { openingLists, openingRounds } from '../../db/schema';
import { moveRound, roundBody, seedOpeningLeague } from '../../test/opening-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { replacePreferencesWhileOpen, savePreferencesInOneCall } from './opening.repository';

// A save is one read and one write (opening.repository `saveFacts`, `replacePreferencesWhileOpen`): the write
// replaces the team's rows in one statement, and writes only while the window is open by `openingStatus`'s rule.

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'save-admin@example.org', role: 'admin', name: 'Sam Admin' });
}, 60_000);
afterAll(() => t.close());

const db = () => t.database.db;
const send = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...(method === 'GET' ? {} : { origin: TEST_ORIGIN }), cookie: user.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
/** The team's stored list as (rank, slot) pairs, rank 1 first; [] when it has none. */
const rowsOf = async (roundId: string, teamId: string) => {
  const rows = await db()
    .select({ slotIds: openingLists.slotIds })
    .from(openingLists)
    .where(and(eq(openingLists.roundId, roundId), eq(openingLists.teamId, teamId)));
  expect(rows.length).toBeLessThanOrEqual(1);
  return (rows[0]?.slotIds ?? []).map((slotId, i) => ({ rank: i + 1, slotId }));
};

describe('saving a list', () => {
  it('replaces the saved list by one that reorders, keeps, drops and adds slots (ranks and slots are unique per team)', async () => {
    const l = await seedOpeningLeague(db(), { tag: 'resave', teams: ['Herons', 'Egrets'], rules: { minLeadHours: 0 } });
    const coach = await t.signUp({ email: 'coach-resave@example.org', role: 'coach', teamId: l.teams[0]!.id });
    const other = await t.signUp({ email: 'coach-resave-2@example.org', role: 'coach', teamId: l.teams[1]!.id });
    const created = await send(admin, 'POST', '/api/openings', roundBody(l, { maxPreferences: 5 }, 5));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().round.id as string;
    await moveRound(db(), id, 'open');
    const [a, b, c, d] = [l.slotIds[0]![0]!, l.slotIds[1]![1]!, l.slotIds[2]![2]!, l.slotIds[3]![0]!];

    const othersList = [c, a];
    expect((await send(other, 'PUT', `/api/openings/${id}/preferences`, { slotIds: othersList })).statusCode).toBe(200);
    for (const list of [[a, b, c], [c, a, b], [b, d], [d, b, c, a], []]) {
      const saved = await send(coach, 'PUT', `/api/openings/${id}/preferences`, { slotIds: list });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ slotIds: list, savedAt: list.length ? expect.any(String) : null });
      expect((await send(coach, 'GET', `/api/openings/${id}/preferences`)).json().slotIds).toEqual(list);
      expect(await rowsOf(id, l.teams[0]!.id)).toEqual(list.map((slotId, i) => ({ rank: i + 1, slotId })));
    }
    // Another team's list is its own.
    expect((await rowsOf(id, l.teams[1]!.id)).map((r) => r.slotId)).toEqual(othersList);
  });

  it('two saves of one team at the same moment: each answers 200, never 500, and one whole list is kept', async () => {
    const l = await seedOpeningLeague(db(), { tag: 'twice', teams: ['Sandpipers'], rules: { minLeadHours: 0 } });
    const coach = await t.signUp({ email: 'coach-twice@example.org', role: 'coach', teamId: l.teams[0]!.id });
    const created = await send(admin, 'POST', '/api/openings', roundBody(l, { maxPreferences: 5 }, 5));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().round.id as string;
    await moveRound(db(), id, 'open');
    const one = [l.slotIds[0]![0]!, l.slotIds[1]![1]!, l.slotIds[2]![2]!];
    const two = [l.slotIds[2]![2]!, l.slotIds[0]![0]!];
    for (let i = 0; i < 10; i++) {
      const answers = await Promise.all([one, two, one].map((list) => send(coach, 'PUT', `/api/openings/${id}/preferences`, { slotIds: list })));
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      // The last save to commit wins, whole: never a mix of the two lists.
      const kept = (await rowsOf(id, l.teams[0]!.id)).map((r) => r.slotId);
      expect([one, two]).toContainEqual(kept);
    }
  });

  it('writes only while the window is open as openingStatus says: from opensAt, before closesAt, not once cancelled', async () => {
    const l = await seedOpeningLeague(db(), { tag: 'edges', teams: ['Plovers'], rules: { minLeadHours: 0 } });
    const created = await send(admin, 'POST', '/api/openings', roundBody(l, {}, 5));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().round.id as string;
    const [round] = await db().select({ opensAt: openingRounds.opensAt, closesAt: openingRounds.closesAt }).from(openingRounds).where(eq(openingRounds.id, id));
    const team = l.teams[0]!.id;
    const list = [l.slotIds[0]![0]!];
    const at = (ms: number) => replacePreferencesWhileOpen(db(), id, team, list, new Date(ms));

    const before = await at(round!.opensAt.getTime() - 1);
    expect(before).toMatchObject({ written: false, savedAt: null, round: { opensAt: round!.opensAt, closesAt: round!.closesAt, drawnAt: null, cancelledAt: null } });
    expect(await rowsOf(id, team)).toEqual([]);
    expect(await at(round!.opensAt.getTime())).toMatchObject({ written: true, savedAt: expect.any(Date) });
    expect(await rowsOf(id, team)).toEqual([{ rank: 1, slotId: list[0] }]);
    expect(await at(round!.closesAt.getTime() - 1)).toMatchObject({ written: true });

    // Nothing written (nor dropped) at the close, or once cancelled.
    const cleared = { ...(await at(round!.closesAt.getTime())) };
    expect(cleared).toMatchObject({ written: false, savedAt: null });
    expect(await replacePreferencesWhileOpen(db(), id, team, [], new Date(round!.closesAt.getTime()))).toMatchObject({ written: false });
    expect(await rowsOf(id, team)).toEqual([{ rank: 1, slotId: list[0] }]);
    const cancelledAt = new Date(round!.opensAt.getTime() + 1000);
    await db().update(openingRounds).set({ cancelledAt }).where(eq(openingRounds.id, id));
    expect(await replacePreferencesWhileOpen(db(), id, team, [], new Date(round!.opensAt.getTime() + 2000))).toMatchObject({ written: false, round: { cancelledAt } });
    expect(await rowsOf(id, team)).toEqual([{ rank: 1, slotId: list[0] }]);
    expect(await replacePreferencesWhileOpen(db(), '00000000-0000-4000-8000-000000000000', team, list, new Date())).toBeNull();
  });

  it('saves sent together go in one call (migration 0016), each decided and written as if alone, in arrival order; an error fails only its own save', async () => {
    const l = await seedOpeningLeague(db(), { tag: 'together', teams: ['Kites', 'Swifts', 'Terns', 'Wrens'], rules: { minLeadHours: 0 } });
    const created = await send(admin, 'POST', '/api/openings', roundBody(l, { maxPreferences: 3 }, 5));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().round.id as string;
    await moveRound(db(), id, 'open');
    const [kites, swifts, terns, wrens] = l.teams.map((team) => team.id);
    const [s1, s2, s3, s4] = [l.slotIds[0]![0]!, l.slotIds[1]![1]!, l.slotIds[2]![2]!, l.slotIds[3]![0]!];
    const now = new Date();
    const timeZone = 'America/Chicago';
    // In one tick: one call carries them all (db/group-commit.ts gathers the calls of a tick).
    const save = (teamId: string, slotIds: string[], roundId = id) => savePreferencesInOneCall(db(), { roundId, teamId, slotIds, now, timeZone });
    const answers = await Promise.all([
      save(kites!, [s1, s2]),
      save(swifts!, [s3]),
      // Four slots where the round takes three: not saved, nothing written.
      save(terns!, [s1, s2, s3, s4]),
      // Kites again: the later list is the one kept.
      save(kites!, [s2]),
      save(wrens!, [s1, s3]),
      save(wrens!, [s4], '00000000-0000-4000-8000-000000000000'),
    ]);
    expect(answers).toEqual([
      { saved: true, savedAt: expect.any(String) },
      { saved: true, savedAt: expect.any(String) },
      { saved: false },
      { saved: true, savedAt: expect.any(String) },
      { saved: true, savedAt: expect.any(String) },
      { saved: false },
    ]);
    // One call, one transaction: every save has the transaction's time.
    expect(new Set(answers.flatMap((a) => (a.saved ? [a.savedAt] : []))).size).toBe(1);
    expect((await rowsOf(id, kites!)).map((r) => r.slotId)).toEqual([s2]);
    expect((await rowsOf(id, swifts!)).map((r) => r.slotId)).toEqual([s3]);
    expect(await rowsOf(id, terns!)).toEqual([]);
    expect((await rowsOf(id, wrens!)).map((r) => r.slotId)).toEqual([s1, s3]);

    // A save that fails (a team that does not exist: the foreign key) fails the shared call; each save then goes alone.
    const results = await Promise.allSettled([save(swifts!, [s1]), save(randomUUID(), [s2]), save(terns!, [s4, s2])]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // foreign_key_violation, from the save's own call.
    expect(sqlState((results[1] as PromiseRejectedResult).reason)).toBe('23503');
    expect((await rowsOf(id, swifts!)).map((r) => r.slotId)).toEqual([s1]);
    expect((await rowsOf(id, terns!)).map((r) => r.slotId)).toEqual([s4, s2]);
  });
});
