import type { SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { AuditContext, AuditEntry } from './audit.service';

export async function insertAuditRow(tx: Database, ctx: AuditContext, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: ctx.actorId,
    actorEmail: ctx.actorEmail,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    summary: entry.summary,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** A statement built and not run: the caller runs it together with its own write, in one round trip. */
export type PendingStatement = SQLWrapper;

/** The insert `insertAuditRow` runs, for a caller to run with its own. */
export function auditRowInsert(tx: Database, ctx: AuditContext, entry: AuditEntry): PendingStatement {
  return tx.insert(auditLog).values({
    actorId: ctx.actorId,
    actorEmail: ctx.actorEmail,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    summary: entry.summary,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
