import { aliasedTable, and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { divisions, invitations, teams, users } from '../../db/schema';
import type { Role } from '../../../shared/constants';
import type { InvitationState } from '../../../shared/invitations/invitations.schemas';

export interface InvitationRow {
  id: string;
  email: string;
  displayName: string | null;
  role: Role;
  teamId: string | null;
  teamName: string | null;
  teamDivision: string | null;
  invitedByName: string | null;
  createdAt: Date;
  lastSentAt: Date;
  expiresAt: Date;
  state: InvitationState;
}

const inviter = aliasedTable(users, 'inviter');

/** The state by the database's clock: revoked and accepted first, then expired. */
const state = sql<InvitationState>`case
  when ${invitations.revokedAt} is not null then 'revoked'
  when ${invitations.acceptedAt} is not null then 'accepted'
  when ${invitations.expiresAt} <= now() then 'expired'
  else 'pending' end`;

const columns = {
  id: invitations.id,
  email: invitations.email,
  displayName: invitations.displayName,
  role: invitations.role,
  teamId: invitations.teamId,
  teamName: teams.name,
  teamDivision: sql<string | null>`(select ${divisions.name} from ${divisions} where ${divisions.id} = ${teams.divisionId})`,
  invitedByName: inviter.displayName,
  createdAt: invitations.createdAt,
  lastSentAt: invitations.lastSentAt,
  expiresAt: invitations.expiresAt,
  state,
};

function base(db: Database) {
  return db.select(columns).from(invitations).leftJoin(teams, eq(teams.id, invitations.teamId)).leftJoin(inviter, eq(inviter.id, invitations.invitedBy));
}

const isOpen = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));
const ttl = (days: number) => sql`now() + make_interval(days => ${days})`;

export async function insertInvitation(
  db: Database,
  values: { email: string; displayName: string | null; role: Role; teamId: string | null; tokenHash: string; invitedBy: string | null },
  ttlDays: number,
): Promise<string> {
  const rows = await db
    .insert(invitations)
    .values({ ...values, expiresAt: ttl(ttlDays) })
    .returning({ id: invitations.id });
  return rows[0]!.id;
}

export async function findInvitation(db: Database, id: string): Promise<InvitationRow | null> {
  const rows = await base(db).where(eq(invitations.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findByTokenHash(db: Database, tokenHash: string): Promise<InvitationRow | null> {
  const rows = await base(db).where(eq(invitations.tokenHash, tokenHash)).limit(1);
  return rows[0] ?? null;
}

/** Open invitations (pending or expired, not accepted or revoked), newest first. */
export async function listOpen(db: Database): Promise<InvitationRow[]> {
  return base(db).where(isOpen).orderBy(desc(invitations.lastSentAt), desc(invitations.id));
}

/** Open invitations to these addresses (lower-case). */
export async function openByEmails(db: Database, emails: string[]): Promise<InvitationRow[]> {
  if (emails.length === 0) return [];
  return base(db).where(and(isOpen, inArray(sql`lower(${invitations.email})`, emails)));
}

/**
 * Marks a pending invitation accepted, if it still is one (not used, not revoked, not expired); returns what it
 * invites to, or null. One statement, so two people opening the same link at once cannot both use it.
 */
export async function claim(db: Database, tokenHash: string): Promise<{ id: string; email: string; role: Role; teamId: string | null } | null> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: sql`now()` })
    .where(and(eq(invitations.tokenHash, tokenHash), isOpen, gt(invitations.expiresAt, sql`now()`)))
    .returning({ id: invitations.id, email: invitations.email, role: invitations.role, teamId: invitations.teamId });
  return rows[0] ?? null;
}

/** Gives a claimed invitation back (the sign-up after the claim failed). */
export async function releaseClaim(db: Database, id: string): Promise<void> {
  await db.update(invitations).set({ acceptedAt: null, acceptedBy: null }).where(eq(invitations.id, id));
}

export async function setAcceptedBy(db: Database, id: string, userId: string): Promise<void> {
  await db.update(invitations).set({ acceptedBy: userId }).where(eq(invitations.id, id));
}

/** A new token and a fresh expiry for an open invitation (the old link stops working); false when it is not open. */
export async function renewToken(db: Database, id: string, tokenHash: string, ttlDays: number): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ tokenHash, expiresAt: ttl(ttlDays), lastSentAt: sql`now()` })
    .where(and(eq(invitations.id, id), isOpen))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export async function revoke(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invitations.id, id), isOpen))
    .returning({ id: invitations.id });
  return rows.length > 0;
}
