import type { Config } from '../../config';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { onUniqueViolation } from '../../db/unique-violation';
import { AppError, type ErrorWords } from '../../errors';
import type { Actor } from '../../context';
import type { Role } from '../../../shared/constants';
import {
  INVITATION_TTL_DAYS,
  type AcceptWithSignUpInput,
  type Invitation,
  type InvitationLookup,
  type InviteInput,
} from '../../../shared/invitations/invitations.schemas';
import type { LeagueSettings } from '../../../shared/league/league.schemas';
import type { Profile } from '../../../shared/users/users.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import type { Auth } from '../auth/auth';
import { enqueueMail } from '../mail/mail.service';
import { commitThenPublish } from '../live/live.service';
import { findTeam } from '../teams/teams.service';
import { applyAccountChange, findUsersByEmails, markEmailVerified } from '../users/users-admin.service';
import { findProfile, mailLocaleOf, toProfile } from '../users/users.service';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/i18n/locales';
import { invitedAs } from '../../../shared/invitations/invitation-words';
import { invitationMail } from './invitation-mail';
import * as repo from './invitations.repository';
import type { InvitationRow } from './invitations.repository';
import { hashToken, newToken } from '../../one-time-token';

/**
 * Invitations: an admin invites an address to a role (and team); the email carries a one-time link (256 random
 * bits, only its SHA-256 stored, 7 days); opening it signs the person up with that address fixed, or, signed in
 * as that address, accepts with one click. Resend swaps the token (the old link stops working); revoke ends it.
 */

export interface InvitationDeps extends ServerContext {
  config: Config;
  auth: Auth;
}

const linkFor = (publicUrl: string, token: string) => `${publicUrl}/invite?token=${token}`;

export function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    role: row.role,
    teamId: row.teamId,
    teamName: row.teamName,
    invitedByName: row.invitedByName,
    createdAt: row.createdAt.toISOString(),
    lastSentAt: row.lastSentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    state: row.state,
  };
}

export const listInvitations = async (db: Database): Promise<Invitation[]> => (await repo.listOpen(db)).map(toInvitation);

/**
 * Queues the invitation email with this token, in the caller's transaction (sent after commit). The league's
 * settings are read by the caller before its transaction: read inside it, a cache miss would wait on the
 * transaction's own connection on PGlite (one connection) for ever.
 */
async function queueInvitationMail(
  tx: Database,
  deps: InvitationDeps,
  league: LeagueSettings,
  row: InvitationRow,
  token: string,
  inviterName: string | null,
  language: Locale,
): Promise<void> {
  const mail = invitationMail({
    // In the language of the account the address already has, else in the inviting admin's.
    locale: (await mailLocaleOf(tx, { email: row.email })) ?? language,
    leagueName: league.name,
    timeZone: league.timeZone,
    inviterName,
    role: row.role,
    team: row.teamName ? { name: row.teamName, division: row.teamDivision } : null,
    url: linkFor(deps.config.publicUrl, token),
    expiresAt: row.expiresAt,
  });
  await enqueueMail(tx, deps.config.publicUrl, { kind: 'invitation', to: row.email, toUserId: null, ...mail });
}

const alreadyInvited = (email: string) =>
  new AppError('CONFLICT', { key: 'invitations.alreadyInvited', params: { email } }, { fields: { email: 'Already invited' } });

export interface NewInvitation {
  email: string;
  displayName: string | null;
  role: Role;
  teamId: string | null;
}

/**
 * Creates one invitation and queues its email in the caller's transaction (the invite form and the CSV import).
 * `language`: the inviting request's, for an address without an account (decision 038).
 */
export async function createInvitation(
  tx: Database,
  deps: InvitationDeps,
  ctx: AuditContext,
  league: LeagueSettings,
  input: NewInvitation,
  inviter: Actor,
  why = '',
  language: Locale = DEFAULT_LOCALE,
): Promise<Invitation> {
  const token = newToken();
  const id = await repo.insertInvitation(
    tx,
    { email: input.email, displayName: input.displayName, role: input.role, teamId: input.teamId, tokenHash: hashToken(token), invitedBy: inviter.userId },
    INVITATION_TTL_DAYS,
  );
  const row = (await repo.findInvitation(tx, id))!;
  await queueInvitationMail(tx, deps, league, row, token, inviter.profile.displayName, language);
  const invitation = toInvitation(row);
  await recordAudit(tx, ctx, {
    action: 'invitation.create',
    entityType: 'invitation',
    entityId: id,
    summary: `Invited ${row.email} ${invitedAs(row.role, row.teamName ? { name: row.teamName, division: row.teamDivision } : null)}${why}`,
    after: { email: row.email, role: row.role, teamId: row.teamId, teamName: row.teamName, expiresAt: invitation.expiresAt },
  });
  return invitation;
}

