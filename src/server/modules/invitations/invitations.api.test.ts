import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authUser, invitations, mailMessages } from '../../db/schema';
import { seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, cookieHeader, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import type { InvitationLookup } from '../../../shared/invitations/invitations.schemas';
import { hashToken } from '../../one-time-token';

let t: TestApp;
let league: League;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 2, rules: { maxPerWeek: 10, maxPerDay: 5, maxUpcoming: 20 } });
  admin = await t.signUp({ email: 'inv-admin@example.org', role: 'admin', name: 'Ada Admin' });
}, 60_000);
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
const inviteBody = (email: string, teamId = league.teamIds[0]!) => ({ email, role: 'coach', teamId });

/** The newest email queued to an address, and the invitation token its link carries. */
async function mailTo(address: string) {
  const [mail] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, address)).orderBy(desc(mailMessages.createdAt)).limit(1);
  expect(mail, `an email to ${address}`).toBeDefined();
  const token = /\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)?.[1];
  return { ...mail!, token: token! };
}
const lookup = async (token: string) => (await post('/api/invitations/lookup', { token })).json<InvitationLookup>();
const accept = (token: string, name = 'New Coach', password = 'a-long-password') => post('/api/invitations/accept', { token, name, password });

describe('an invitation, from the email to the account', () => {
  it('emails a one-time link (256 bits, stored hashed); signing up through it makes a coach of that team who can book', async () => {
    const email = 'new.coach@example.org';
    const res = await post('/api/admin/invitations', { ...inviteBody(' New.Coach@Example.org '), displayName: 'Nell Coach' }, admin.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().invitation).toMatchObject({ email, role: 'coach', teamId: league.teamIds[0], state: 'pending', invitedByName: 'Ada Admin' });
    const expiresIn = new Date(res.json().invitation.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(6.99 * 86_400_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 86_400_000);

    const mail = await mailTo(email);
    expect(mail).toMatchObject({ kind: 'invitation', toUserId: null, subject: expect.stringContaining('invited') });
    expect(mail.textBody).toContain('Ada Admin invited you');
    expect(mail.textBody).toContain('as a coach of Team 1');
    expect(mail.htmlBody).toContain(`${TEST_ORIGIN}/invite?token=${mail.token}`);
    expect(Buffer.from(mail.token, 'base64url')).toHaveLength(32);
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.email, email));
    expect(row!.tokenHash).toBe(hashToken(mail.token));
    expect(JSON.stringify(row)).not.toContain(mail.token);

    const seen = await lookup(mail.token);
    expect(seen).toMatchObject({ state: 'pending', invitation: { email, role: 'coach', teamName: expect.stringMatching(/^Team 1/), invitedByName: 'Ada Admin', hasAccount: false } });

    const accepted = await accept(mail.token, 'Nell Coach');
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().profile).toMatchObject({ email, role: 'coach', teamId: league.teamIds[0], displayName: 'Nell Coach' });
    const cookie = cookieHeader(accepted.headers['set-cookie']);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json().profile.role).toBe('coach');
    const booked = await post('/api/bookings', { slotId: league.slotIds[0]![0]! }, cookie);
    expect(booked.statusCode).toBe(201);
    expect(booked.json().booking.teamId).toBe(league.teamIds[0]);

    const [account] = await t.database.db.select({ verified: authUser.emailVerified }).from(authUser).where(eq(authUser.email, email));
    expect(account!.verified).toBe(true);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'invitation.accept'));
    expect(entry).toMatchObject({ actorEmail: email, before: { state: 'pending' }, after: { state: 'accepted', role: 'coach', teamId: league.teamIds[0] } });

    // Reused: the same link again says it was used, and makes nothing.
    expect((await lookup(mail.token)).state).toBe('accepted');
    const again = await accept(mail.token, 'Someone Else');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ message: expect.stringContaining('This invitation has already been used'), details: { invitationState: 'accepted' } });
  });

  it('an expired link says so and signs nobody up', async () => {
    expect((await post('/api/admin/invitations', inviteBody('late@example.org'), admin.cookie)).statusCode).toBe(201);
    const { token } = await mailTo('late@example.org');
    await t.database.db.update(invitations).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(invitations.email, 'late@example.org'));
    expect((await lookup(token)).state).toBe('expired');
    const res = await accept(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('This invitation has expired');
    expect(await t.database.db.$count(authUser, eq(authUser.email, 'late@example.org'))).toBe(0);
    // The admin still sees it, marked expired, and can resend it.
    const list = (await t.app.inject({ url: '/api/admin/invitations', headers: { cookie: admin.cookie } })).json().invitations;
    const late = list.find((i: { email: string }) => i.email === 'late@example.org');
    expect(late.state).toBe('expired');
    const resent = await post(`/api/admin/invitations/${late.id}/resend`, {}, admin.cookie);
    expect(resent.json().invitation.state).toBe('pending');
  });

  it('a revoked link says so; revoking drops it from the list', async () => {
    const created = await post('/api/admin/invitations', inviteBody('revoked@example.org'), admin.cookie);
    const { token } = await mailTo('revoked@example.org');
    const revoked = await post(`/api/admin/invitations/${created.json().invitation.id}/revoke`, {}, admin.cookie);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().invitation.state).toBe('revoked');
    expect((await lookup(token)).state).toBe('revoked');
    const res = await accept(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('This invitation was withdrawn');
    const list = (await t.app.inject({ url: '/api/admin/invitations', headers: { cookie: admin.cookie } })).json().invitations as Array<{ email: string }>;
    expect(list.map((i) => i.email)).not.toContain('revoked@example.org');
    // Revoked, the address may be invited again.
    expect((await post('/api/admin/invitations', inviteBody('revoked@example.org'), admin.cookie)).statusCode).toBe(201);
  });

  it('resend emails a new link and the old one stops working at once', async () => {
    const created = await post('/api/admin/invitations', inviteBody('resend@example.org'), admin.cookie);
    const old = (await mailTo('resend@example.org')).token;
    const resent = await post(`/api/admin/invitations/${created.json().invitation.id}/resend`, {}, admin.cookie);
    expect(resent.statusCode).toBe(200);
    const fresh = (await mailTo('resend@example.org')).token;
    expect(fresh).not.toBe(old);
    expect(await t.database.db.$count(mailMessages, eq(mailMessages.toAddress, 'resend@example.org'))).toBe(2);
    expect((await lookup(old)).state).toBe('invalid');
    const stale = await accept(old);
    expect(stale.statusCode).toBe(404);
    expect(stale.json().error.message).toContain('This invitation link is not valid');
    expect((await accept(fresh)).statusCode).toBe(201);
  });

  it('refuses a second open invitation to the same address, an inactive team, and a coach without a team', async () => {
    expect((await post('/api/admin/invitations', inviteBody('twice@example.org'), admin.cookie)).statusCode).toBe(201);
    const twice = await post('/api/admin/invitations', inviteBody('TWICE@example.org', league.teamIds[1]), admin.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toContain('already has an open invitation');
    const noTeam = await post('/api/admin/invitations', { email: 'noteam@example.org', role: 'coach', teamId: null }, admin.cookie);
    expect(noTeam.statusCode).toBe(400);
    const member = await post('/api/admin/invitations', { email: 'member.inv@example.org', role: 'member' }, admin.cookie);
    expect(member.statusCode).toBe(201);
    const coach = await t.signUp({ email: 'inv-nosy@example.org', role: 'coach', teamId: league.teamIds[0]! });
    expect((await post('/api/admin/invitations', inviteBody('x@example.org'), coach.cookie)).statusCode).toBe(403);
  });
});

