import { stringify } from 'csv-stringify/sync';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { spreadsheetSafe } from '../../csv';
import { AppError } from '../../errors';
import { AUDIT_EXPORT_MAX, SYSTEM_ACTOR, type AuditEntry, type AuditLogQuery, type AuditPage } from '../../../shared/audit/audit-log.schemas';
import { localDayRange } from '../../../shared/time/zoned';
import * as repo from './audit.repository';
import type { AuditCursor, AuditFilter, AuditRow } from './audit.repository';

/**
 * The audit-log screen (decision 020): the append-only log read back newest first, filtered, keyset-paged, and
 * exported as CSV. Reading only; entries are written by `recordAudit` in each changing transaction.
 */

const AT_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const encodeAuditCursor = (c: AuditCursor) => Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');

export function decodeAuditCursor(raw: string): AuditCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      AT_TEXT.test(value[0]) &&
      typeof value[1] === 'string' &&
      UUID.test(value[1])
    ) {
      // A well-formed text that is not a real instant (month 13) would fail in the database: check it here.
      if (!Number.isNaN(Date.parse(value[0]))) return { at: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new AppError('VALIDATION_FAILED', { key: 'audit.cursorStale' }, {
    fields: { cursor: 'Not an audit-log page cursor' },
  });
}

async function toFilter(deps: Pick<ServerContext, 'league'>, q: AuditLogQuery): Promise<AuditFilter> {
  const range = q.from || q.to ? localDayRange(q.from ?? '2000-01-01', q.to ?? '2100-12-31', await deps.league.timeZone()) : null;
  const system = q.actor?.toLowerCase() === SYSTEM_ACTOR;
  return {
    system,
    actorEmail: system ? undefined : q.actor,
    action: q.action,
    entityType: q.entityType,
    entityId: q.entityId,
    start: range?.start,
    end: range?.end,
    q: q.q,
  };
}

async function toEntries(db: Database, rows: AuditRow[]): Promise<AuditEntry[]> {
  const personIds = [...new Set(rows.filter((r) => r.entityType === 'user' && r.entityId).map((r) => r.entityId!))];
  const emails = await repo.findPeopleEmails(db, personIds);
  return rows.map((r) => ({ ...r, entityLabel: r.entityType === 'user' && r.entityId ? (emails.get(r.entityId) ?? null) : null }));
}

export async function listAuditLog(deps: Pick<ServerContext, 'db' | 'league'>, query: AuditLogQuery): Promise<AuditPage> {
  const cursor = query.cursor ? decodeAuditCursor(query.cursor) : null;
  const page = await repo.findAuditPage(deps.db, await toFilter(deps, query), cursor, query.limit);
  return { entries: await toEntries(deps.db, page.rows), nextCursor: page.next ? encodeAuditCursor(page.next) : null };
}

export const AUDIT_CSV_COLUMNS = ['when_local', 'when_utc', 'actor', 'action', 'entity_type', 'entity_id', 'summary', 'before', 'after', 'entry_id'] as const;
const EXPORT_CHUNK = 1000;

/**
 * The filtered view as CSV, newest first, at most AUDIT_EXPORT_MAX entries: written a chunk of rows at a time (keyset
 * pages, so memory stays flat), every text cell spreadsheet-safe (summaries quote what people typed).
 */
export async function* auditLogCsv(deps: Pick<ServerContext, 'db' | 'league'>, query: Omit<AuditLogQuery, 'cursor' | 'limit'>): AsyncGenerator<string> {
  const filter = await toFilter(deps, { ...query, limit: EXPORT_CHUNK });
  const timeZone = await deps.league.timeZone();
  const local = (iso: string) => new Date(iso).toLocaleString('en-CA', { timeZone, hour12: false }).replace(',', '');
  const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
  yield stringify([[...AUDIT_CSV_COLUMNS]]);
  let cursor: AuditCursor | null = null;
  let written = 0;
  do {
    const page = await repo.findAuditPage(deps.db, filter, cursor, Math.min(EXPORT_CHUNK, AUDIT_EXPORT_MAX - written));
    if (!page.rows.length) break;
    const cells = page.rows.map((r) =>
      [local(r.at), r.at, r.actorEmail ?? SYSTEM_ACTOR, r.action, r.entityType, r.entityId ?? '', r.summary, json(r.before), json(r.after), r.id].map(
        spreadsheetSafe,
      ),
    );
    yield stringify(cells);
    written += page.rows.length;
    cursor = page.next;
  } while (cursor && written < AUDIT_EXPORT_MAX);
}