/** An admin invites one address (POST /api/admin/invitations). */
export async function invite(deps: InvitationDeps, ctx: AuditContext, actor: Actor, input: InviteInput, language: Locale = DEFAULT_LOCALE): Promise<Invitation> {
  const { db } = deps;
  if (input.teamId) {
    const team = await findTeam(db, input.teamId);
    if (!team?.active) {
      throw new AppError('VALIDATION_FAILED', { key: 'invitations.teamUnknown' }, { fields: { teamId: 'Pick an active team' } });
    }
  }
  const [person] = await findUsersByEmails(db, [input.email]);
  if (person?.disabled) {
    throw new AppError('CONFLICT', { key: 'invitations.accountDisabled', params: { email: input.email } }, { fields: { email: 'This account is disabled' } });
  }
  if (person && person.role === input.role && person.teamId === input.teamId) {
    const words: ErrorWords = person.teamName
      ? { key: 'invitations.alreadyThereOnTeam', params: { email: input.email, team: person.teamName } }
      : { key: 'invitations.alreadyThere', params: { email: input.email } };
    throw new AppError('CONFLICT', words, {
      fields: { email: 'Already has this role and team' },
    });
  }
  if ((await repo.openByEmails(db, [input.email])).length > 0) throw alreadyInvited(input.email);
  const league = await deps.league.get();
  // The partial unique index (one open invitation per address) settles two admins inviting the same person at once.
  return onUniqueViolation(
    () => db.transaction((tx) => createInvitation(tx, deps, ctx, league, input, actor, '', language)),
    () => alreadyInvited(input.email),
  );
}

const notOpen = () => new AppError('CONFLICT', { key: 'invitations.notOpen' });
const invitationGone = () => new AppError('NOT_FOUND', { key: 'invitations.gone' });

/** A new link for an open invitation, by email; the old link stops working at once. */
export async function resend(deps: InvitationDeps, ctx: AuditContext, actor: Actor, id: string, language: Locale = DEFAULT_LOCALE): Promise<Invitation> {
  const league = await deps.league.get();
  return deps.db.transaction(async (tx) => {
    const token = newToken();
    if (!(await repo.findInvitation(tx, id))) throw invitationGone();
    if (!(await repo.renewToken(tx, id, hashToken(token), INVITATION_TTL_DAYS))) throw notOpen();
    const row = (await repo.findInvitation(tx, id))!;
    await queueInvitationMail(tx, deps, league, row, token, actor.profile.displayName, language);
    const invitation = toInvitation(row);
    await recordAudit(tx, ctx, {
      action: 'invitation.resend',
      entityType: 'invitation',
      entityId: id,
      summary: `Sent a new invitation link to ${row.email} (the old link no longer works)`,
      after: { expiresAt: invitation.expiresAt },
    });
    return invitation;
  });
}

export async function revoke(db: Database, ctx: AuditContext, id: string): Promise<Invitation> {
  return db.transaction(async (tx) => {
    const before = await repo.findInvitation(tx, id);
    if (!before) throw invitationGone();
    if (!(await repo.revoke(tx, id))) throw notOpen();
    const after = toInvitation((await repo.findInvitation(tx, id))!);
    await recordAudit(tx, ctx, {
      action: 'invitation.revoke',
      entityType: 'invitation',
      entityId: id,
      summary: `Revoked the invitation of ${before.email}`,
      before: { state: before.state },
      after: { state: after.state },
    });
    return after;
  });
}

/** What /invite shows for a token: the link's state and, when it exists, who invited whom to what. */
export async function lookup(deps: InvitationDeps, token: string): Promise<InvitationLookup> {
  const league = await deps.league.get();
  const row = await repo.findByTokenHash(deps.db, hashToken(token));
  if (!row) return { state: 'invalid', leagueName: league.name, invitation: null };
  const [person] = await findUsersByEmails(deps.db, [row.email]);
  return {
    state: row.state,
    leagueName: league.name,
    invitation: {
      email: row.email,
      displayName: row.displayName,
      role: row.role,
      teamName: row.teamName,
      teamDivision: row.teamDivision,
      invitedByName: row.invitedByName,
      expiresAt: row.expiresAt.toISOString(),
      hasAccount: person !== undefined,
    },
  };
}

/** The refusal for a token that could not be claimed, in the words /invite uses. */
async function refusal(db: Database, tokenHash: string): Promise<AppError> {
  const row = await repo.findByTokenHash(db, tokenHash);
  const state = !row ? 'invalid' : row.state === 'pending' ? 'accepted' : row.state;
  // INVITATION_REFUSAL's title and message, as one sentence after the other.
  const words = { invalid: 'invitations.linkInvalid', expired: 'invitations.linkExpired', accepted: 'invitations.linkUsed', revoked: 'invitations.linkRevoked' } as const;
  return new AppError(state === 'invalid' ? 'NOT_FOUND' : 'CONFLICT', { key: words[state], params: state === 'expired' ? { days: INVITATION_TTL_DAYS } : {} }, { invitationState: state });
}

const hasAccount = (email: string) =>
  new AppError('CONFLICT', { key: 'invitations.hasAccount', params: { email } }, { hasAccount: true });