describe('someone who already has an account', () => {
  it('accepts with one click while signed in as the invited address, and gets the role and team', async () => {
    const member = await t.signUp({ email: 'has.account@example.org', role: 'member' });
    expect((await post('/api/admin/invitations', inviteBody(member.email, league.teamIds[1]), admin.cookie)).statusCode).toBe(201);
    const { token } = await mailTo(member.email);
    expect((await lookup(token)).invitation!.hasAccount).toBe(true);
    // Signing up again with the address is refused with what to do instead.
    const signUp = await accept(token);
    expect(signUp.statusCode).toBe(409);
    expect(signUp.json().error).toMatchObject({ message: expect.stringContaining('You already have an account'), details: { hasAccount: true } });
    expect((await lookup(token)).state).toBe('pending');

    const res = await post('/api/invitations/accept-signed-in', { token }, member.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({ role: 'coach', teamId: league.teamIds[1] });
    expect((await post('/api/bookings', { slotId: league.slotIds[3]![0]! }, member.cookie)).statusCode).toBe(201);
    const again = await post('/api/invitations/accept-signed-in', { token }, member.cookie);
    expect(again.statusCode).toBe(409);
  });

  it('signed in as another address: a clear message, and the invitation stays open', async () => {
    expect((await post('/api/admin/invitations', inviteBody('right.person@example.org'), admin.cookie)).statusCode).toBe(201);
    const { token } = await mailTo('right.person@example.org');
    const wrong = await t.signUp({ email: 'wrong.person@example.org' });
    const res = await post('/api/invitations/accept-signed-in', { token }, wrong.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(
      'This invitation is for right.person@example.org, but you are signed in as wrong.person@example.org. Log out, then open the link again to accept it as right.person@example.org.',
    );
    expect((await lookup(token)).state).toBe('pending');
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: wrong.cookie } })).json().profile.role).toBe('member');
  });

  it('a password that is too short is refused before the link is used up', async () => {
    expect((await post('/api/admin/invitations', inviteBody('short.pw@example.org'), admin.cookie)).statusCode).toBe(201);
    const { token } = await mailTo('short.pw@example.org');
    const res = await accept(token, 'Short', 'short');
    expect(res.statusCode).toBe(400);
    expect((await lookup(token)).state).toBe('pending');
    expect((await accept(token, 'Short', 'long-enough-now')).statusCode).toBe(201);
  });

  it('writes the audit trail of the invitation: created, resent, revoked, accepted', async () => {
    const actions = (await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, 'invitation')))).map((r) => r.action);
    expect(new Set(actions)).toEqual(new Set(['invitation.create', 'invitation.resend', 'invitation.revoke', 'invitation.accept']));
  });
});

describe('an invitation right after the league settings change', () => {
  it('is sent with the new league name (its settings are read before its transaction, not inside it: on PGlite that read waited on itself)', async () => {
    const settings = (await t.app.inject({ method: 'GET', url: '/api/league' })).json<{ name: string; shortName: string; timeZone: string; contactEmail: string | null }>();
    const renamed = { name: 'Renamed Softball League', shortName: settings.shortName, timeZone: settings.timeZone, contactEmail: settings.contactEmail };
    const put = await t.app.inject({ method: 'PUT', url: '/api/league', payload: renamed, headers: { origin: TEST_ORIGIN, cookie: admin.cookie } });
    expect(put.statusCode, put.body).toBe(200);
    const res = await post('/api/admin/invitations', inviteBody('after.rename@example.org'), admin.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect((await mailTo('after.rename@example.org')).textBody).toContain('Renamed Softball League');
    const resent = await post(`/api/admin/invitations/${res.json().invitation.id as string}/resend`, {}, admin.cookie);
    expect(resent.statusCode, resent.body).toBe(200);
  }, 20_000);
});
