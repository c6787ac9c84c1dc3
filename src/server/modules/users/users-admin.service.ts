import type { ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { AppError, type ErrorWords } from '../../errors';
import type { Role } from '../../../shared/constants';
import { ROLE_LABEL, type AdminUser, type SignInMethod, type UserPage, type UserPatch, type UserSearchQuery } from '../../../shared/users/user-manager.schemas';
import { OIDC_PROVIDER_ID } from '../../../shared/auth/sign-in.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { commitThenPublish } from '../live/live.service';
import { findActiveTeam } from '../teams/teams.service';
import * as repo from './users.repository';
import type { AdminUserRow, UserCursor } from './users.repository';

/**
 * The user manager: search and page people, change a person's role, team and disabled flag. Every change acts
 * on that person's very next request, on every app server (the change publishes `people` after its commit, which
 * drops the person from each server's memory of who is signed in; disabling also ends their sessions in the same
 * transaction), and the league always keeps one active admin.
 */

export function toAdminUser(row: AdminUserRow): AdminUser {
  return { ...row, createdAt: row.createdAt.toISOString(), lastSignInAt: row.lastSignInAt?.toISOString() ?? null };
}

const encodeCursor = (c: UserCursor) => Buffer.from(JSON.stringify([c.name, c.id])).toString('base64url');

function decodeCursor(raw: string): UserCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') return { name: value[0], id: value[1] };
  } catch {
    // Falls through to the error below.
  }
  throw new AppError('VALIDATION_FAILED', { key: 'users.cursorStale' }, { fields: { cursor: 'Not a page cursor' } });
}

export async function searchPeople(db: Database, query: UserSearchQuery): Promise<UserPage> {
  const filter: repo.UserFilter = {
    q: query.q || undefined,
    role: query.role,
    teamId: query.teamId,
    disabled: query.status === undefined ? undefined : query.status === 'disabled',
  };
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const [page, total] = await Promise.all([repo.searchUsers(db, filter, cursor, query.limit), repo.countUsers(db, filter)]);
  return { users: await withSignInMethods(db, page.rows.map(toAdminUser)), nextCursor: page.next ? encodeCursor(page.next) : null, total };
}

/** better-auth's account kinds in the user manager's words: `credential` is a password, ours the identity provider. */
const METHOD_OF: Record<string, SignInMethod> = { credential: 'password', [OIDC_PROVIDER_ID]: 'provider' };

/** The people with how each signs in (one statement for the page, apart from the keyset query and its index). */
async function withSignInMethods(db: Database, people: AdminUser[]): Promise<AdminUser[]> {
  const providers = await repo.accountProvidersOf(db, people.map((p) => p.id));
  return people.map((p) => ({
    ...p,
    signInMethods: [...new Set((providers.get(p.id) ?? []).flatMap((id) => (METHOD_OF[id] ? [METHOD_OF[id]] : [])))],
  }));
}

const gone = () => new AppError('NOT_FOUND', { key: 'users.gone' });

export interface AccountChange {
  role?: Role | undefined;
  teamId?: string | null | undefined;
  disabled?: boolean | undefined;
}

/**
 * Applies a change to one person in the caller's transaction, audit-logged with before and after, and returns
 * the person as they now are. `actorId` is who asks (nobody disables their own account); `why` ends each
 * audit summary ("by an admin", "by accepting an invitation"). The caller commits and then publishes
 * `people: [userId]` (`commitThenPublish`), so that every app server forgets the person's old role and team.
 */
