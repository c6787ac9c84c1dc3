import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import type { Slot } from '../../../../shared/slots/slots.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { startEachTestAt } from '../../../test/clock';
import { adminProfile, bodyOf, json, preloadPages, renderApp, stubApi } from '../../../test/render-app';
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

// A week before the booking's practice, so the slots to move it to are still to come.
startEachTestAt('2027-02-23T12:00:00.000Z');
preloadPages(() => import('../../../app/guards/admin-guard'), () => import('./manage-bookings-page'), () => import('../../../components/ui/modal-dialog'));
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

describe('moving a booking onto a field of other divisions (issue 29)', () => {
  it('shows the server’s warning in the dialog and moves it when the admin confirms', async () => {
    const warning = '12U Diamond is only for 12U teams, and Blue Jays play in 8U. Confirm to move their practice there anyway, outside their division.';
    const confirmed: Booking = { ...booking, status: 'confirmed', cancelledAt: null, cancelReason: null };
    const target: Slot = {
      id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      seasonId: booking.seasonId,
      fieldId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      fieldName: '12U Diamond',
      fieldColor: '#1d4ed8',
      facilityId: 'park',
      facilityName: 'Riverside Park',
      startsAt: '2027-03-03T23:00:00.000Z',
      endsAt: '2027-03-04T00:20:00.000Z',
      status: 'open',
      blockReason: null,
      bookingId: null,
      teamId: null,
      teamName: null,
      notes: null,
    };
    const posts: unknown[] = [];
    stubApi(adminProfile, {}, (url, init) => {
      if (url.startsWith('/api/facilities')) return json({ facilities: [] });
      if (url.startsWith('/api/slots?')) return json({ slots: [target] });
      if (url === `/api/admin/bookings/${BOOKING_ID}/move`) {
        const body = bodyOf(init) as { allowOtherDivision?: boolean };
        posts.push(body);
        if (!body.allowOtherDivision) return json({ error: { code: 'CONFLICT', message: warning, details: { rule: 'FIELD_DIVISION' } } }, 409);
        return json({ booking: { ...confirmed, slotId: target.id, fieldName: '12U Diamond', startsAt: target.startsAt, endsAt: target.endsAt } });
      }
      if (url.startsWith('/api/admin/bookings')) return json({ bookings: [confirmed] });
      return undefined;
    });
    renderApp('/admin-manage-bookings');
    const user = setupUser();
    await user.click((await screen.findAllByRole('button', { name: /^Move Blue Jays/ }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Move this booking' });
    await user.click(await within(dialog).findByRole('radio', { name: /12U Diamond/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Move booking' }));

    expect(await within(dialog).findByText(warning)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Move outside their division' }));
    await waitFor(() =>
      expect(posts).toEqual([
        { slotId: target.id },
        { slotId: target.id, allowOtherDivision: true },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move this booking' })).toBeNull());
  });
});
