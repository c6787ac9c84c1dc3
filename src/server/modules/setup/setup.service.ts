import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { hashToken, newToken } from '../../one-time-token';
import type { SetupAdminInput } from '../../../shared/users/users.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import type { Auth } from '../auth/auth';
import { adminExists, setRole } from '../users/users.service';
import * as repo from './setup.repository';

const TOKEN_TTL_HOURS = 24;


/** While no admin exists, makes a fresh one-time setup token (only its hash is stored) and returns the link. */
export async function issueSetupLink(db: Database, publicUrl: string, adminClaim?: string): Promise<string | null> {
  if (await adminExists(db, adminClaim)) return null;
  const token = newToken();
  await repo.insertSetupToken(db, hashToken(token), TOKEN_TTL_HOURS);
  return `${publicUrl}/setup?token=${token}`;
}

const invalidLink = () =>
  new AppError('FORBIDDEN', { key: 'setup.linkInvalid' });

/** Creates the league's first admin with a one-time token; returns better-auth's sign-in cookies. */
export async function createFirstAdmin(
  db: Database,
  auth: Auth,
  ctx: Omit<AuditContext, 'actorId' | 'actorEmail'>,
  input: SetupAdminInput,
  adminClaim?: string,
): Promise<{ setCookie: string[] }> {
  if (await adminExists(db, adminClaim)) {
    throw new AppError('CONFLICT', { key: 'setup.adminExists' });
  }
  const tokenId = await repo.claimSetupToken(db, hashToken(input.token));
  if (!tokenId) throw invalidLink();

  let userId: string;
  let setCookie: string[];
  try {
    const result = await auth.api.signUpEmail({
      body: { name: input.name, email: input.email, password: input.password },
      returnHeaders: true,
    });
    userId = result.response.user.id;
    setCookie = result.headers.getSetCookie();
  } catch (err) {
    // Give the token back so the person can try again with another email.
    await repo.releaseSetupToken(db, tokenId);
    const code = (err as { body?: { code?: string } }).body?.code;
    if (code?.startsWith('USER_ALREADY_EXISTS')) {
      throw new AppError('CONFLICT', { key: 'setup.emailTaken' }, {
        fields: { email: 'That email is already registered' },
      });
    }
    throw err;
  }

  await db.transaction(async (tx) => {
    const profile = await setRole(tx, userId, 'admin');
    await recordAudit(
      tx,
      { ...ctx, actorId: userId, actorEmail: input.email },
      {
        action: 'user.role.change',
        entityType: 'user',
        entityId: userId,
        summary: `First admin ${input.email} created with the setup link`,
        before: { role: 'member' },
        after: { role: profile?.role ?? 'admin' },
      },
    );
  });
  return { setCookie };
}

/** Does the league still need its first admin? */
export async function needsSetup(db: Database, adminClaim?: string): Promise<boolean> {
  return !(await adminExists(db, adminClaim));
}
