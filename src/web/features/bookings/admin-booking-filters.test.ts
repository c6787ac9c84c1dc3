import { describe, expect, it } from 'vitest';
import { adminBookingQueryString, adminBookingsCsvHref, hasAnyFilter, parseAdminBookingFilters, withAdminBookingFilters } from './admin-booking-filters';

const SEASON = '11111111-1111-4111-8111-111111111111';
const TEAM = '22222222-2222-4222-8222-222222222222';

describe('/admin-manage-bookings filters', () => {
  it('reads the URL, dropping values the API would refuse', () => {
    const filters = parseAdminBookingFilters(new URLSearchParams(`season=${SEASON}&team=bad&status=cancelled&from=2026-11-01&to=nope&q=%20jays%20`));
    expect(filters).toEqual({ bookingId: '', seasonId: SEASON, teamId: '', fieldId: '', status: 'cancelled', from: '2026-11-01', to: '', q: 'jays' });
    expect(parseAdminBookingFilters(new URLSearchParams('status=deleted')).status).toBe('');
    // One booking, from the audit log's link: sent to the API as bookingId; a malformed id is dropped.
    const one = parseAdminBookingFilters(new URLSearchParams(`booking=${TEAM}`));
    expect(one.bookingId).toBe(TEAM);
    expect(adminBookingQueryString(one)).toBe(`?bookingId=${TEAM}`);
    expect(parseAdminBookingFilters(new URLSearchParams('booking=1;drop')).bookingId).toBe('');
    expect(hasAnyFilter(parseAdminBookingFilters(new URLSearchParams()))).toBe(false);
  });

  it('writes filters to the URL under short names, keeping other parameters', () => {
    const next = withAdminBookingFilters(new URLSearchParams('q=old&page=2'), { teamId: TEAM, q: '' });
    expect(next.toString()).toBe(`page=2&team=${TEAM}`);
  });

  it('sends the same filters to the list and the CSV export', () => {
    const filters = parseAdminBookingFilters(new URLSearchParams(`team=${TEAM}&status=confirmed&q=field 1`));
    expect(adminBookingQueryString(filters)).toBe(`?teamId=${TEAM}&status=confirmed&q=field+1`);
    expect(adminBookingsCsvHref(filters)).toBe(`/api/admin/bookings.csv?teamId=${TEAM}&status=confirmed&q=field+1`);
    expect(adminBookingsCsvHref(parseAdminBookingFilters(new URLSearchParams()))).toBe('/api/admin/bookings.csv');
  });
});
