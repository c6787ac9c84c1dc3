import type { FastifyRequest } from 'fastify';
import type { Database, PendingStatement } from '../../db/client';
import type { Actor, AuditContext, AuditEntry } from '../../context';
import * as repo from './audit.repository';

export type { AuditContext, AuditEntry } from '../../context';

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
 * write (one round trip: bookings.repository `insertBookingsAlong`, the draw).
 */
export function auditStatement(tx: Database, ctx: AuditContext, entry: AuditEntry): PendingStatement {
  return repo.auditRowInsert(tx, ctx, entry);
}

/**
 * How many times each entity was changed by these actions, by the append-only log: a count that only grows, so
 * another module can number an entity's revisions without a column of its own (clinics' SEQUENCE in the feed).
 */
export function countAuditedChanges(db: Database, entityType: string, entityIds: readonly string[], actions: readonly string[]): Promise<Map<string, number>> {
  return repo.countEntriesByEntity(db, entityType, entityIds, actions);
}
