import type { FastifyRequest } from 'fastify';
import type { Database, PendingStatement } from '../../db/client';
import type { Actor } from '../../plugins/access';
import * as repo from './audit.repository';

/** Who made a change and from where: taken once from the request, written with every audit entry. */
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

/** The audit context of the signed-in person making this request. */
export async function requestAuditContext(req: FastifyRequest): Promise<AuditContext> {
  return auditContext(req, await req.actor());
}

/** Writes one audit entry; call it with the transaction that makes the change. */
export async function recordAudit(tx: Database, ctx: AuditContext, entry: AuditEntry): Promise<void> {
  await repo.insertAuditRow(tx, ctx, entry);
}

/**
 * The entry `recordAudit` writes, as a statement for the caller to run in its transaction together with its own
 * write (one round trip: bookings.repository `insertBookingAlong`).
 */
export function auditStatement(tx: Database, ctx: AuditContext, entry: AuditEntry): PendingStatement {
  return repo.auditRowInsert(tx, ctx, entry);
}
