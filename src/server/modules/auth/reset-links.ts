import { createHash, randomUUID } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { Database } from '../../db/client';
import {
  DEAD_RESET_LINK_MESSAGES,
  resetLinkStatusRequestSchema,
  type DeadResetLinkStatus,
  type ResetLinkStatus,
} from '../../../shared/auth/auth.schemas';
import * as repo from './auth.repository';

/**
 * better-auth keeps one verification row per reset link and deletes it when the link is used, and (about once a
 * minute) once it has expired, so it cannot tell a spent link from an expired or a made-up one. Beside it we keep
 * a small ledger row per link, for a week, that remembers when the link expires and whether it was used: the reset
 * page can then say which of the three happened ("This link has expired…", "…already been used…").
 */

/** How identifiers are stored in `auth_verification` (better-auth's `storeIdentifier`): a SHA-256, never the token. */
export function hashVerificationIdentifier(identifier: string): string {
  return createHash('sha256').update(identifier).digest('base64url');
}

/** better-auth's own identifier for a reset token (src/api/routes/password.ts: `reset-password:${token}`). */
const linkIdentifier = (token: string) => hashVerificationIdentifier(`reset-password:${token}`);
const ledgerIdentifier = (token: string) => hashVerificationIdentifier(`reset-password-ledger:${token}`);

/** How long after its expiry a link is still explained as "expired" or "already used" rather than "not valid". */
const LEDGER_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

interface Ledger {
  expiresAt: string;
  usedAt: string | null;
}

function parseLedger(value: string): Ledger | null {
  try {
    const parsed = JSON.parse(value) as Partial<Ledger>;
    return typeof parsed.expiresAt === 'string' ? { expiresAt: parsed.expiresAt, usedAt: parsed.usedAt ?? null } : null;
  } catch {
    return null;
  }
}

/** Called when the reset email is queued, in the same transaction. */
export async function recordResetLink(tx: Database, token: string, expiresAt: Date): Promise<void> {
  const ledger: Ledger = { expiresAt: expiresAt.toISOString(), usedAt: null };
  await repo.insertVerification(tx, {
    id: randomUUID(),
    identifier: ledgerIdentifier(token),
    value: JSON.stringify(ledger),
    expiresAt: new Date(expiresAt.getTime() + LEDGER_KEEP_MS),
  });
}

export async function markResetLinkUsed(db: Database, token: string, now = new Date()): Promise<void> {
  const identifier = ledgerIdentifier(token);
  const row = await repo.findVerification(db, identifier);
  const ledger = row ? parseLedger(row.value) : null;
  if (!ledger) return;
  await repo.updateVerificationValue(db, identifier, JSON.stringify({ ...ledger, usedAt: now.toISOString() }));
}

/** Whose reset link this is while it still works (better-auth keeps the person's id as the row's value), else null. */
export async function resetLinkOwner(db: Database, token: string, now = new Date()): Promise<string | null> {
  const link = await repo.findVerification(db, linkIdentifier(token));
  return link && link.expiresAt > now ? link.value : null;
}

/** Whether a reset link still works and, when it does not, why. */
export async function resetLinkStatus(db: Database, token: string, now = new Date()): Promise<ResetLinkStatus> {
  const link = await repo.findVerification(db, linkIdentifier(token));
  if (link) return link.expiresAt > now ? 'valid' : 'expired';
  const row = await repo.findVerification(db, ledgerIdentifier(token));
  const ledger = row ? parseLedger(row.value) : null;
  if (!ledger) return 'invalid';
  if (ledger.usedAt) return 'used';
  // better-auth's row is gone: past the expiry it was cleaned up; before it, it was spent.
  return new Date(ledger.expiresAt) <= now ? 'expired' : 'used';
}

/** Our error codes for a dead link (translated in auth-errors.ts, with `details.link`). */
export const DEAD_RESET_LINK_CODES: Record<DeadResetLinkStatus, string> = {
  expired: 'RESET_LINK_EXPIRED',
  used: 'RESET_LINK_USED',
  invalid: 'RESET_LINK_INVALID',
};

function tokenOf(ctx: { body?: unknown; query?: unknown }): string | null {
  const fromBody = (ctx.body as { token?: unknown } | undefined)?.token;
  const fromQuery = (ctx.query as { token?: unknown } | undefined)?.token;
  const token = typeof fromBody === 'string' && fromBody ? fromBody : fromQuery;
  return typeof token === 'string' && token ? token : null;
}

/**
 * better-auth plugin: `POST /reset-link-status` ({ token } → { status }) for the reset page to check its link
 * before the person types a new password, and an after-hook on `POST /reset-password` that records a used link
 * and turns better-auth's one INVALID_TOKEN into expired, used or invalid.
 */
export function resetLinksPlugin(db: Database) {
  return {
    id: 'cgsl-reset-links',
    endpoints: {
      resetLinkStatus: createAuthEndpoint('/reset-link-status', { method: 'POST', body: resetLinkStatusRequestSchema }, async (ctx) =>
        ctx.json({ status: await resetLinkStatus(db, ctx.body.token) }),
      ),
    },
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === '/reset-password',
          handler: createAuthMiddleware(async (ctx) => {
            const token = tokenOf(ctx);
            if (!token) return;
            const returned = ctx.context.returned;
            if (!isAPIError(returned)) {
              await markResetLinkUsed(db, token);
              return;
            }
            if ((returned.body as { code?: unknown } | undefined)?.code !== 'INVALID_TOKEN') return;
            const status = await resetLinkStatus(db, token);
            // 'valid' here means another request spent the link a moment ago.
            const dead: DeadResetLinkStatus = status === 'valid' ? 'used' : status;
            throw new APIError('BAD_REQUEST', { code: DEAD_RESET_LINK_CODES[dead], message: DEAD_RESET_LINK_MESSAGES[dead] });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
