import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { Actor } from '../../plugins/access';

export interface AuditContext {
  actorId: string | null;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
  before?: unknown;
  after?: unknown;
}

export function auditContext(req: FastifyRequest, actor: Actor | null): AuditContext {
  return {
    actorId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
  };
}

/** Writes one audit entry; call it with the transaction that makes the change. */
export async function insertAudit(tx: Database, ctx: AuditContext, entry: AuditEntry): Promise<void> {
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
