import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { setupTokens } from '../../db/schema';

export async function insertSetupToken(db: Database, tokenHash: string, ttlHours: number): Promise<void> {
  await db.insert(setupTokens).values({ tokenHash, expiresAt: sql`now() + make_interval(hours => ${ttlHours})` });
}

/** Marks an unused, unexpired token used; returns its id, or null when there is none to claim. */
export async function claimSetupToken(db: Database, tokenHash: string): Promise<string | null> {
  const claimed = await db
    .update(setupTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(setupTokens.tokenHash, tokenHash), isNull(setupTokens.usedAt), gt(setupTokens.expiresAt, sql`now()`)))
    .returning({ id: setupTokens.id });
  return claimed[0]?.id ?? null;
}

export async function releaseSetupToken(db: Database, id: string): Promise<void> {
  await db.update(setupTokens).set({ usedAt: null }).where(eq(setupTokens.id, id));
}
