import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { users } from '../../db/schema';
import { buildTestApp, cookieHeader, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { applyAccountChange } from './users-admin.service';

/**
 * The last-admin rule under concurrency: two admins demoting (or disabling) each other at the same moment must
 * leave one admin, never none. This file has a database of its own with exactly two admins.
 */
let t: TestApp;
let a: TestUser;
let b: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
  a = await t.signUp({ email: 'race-a@example.org', role: 'admin', name: 'Admin A' });
  b = await t.signUp({ email: 'race-b@example.org', role: 'admin', name: 'Admin B' });
}, 60_000);
afterAll(() => t.close());

const activeAdmins = async () =>
  (await t.database.db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.disabled, false)))).map((r) => r.id).sort();
/** Both admins again, each signed in afresh (a role change or disabling ends the loser's sessions). */
async function restore(): Promise<void> {
  await t.database.db.update(users).set({ role: 'admin', disabled: false }).where(sql`${users.id} in (${a.id}, ${b.id})`);
  [a, b] = await Promise.all([signIn(a), signIn(b)]);
}
async function signIn(user: TestUser): Promise<TestUser> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password }, headers: { origin: TEST_ORIGIN } });
  expect(res.statusCode, `sign in ${user.email}`).toBe(200);
  return { ...user, cookie: cookieHeader(res.headers['set-cookie']) };
}
const patchUser = (actor: TestUser, id: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, payload: payload as object, headers: { cookie: actor.cookie, origin: TEST_ORIGIN } });
const ctx = (actor: TestUser) => ({ actorId: actor.id, actorEmail: actor.email, ip: null, userAgent: null });

describe('two admins demoting each other at once', () => {
  it('over HTTP, in many rounds: one change passes, the other is refused, one admin is always left', async () => {
    for (let round = 0; round < 6; round++) {
      await restore();
      const change = { role: round % 2 === 0 ? 'coach' : 'member' };
      const [ab, ba] = await Promise.all([patchUser(a, b.id, change), patchUser(b, a.id, change)]);
      const statuses = [ab.statusCode, ba.statusCode].sort();
      // Either both requests reached the rule (200 + 409), or the loser's session had already ended with its
      // role change at its access check (200 + 401).
      expect([[200, 409], [200, 401]], `round ${round}: ${ab.body} / ${ba.body}`).toContainEqual(statuses);
      expect(await activeAdmins()).toHaveLength(1);
    }
    // Disabling each other: the loser's session may already be gone at its access check (401).
    await restore();
    const [ab, ba] = await Promise.all([patchUser(a, b.id, { disabled: true }), patchUser(b, a.id, { disabled: true })]);
    expect([[200, 409], [200, 401]]).toContainEqual([ab.statusCode, ba.statusCode].sort());
    expect(await activeAdmins()).toHaveLength(1);
  });

  it('the second transaction waits on the admin rows the first has locked, then sees only one admin left', async () => {
    await restore();
    let locked!: () => void;
    const hasLocked = new Promise<void>((resolve) => (locked = resolve));
    let commit!: () => void;
    const mayCommit = new Promise<void>((resolve) => (commit = resolve));

    // The first demotion takes the locks and holds its transaction open.
    const first = t.database.db.transaction(async (tx) => {
      await applyAccountChange(tx, ctx(a), b.id, { role: 'coach' }, 'in a race');
      locked();
      await mayCommit;
    });
    await hasLocked;
    const second = t.database.db.transaction((tx) => applyAccountChange(tx, ctx(b), a.id, { role: 'coach' }, 'in a race'));
    let finished = false;
    const settled = second.then(
      () => 'passed',
      (err: Error) => err.message,
    ).finally(() => (finished = true));
    if (t.database.kind === 'postgres') {
      // On PostgreSQL, see the second transaction blocked on a row lock before letting the first commit
      // (without the lock it would finish at once, and pass: the failure below then says so).
      while (!finished) {
        const waiting = rowsOf<{ n: number }>(
          await t.database.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
        );
        if ((waiting[0]?.n ?? 0) > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    commit();
    await first;
    expect(await settled).toContain("Admin A (race-a@example.org) is the league's last active admin");
    expect(await activeAdmins()).toEqual([a.id]);
  });
});
