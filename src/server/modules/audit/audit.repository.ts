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
