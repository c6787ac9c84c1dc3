import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { adminProfile, json, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';

const BOOKING_ID = '66666666-6666-4666-8666-666666666666';
const booking: Booking = {
  id: BOOKING_ID,
  slotId: '77777777-7777-4777-8777-777777777777',
  seasonId: '11111111-1111-4111-8111-111111111111',
  teamId: '88888888-8888-4888-8888-888888888888',
  teamName: 'Blue Jays',
  status: 'cancelled',
  startsAt: '2027-03-02T23:00:00.000Z',
  endsAt: '2027-03-03T00:20:00.000Z',
  fieldId: '99999999-9999-4999-8999-999999999999',
  fieldName: 'Field 3',
  facilityName: 'Riverside Park',
  facilityAddress: null,
  mapUrl: null,
  bookedByEmail: 'pat@example.org',
  createdAt: '2027-02-20T12:00:00.000Z',
  cancelledAt: '2027-02-21T12:00:00.000Z',
  cancelReason: 'Field double-booked',
  override: false,
  overrideReason: null,
};

preloadPages(() => import('../../../app/guards/admin-guard'), () => import('./manage-bookings-page'));
beforeEach(() => {
  localStorage.clear();
  writeCachedSession({ profile: adminProfile, isAdmin: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/admin-manage-bookings?booking= (a link from the audit log)', () => {
  it('asks the API for that one booking, says so, and "Show all bookings" drops the parameter', async () => {
    const asked: string[] = [];
    stubApi(adminProfile, { '/api/facilities?includeInactive=true': { facilities: [] } }, (url) => {
      if (!url.startsWith('/api/admin/bookings')) return undefined;
      asked.push(url);
      return json({ bookings: url.includes(`bookingId=${BOOKING_ID}`) ? [booking] : [booking, { ...booking, id: 'other', teamName: 'Cardinals' }] });
    });
    renderApp(`/admin-manage-bookings?booking=${BOOKING_ID}`);
    expect(await screen.findByText('Showing the one booking you followed a link to.')).toBeTruthy();
    // The results' count: its role is checked once, in its section; the waits then read its words on each change
    // instead of searching the page for it again.
    const status = within(screen.getByRole('region', { name: 'Bookings' })).getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('1 booking'));
    expect(asked[0]).toBe(`/api/admin/bookings?bookingId=${BOOKING_ID}`);

    await setupUser().click(screen.getByRole('button', { name: 'Show all bookings' }));
    await waitFor(() => expect(status.textContent).toContain('2 bookings'));
    expect(asked.at(-1)).toBe('/api/admin/bookings');
    expect(screen.queryByText('Showing the one booking you followed a link to.')).toBeNull();
  });
});
