import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { setupTokens } from '../../db/schema';
import { AppError } from '../../errors';
import type { SetupAdminInput } from '../../../shared/users/users.schemas';
import { insertAudit, type AuditContext } from '../audit/audit.repository';
import type { Auth } from '../auth/auth';
import { adminExists, findProfile, updateProfile } from '../users/users.repository';

const TOKEN_TTL_HOURS = 24;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** While no admin exists, makes a fresh one-time setup token (only its hash is stored) and returns the link. */
export async function issueSetupLink(db: Database, publicUrl: string): Promise<string | null> {
  if (await adminExists(db)) return null;
  const token = randomBytes(32).toString('base64url');
  await db.insert(setupTokens).values({
    tokenHash: hashToken(token),
    expiresAt: sql`now() + make_interval(hours => ${TOKEN_TTL_HOURS})`,
  });
  return `${publicUrl}/setup?token=${token}`;
}

const invalidLink = () =>
  new AppError(
    'FORBIDDEN',
    'This setup link is not valid any more (used, expired or mistyped). Restart the server to print a new one.',
  );

/** Creates the league's first admin with a one-time token; returns better-auth's sign-in cookies. */
export async function createFirstAdmin(
  db: Database,
  auth: Auth,
  ctx: Omit<AuditContext, 'actorId' | 'actorEmail'>,
  input: SetupAdminInput,
): Promise<{ setCookie: string[] }> {
  if (await adminExists(db)) {
    throw new AppError('CONFLICT', 'The league already has an admin. Log in, or ask that admin to give you access.');
  }
  const claimed = await db
    .update(setupTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(setupTokens.tokenHash, hashToken(input.token)), isNull(setupTokens.usedAt), gt(setupTokens.expiresAt, sql`now()`)))
    .returning({ id: setupTokens.id });
  const tokenId = claimed[0]?.id;
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
    await db.update(setupTokens).set({ usedAt: null }).where(eq(setupTokens.id, tokenId));
    const code = (err as { body?: { code?: string } }).body?.code;
    if (code?.startsWith('USER_ALREADY_EXISTS')) {
      throw new AppError('CONFLICT', 'That email is already registered. Use a different email for the admin account.', {
        fields: { email: 'That email is already registered' },
      });
    }
    throw err;
  }

  await db.transaction(async (tx) => {
    await updateProfile(tx, userId, { role: 'admin' });
    const profile = await findProfile(tx, userId);
    await insertAudit(
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
