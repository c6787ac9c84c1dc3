import { AUDIT_PAGE_SIZE } from '../../../shared/audit/audit-log.schemas';
import { isIsoDate } from '../../lib/dates';

/** The /admin-audit-log filters, as kept in the page's URL (shareable; Back restores them) and sent to the API. */
export interface AuditLogFilters {
  actor: string;
  action: string;
  entityType: string;
  entityId: string;
  from: string;
  to: string;
  q: string;
}

export const NO_AUDIT_FILTERS: AuditLogFilters = { actor: '', action: '', entityType: '', entityId: '', from: '', to: '', q: '' };

/** URL parameter of each filter (short links: ?actor=…&action=booking.cancel&from=2027-03-01). */
const PARAM: Record<keyof AuditLogFilters, string> = { actor: 'actor', action: 'action', entityType: 'type', entityId: 'id', from: 'from', to: 'to', q: 'q' };

const text = (value: string | null, max: number) => (value ?? '').trim().slice(0, max);

/** Reads the filters from the URL; a value the API would refuse (a hand-edited link) is dropped. */
export function parseAuditLogFilters(params: URLSearchParams): AuditLogFilters {
  const entityType = text(params.get(PARAM.entityType), 50);
  const from = params.get(PARAM.from);
  const to = params.get(PARAM.to);
  return {
    actor: text(params.get(PARAM.actor), 254),
    action: text(params.get(PARAM.action), 100),
    entityType,
    // An id means nothing without its type.
    entityId: entityType ? text(params.get(PARAM.entityId), 100) : '',
    from: isIsoDate(from) ? from : '',
    to: isIsoDate(to) ? to : '',
    q: text(params.get(PARAM.q), 200),
  };
}

/** The URL with these filters set (empty ones removed), keeping any other parameter. */
export function withAuditLogFilters(params: URLSearchParams, changes: Partial<AuditLogFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes) as Array<[keyof AuditLogFilters, string | undefined]>) {
    if (value) next.set(PARAM[key], value);
    else next.delete(PARAM[key]);
  }
  return next;
}

export const hasAuditFilters = (f: AuditLogFilters) => Object.values(f).some(Boolean);

/** The API's query string (names of auditLogQuerySchema) for the filters, with a page's cursor and size when given. */
export function auditLogQueryString(f: AuditLogFilters, page?: { cursor: string | null; limit?: number }): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(f) as Array<[keyof AuditLogFilters, string]>) {
    if (value) query.set(key, value);
  }
  if (page) {
    if (page.cursor) query.set('cursor', page.cursor);
    query.set('limit', String(page.limit ?? AUDIT_PAGE_SIZE));
  }
  return query.toString();
}

/** The CSV export of exactly the filtered view. */
export function auditLogCsvHref(f: AuditLogFilters): string {
  const query = auditLogQueryString(f);
  return `/api/admin/audit-log.csv${query ? `?${query}` : ''}`;
}
