import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, PendingStatement } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import type { AuditContext, AuditEntry } from '../../context';

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

// ---- Reading the log (the /admin-audit-log screen, decision 020) ----

/** The screen's filters, resolved: `start`/`end` are instants, `system` asks for entries without an actor. */
export interface AuditFilter {
  actorEmail?: string | undefined;
  system?: boolean | undefined;
  action?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
  q?: string | undefined;
}

/**
 * Where the previous page ended: the last row's `at` as PostgreSQL's own text in UTC with microseconds (a JS Date
 * would drop them, and rows sharing a millisecond would be skipped or repeated), and its id.
 */
export interface AuditCursor {
  at: string;
  id: string;
}

export interface AuditRow {
  id: string;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
  before: unknown;
  after: unknown;
}

const atText = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Each condition matches the expression of an index in schema.ts exactly, so the planner can use it. */
function auditConditions(f: AuditFilter): SQL[] {
  const conditions: SQL[] = [];
  if (f.system) conditions.push(sql`lower(${auditLog.actorEmail}) is null`);
  else if (f.actorEmail) conditions.push(sql`lower(${auditLog.actorEmail}) = ${f.actorEmail.toLowerCase()}`);
  if (f.action) conditions.push(eq(auditLog.action, f.action));
  if (f.entityType) conditions.push(eq(auditLog.entityType, f.entityType));
  if (f.entityId) conditions.push(eq(auditLog.entityId, f.entityId));
  if (f.start) conditions.push(gte(auditLog.at, f.start));
  if (f.end) conditions.push(lt(auditLog.at, f.end));
  if (f.q) conditions.push(sql`to_tsvector('simple', ${auditLog.summary}) @@ websearch_to_tsquery('simple', ${f.q})`);
  return conditions;
}

/**
 * Up to `limit` entries, newest first, after `cursor` (keyset paging: `(at, id) < (cursor)` seeks into an index
 * ending in (at, id), so a deep page costs what the first does; no OFFSET). Exported so a test can EXPLAIN it.
 */
export function auditPageQuery(db: Database, f: AuditFilter, cursor: AuditCursor | null, limit: number) {
  const conditions = auditConditions(f);
  if (cursor) conditions.push(sql`(${auditLog.at}, ${auditLog.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
  return db
    .select({
      id: auditLog.id,
      at: atText,
      actorId: auditLog.actorId,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      summary: auditLog.summary,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

/** One page, and where the next one starts (null on the last page); asks for one row more to know. */
export async function findAuditPage(
  db: Database,
  f: AuditFilter,
  cursor: AuditCursor | null,
  limit: number,
): Promise<{ rows: AuditRow[]; next: AuditCursor | null }> {
  const rows = await auditPageQuery(db, f, cursor, limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > limit && last ? { at: last.at, id: last.id } : null };
}

/** The email of each person (by id) that entries name, for links to them; ids that match nobody are left out. */
export async function findPeopleEmails(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** How many entries with these actions each entity has (entities without one are absent). */
export async function countEntriesByEntity(db: Database, entityType: string, entityIds: readonly string[], actions: readonly string[]): Promise<Map<string, number>> {
  if (entityIds.length === 0 || actions.length === 0) return new Map();
  const rows = await db
    .select({ entityId: auditLog.entityId, n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), inArray(auditLog.entityId, [...entityIds]), inArray(auditLog.action, [...actions])))
    .groupBy(auditLog.entityId);
  return new Map(rows.map((r) => [r.entityId!, Number(r.n)]));
}