/** The team an invitation is for must still be active when it is accepted. */
async function requireTeam(db: Database, teamId: string | null): Promise<void> {
  if (!teamId) return;
  const team = await findTeam(db, teamId);
  if (!team?.active) {
    throw new AppError('CONFLICT', team ? { key: 'invitations.teamInactiveNamed', params: { team: team.name } } : { key: 'invitations.teamInactive' });
  }
}

/**
 * Accepts in the caller's transaction: marks the invitation accepted by `userId`, gives the account its role
 * and team (the last-admin rule applies) and writes the audit entry. Null when the token is no longer pending.
 */
async function acceptAs(tx: Database, ctx: AuditContext, tokenHash: string, userId: string): Promise<boolean> {
  const claimed = await repo.claim(tx, tokenHash);
  if (!claimed) return false;
  await finishAcceptance(tx, ctx, claimed, userId);
  return true;
}

async function finishAcceptance(tx: Database, ctx: AuditContext, claimed: { id: string; email: string; role: Role; teamId: string | null }, userId: string): Promise<void> {
  const after = await applyAccountChange(tx, ctx, userId, { role: claimed.role, teamId: claimed.teamId }, 'by accepting an invitation');
  await repo.setAcceptedBy(tx, claimed.id, userId);
  await recordAudit(tx, ctx, {
    action: 'invitation.accept',
    entityType: 'invitation',
    entityId: claimed.id,
    summary: `${claimed.email} accepted the invitation ${invitedAs(after.role, after.teamName ? { name: after.teamName, division: null } : null)}`,
    before: { state: 'pending' },
    after: { state: 'accepted', userId, role: after.role, teamId: after.teamId },
  });
}

/**
 * Signs up with the invited address (fixed: the link decides it, not the form) and accepts, like the first-admin
 * setup link: the invitation is claimed first, so one link makes one account; a failed sign-up gives it back.
 * Returns better-auth's session cookie.
 */
export async function acceptWithSignUp(
  deps: InvitationDeps,
  request: Omit<AuditContext, 'actorId' | 'actorEmail'>,
  input: AcceptWithSignUpInput,
): Promise<{ setCookie: string[]; profile: Profile }> {
  const { db, auth } = deps;
  const tokenHash = hashToken(input.token);
  const claimed = await repo.claim(db, tokenHash);
  if (!claimed) throw await refusal(db, tokenHash);

  let userId: string;
  let setCookie: string[];
  let signedIn: boolean;
  try {
    await requireTeam(db, claimed.teamId);
    if ((await findUsersByEmails(db, [claimed.email])).length > 0) throw hasAccount(claimed.email);
    const result = await auth.api.signUpEmail({ body: { name: input.name, email: claimed.email, password: input.password }, returnHeaders: true });
    userId = result.response.user.id;
    setCookie = result.headers.getSetCookie();
    signedIn = Boolean(result.response.token);
  } catch (err) {
    await repo.releaseClaim(db, claimed.id);
    if ((err as { body?: { code?: string } }).body?.code?.startsWith('USER_ALREADY_EXISTS')) throw hasAccount(claimed.email);
    throw err;
  }

  const ctx: AuditContext = { ...request, actorId: userId, actorEmail: claimed.email };
  try {
    await db.transaction(async (tx) => {
      // Opening the emailed link proves the address.
      await markEmailVerified(tx, userId);
      await finishAcceptance(tx, ctx, claimed, userId);
    });
  } catch (err) {
    await repo.releaseClaim(db, claimed.id);
    throw err;
  }
  if (!signedIn) {
    // Sign-up did not sign in (the league requires a verified address first): now it is verified, sign in.
    const result = await auth.api.signInEmail({ body: { email: claimed.email, password: input.password }, returnHeaders: true });
    setCookie = result.headers.getSetCookie();
  }
  return { setCookie, profile: toProfile((await findProfile(db, userId))!) };
}

/** The signed-in person accepts an invitation to their own address with one click. */
export async function acceptSignedIn(deps: InvitationDeps, ctx: AuditContext, actor: Actor, token: string): Promise<Profile> {
  const { db } = deps;
  const tokenHash = hashToken(token);
  const row = await repo.findByTokenHash(db, tokenHash);
  if (!row || row.state !== 'pending') throw await refusal(db, tokenHash);
  if (row.email.toLowerCase() !== actor.email.toLowerCase()) {
    throw new AppError('FORBIDDEN', { key: 'invitations.otherAccount', params: { invited: row.email, signedIn: actor.email } }, { invitedEmail: row.email });
  }
  await requireTeam(db, row.teamId);
  // The new role and team act on the person's next request on every server (auth/actor-cache.ts).
  const accepted = await commitThenPublish(db, deps.live, async (tx) => ({ value: await acceptAs(tx, ctx, tokenHash, actor.userId), people: [actor.userId] }));
  if (!accepted) throw await refusal(db, tokenHash);
  return toProfile((await findProfile(db, actor.userId))!);
}