export async function applyAccountChange(tx: Database, ctx: AuditContext, userId: string, change: AccountChange, why: string): Promise<AdminUser> {
  // Admin rows first, always in the same order, then the person: two demotions serialize here (see lockActiveAdmins).
  const admins = await repo.lockActiveAdmins(tx);
  if (!(await repo.lockUser(tx, userId))) throw gone();
  const before = (await repo.findAdminUser(tx, userId))!;
  const next = {
    role: change.role ?? before.role,
    teamId: change.teamId !== undefined ? change.teamId : before.teamId,
    disabled: change.disabled ?? before.disabled,
  };
  const who = `${before.displayName} (${before.email})`;

  if (next.disabled && !before.disabled && ctx.actorId === userId) {
    throw new AppError('FORBIDDEN', { key: 'users.disableSelf' });
  }
  const wasActiveAdmin = before.role === 'admin' && !before.disabled;
  const staysActiveAdmin = next.role === 'admin' && !next.disabled;
  if (wasActiveAdmin && !staysActiveAdmin && !admins.some((id) => id !== userId)) {
    const words: ErrorWords = next.disabled ? { key: 'users.lastAdminDisabled', params: { who } } : { key: 'users.lastAdminRole', params: { who, role: next.role } };
    throw new AppError('CONFLICT', words, { rule: 'LAST_ADMIN' });
  }
  if (next.teamId && next.teamId !== before.teamId && !(await findActiveTeam(tx, next.teamId))) {
    throw new AppError('VALIDATION_FAILED', { key: 'users.teamUnknown' }, { fields: { teamId: 'Pick an active team' } });
  }

  const patch: { role?: Role; teamId?: string | null; disabled?: boolean } = {};
  if (next.role !== before.role) patch.role = next.role;
  if (next.teamId !== before.teamId) patch.teamId = next.teamId;
  if (next.disabled !== before.disabled) patch.disabled = next.disabled;
  if (Object.keys(patch).length === 0) return toAdminUser(before);

  await repo.setAccountFields(tx, userId, patch);
  // A disabled account is signed out everywhere. A new role is a new session: every session from before the
  // change ends (sign in again), so none started under the old role, or leaked, carries the new rights. A person
  // who changes their own role (accepting an invitation while signed in) keeps the session they are using.
  const endsSessions = patch.disabled === true || (patch.role !== undefined && ctx.actorId !== userId);
  const sessionsEnded = endsSessions ? await repo.deleteSessionsOf(tx, userId) : 0;
  const after = (await repo.findAdminUser(tx, userId))!;

  const entry = { entityType: 'user', entityId: userId } as const;
  if (patch.role !== undefined) {
    await recordAudit(tx, ctx, {
      ...entry,
      action: 'user.role.change',
      summary: `${who}: role ${ROLE_LABEL[before.role]} → ${ROLE_LABEL[after.role]} ${why}${sessionsEnded && !after.disabled ? ` (${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'} ended)` : ''}`,
      before: { role: before.role },
      after: { role: after.role, ...(sessionsEnded && !after.disabled ? { sessionsEnded } : {}) },
    });
  }
  if (patch.teamId !== undefined) {
    await recordAudit(tx, ctx, {
      ...entry,
      action: 'user.team.change',
      summary: `${who}: team ${before.teamName ?? 'none'} → ${after.teamName ?? 'none'} ${why}`,
      before: { teamId: before.teamId, teamName: before.teamName },
      after: { teamId: after.teamId, teamName: after.teamName },
    });
  }
  if (patch.disabled !== undefined) {
    await recordAudit(tx, ctx, {
      ...entry,
      action: after.disabled ? 'user.disable' : 'user.enable',
      summary: `${who} ${after.disabled ? `disabled (${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'} ended)` : 'enabled'} ${why}`,
      before: { disabled: before.disabled },
      after: { disabled: after.disabled, ...(after.disabled ? { sessionsEnded } : {}) },
    });
  }
  return toAdminUser(after);
}

/** An admin changes someone's role, team or disabled flag (PATCH /api/admin/users/:id). */
export async function changeUser({ db, live }: Pick<ServerContext, 'db' | 'live'>, ctx: AuditContext, userId: string, patch: UserPatch): Promise<AdminUser> {
  const changed = await commitThenPublish(db, live, async (tx) => ({ value: await applyAccountChange(tx, ctx, userId, patch, 'by an admin'), people: [userId] }));
  const [person] = await withSignInMethods(db, [changed]);
  return person!;
}

// For invitations and the import.
export type { AdminUserRow } from './users.repository';
export const findUsersByEmails = (db: Database, emails: string[]) => repo.findUsersByEmails(db, emails);
export const markEmailVerified = (db: Database, userId: string) => repo.markEmailVerified(db, userId);
// For the teams list.
export const coachesWithTeams = (db: Database) => repo.coachesWithTeams(db);
