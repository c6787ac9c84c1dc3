import { describe, expect, it } from 'vitest';
import { auditLogCsvHref, auditLogQueryString, hasAuditFilters, NO_AUDIT_FILTERS, parseAuditLogFilters, withAuditLogFilters } from './audit-log-filters';
import { entityLink } from './audit-log-links';
import type { AuditEntry } from '../../../shared/audit/audit-log.schemas';

describe('audit-log filters in the URL', () => {
  it('reads what it writes, and keeps other parameters', () => {
    const params = withAuditLogFilters(new URLSearchParams('tab=x'), {
      actor: 'a@example.org',
      action: 'booking.cancel',
      entityType: 'booking',
      entityId: 'b1',
      from: '2027-03-01',
      to: '2027-03-31',
      q: 'orioles',
    });
    expect(params.get('tab')).toBe('x');
    expect(parseAuditLogFilters(params)).toEqual({
      actor: 'a@example.org',
      action: 'booking.cancel',
      entityType: 'booking',
      entityId: 'b1',
      from: '2027-03-01',
      to: '2027-03-31',
      q: 'orioles',
    });
    expect(parseAuditLogFilters(withAuditLogFilters(params, NO_AUDIT_FILTERS))).toEqual(NO_AUDIT_FILTERS);
  });

  it('drops what the API would refuse: a bad date, an id without a type', () => {
    expect(parseAuditLogFilters(new URLSearchParams('from=2027-13-01&to=soon&id=b1'))).toEqual(NO_AUDIT_FILTERS);
    expect(hasAuditFilters(NO_AUDIT_FILTERS)).toBe(false);
  });

  it('the API query and the CSV link carry the same filters', () => {
    const f = { ...NO_AUDIT_FILTERS, actor: 'system', q: '"blue jays"' };
    expect(auditLogQueryString(f, { cursor: 'abc' })).toBe('actor=system&q=%22blue+jays%22&cursor=abc&limit=50');
    expect(auditLogCsvHref(f)).toBe('/api/admin/audit-log.csv?actor=system&q=%22blue+jays%22');
    expect(auditLogCsvHref(NO_AUDIT_FILTERS)).toBe('/api/admin/audit-log.csv');
  });
});

describe('entity links', () => {
  const entry = (e: Partial<AuditEntry>): AuditEntry => ({
    id: 'x',
    at: '2027-03-01T00:00:00.000000Z',
    actorId: null,
    actorEmail: null,
    action: 'a',
    entityType: 'season',
    entityId: 'e1',
    entityLabel: null,
    summary: 's',
    before: null,
    after: null,
    ...e,
  });
  it('a person by email, a booking by its team, a slot to the slots page; nothing for the rest', () => {
    expect(entityLink(entry({ entityType: 'user', entityLabel: 'c@example.org' }))).toEqual({
      href: '/admin-user-manager?q=c%40example.org',
      label: 'Open in User manager',
    });
    expect(entityLink(entry({ entityType: 'user' }))).toBeNull();
    const teamId = '0e2b7a8e-2a4f-4c55-9d2e-5f0c6c9b1a11';
    expect(entityLink(entry({ entityType: 'booking', after: { teamId } }))?.href).toBe(`/admin-manage-bookings?team=${teamId}`);
    expect(entityLink(entry({ entityType: 'booking', after: { status: 'cancelled' } }))?.href).toBe('/admin-manage-bookings');
    expect(entityLink(entry({ entityType: 'slot' }))?.href).toBe('/admin-slots');
    expect(entityLink(entry({ entityType: 'season' }))).toBeNull();
    expect(entityLink(entry({ entityType: 'booking', entityId: null }))).toBeNull();
  });
});
