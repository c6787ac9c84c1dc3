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
  const TZ = 'America/New_York';
  it('a person by email, one booking by its id, a slot by its week, day, field and id; nothing for the rest', () => {
    expect(entityLink(entry({ entityType: 'user', entityLabel: 'c@example.org' }), TZ)).toEqual({
      href: '/admin-user-manager?q=c%40example.org',
      label: 'Open in User manager',
    });
    expect(entityLink(entry({ entityType: 'user' }), TZ)).toBeNull();
    const bookingId = '0e2b7a8e-2a4f-4c55-9d2e-5f0c6c9b1a11';
    // A cancellation's documents name no team or slot: the booking's own id still opens exactly it.
    expect(entityLink(entry({ entityType: 'booking', entityId: bookingId, after: { status: 'cancelled' } }), TZ)?.href).toBe(`/admin-manage-bookings?booking=${bookingId}`);
    expect(entityLink(entry({ entityType: 'booking', entityId: 'not-an-id' }), TZ)?.href).toBe('/admin-manage-bookings');
    expect(entityLink(entry({ entityType: 'season' }), TZ)).toBeNull();
    expect(entityLink(entry({ entityType: 'booking', entityId: null }), TZ)).toBeNull();
  });

  it('an opening round: its public draw page', () => {
    const roundId = '7c1d2e3f-1111-4111-8111-000000000003';
    expect(entityLink(entry({ entityType: 'opening_round', entityId: roundId }), TZ)).toEqual({ href: `/opening/${roundId}`, label: 'Open the draw page' });
    expect(entityLink(entry({ entityType: 'opening_round', entityId: 'x' }), TZ)).toBeNull();
  });

  it('a slot: its day in the league zone (9 PM on Mar 1 in New York is Mar 2 in UTC), its field, the slot outlined', () => {
    const slotId = '5a1c1d0e-1111-4111-8111-000000000001';
    const fieldId = '5a1c1d0e-2222-4222-8222-000000000002';
    const slot = { id: slotId, fieldId, startsAt: '2027-03-02T02:00:00.000Z', endsAt: '2027-03-02T03:20:00.000Z' };
    const created = entityLink(entry({ entityType: 'slot', entityId: slotId, after: slot }), TZ);
    expect(created).toEqual({ href: `/admin-slots?week=2027-03-01&day=2027-03-01&field=${fieldId}&slot=${slotId}`, label: 'Open in Slots' });
    // An edit: where the slot is now (after), not where it was.
    const moved = entityLink(entry({ entityType: 'slot', entityId: slotId, before: slot, after: { ...slot, startsAt: '2027-03-05T22:00:00.000Z' } }), TZ);
    expect(moved?.href).toBe(`/admin-slots?week=2027-03-05&day=2027-03-05&field=${fieldId}&slot=${slotId}`);
    // A deletion names the slot only in before.
    expect(entityLink(entry({ entityType: 'slot', entityId: slotId, before: slot }), TZ)?.href).toContain('day=2027-03-01');
    expect(entityLink(entry({ entityType: 'slot', entityId: slotId }), TZ)?.href).toBe('/admin-slots');
  });
});
