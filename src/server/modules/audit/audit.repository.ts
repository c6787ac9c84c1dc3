import type { Database, PendingStatement } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { AuditContext, AuditEntry } from './audit.service';

function auditInsert(tx: Database, ctx: AuditContext, entry: AuditEntry) {
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

export async function insertAuditRow(tx: Database, ctx: AuditContext, entry: AuditEntry): Promise<void> {
  await auditInsert(tx, ctx, entry);
}

/** The insert `insertAuditRow` runs, for a caller to run with its own. */
export function auditRowInsert(tx: Database, ctx: AuditContext, entry: AuditEntry): PendingStatement {
  return auditInsert(tx, ctx, entry);
}
