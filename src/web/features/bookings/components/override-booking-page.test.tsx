import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Slot } from '../../../../shared/slots/slots.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { ApiError } from '../../../lib/api-client';
import { startEachTestAt } from '../../../test/clock';
import { adminProfile, bodyOf, json, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';
import { bookedByOtherTeam, otherDivisionWarning } from '../api/override-booking';

const SEASON = { id: '11111111-1111-4111-8111-111111111111', name: 'Fall 2026', startsOn: '2026-08-15', endsOn: '2026-12-19', active: true };
const JAYS = '44444444-4444-4444-8444-444444444444';
const SLOT_ID = '55555555-5555-4555-8555-555555555555';
const booked: Slot = {
  id: SLOT_ID,
  seasonId: SEASON.id,
  fieldId: 'f1',
  fieldName: 'Field 1',
  fieldColor: '#1d4ed8',
  facilityId: 'park',
  facilityName: 'Riverside Park',
  startsAt: '2026-11-24T23:00:00.000Z',
  endsAt: '2026-11-25T00:30:00.000Z',
  status: 'booked',
  blockReason: null,
  bookingId: 'b-cards',
  teamId: 'cards',
  teamName: 'Cardinals',
  notes: null,
};
const result = (bumped: boolean) => ({
  booking: {
    id: 'b-new',
    slotId: SLOT_ID,
    seasonId: SEASON.id,
    teamId: JAYS,
    teamName: 'Blue Jays',
    status: 'confirmed',
    startsAt: booked.startsAt,
    endsAt: booked.endsAt,
    fieldId: 'f1',
    fieldName: 'Field 1',
    facilityName: 'Riverside Park',
    facilityAddress: null,
    mapUrl: null,
    bookedByEmail: 'ada@example.org',
    createdAt: booked.startsAt,
    cancelledAt: null,
    cancelReason: null,
    override: true,
    overrideReason: 'Make-up practice',
  },
  bumped: bumped ? { teamName: 'Cardinals' } : null,
});

// The week of Nov 23, 2026 seen from the Sunday before it, so its slots stay bookable (not past) as time moves on.
startEachTestAt('2026-11-22T12:00:00.000Z');
// The pages, and what the first dialog and the first toast load lazily (Headless UI, react-hot-toast).
preloadPages(
  () => import('../../../app/guards/admin-guard'),
  () => import('./override-booking-page'),
  () => import('../../../components/ui/modal-dialog'),
  () => import('../../../app/shell/app-toaster'),
);
beforeEach(() => {
  localStorage.clear();
  writeCachedSession({ profile: adminProfile, isAdmin: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/admin-override-booking', () => {
  it('asks before bumping the team that holds the slot, then books with bump', async () => {
    const posts: unknown[] = [];
    stubApi(adminProfile, { '/api/seasons': { seasons: [SEASON] }, '/api/teams': { teams: [{ id: JAYS, name: 'Blue Jays', division: '10U' }] } }, (url, init) => {
      if (url.startsWith('/api/facilities')) return json({ facilities: [] });
      if (url.startsWith('/api/slots?')) return json({ slots: [booked] });
      if (url === '/api/admin/bookings/override') {
        const body = bodyOf(init) as { bump: boolean };
        posts.push(body);
        if (!body.bump) {
          return json({ error: { code: 'CONFLICT', message: 'This slot is booked by Cardinals.', details: { bookedBy: 'Cardinals' } } }, 409);
        }
        return json(result(true), 201);
      }
      return undefined;
    });
    renderApp('/admin-override-booking?week=2026-11-23');
    const user = setupUser();
    expect(await screen.findByRole('heading', { level: 1, name: 'Override booking' })).toBeTruthy();
    // Queries look inside the week list's slots and the override form (sections found by their headings), not the page.
    const slots = await within(screen.getByRole('region', { name: 'Pick a slot' })).findByRole('list');
    await user.click(within(slots).getByRole('button', { name: 'Select the 5:00 pm slot on Tue Nov 24 at Field 1' }));
    const form = screen.getByRole('region', { name: 'Override details' });
    await user.selectOptions(within(form).getByLabelText('Team'), 'Blue Jays (10U)');
    await user.click(within(form).getByLabelText('Reason'));
    await user.paste('Make-up practice');
    await user.click(within(form).getByRole('button', { name: 'Book for team' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Bump Cardinals? Their booking is cancelled with your reason and their coach is notified.');
    await user.click(within(dialog).getByRole('button', { name: 'Bump and book' }));
    await waitFor(() =>
      expect(posts).toEqual([
        { slotId: SLOT_ID, teamId: JAYS, reason: 'Make-up practice', bump: false },
        { slotId: SLOT_ID, teamId: JAYS, reason: 'Make-up practice', bump: true },
      ]),
    );
    expect((await screen.findAllByText('Booked Tue Nov 24, 5:00 pm at Field 1 for Blue Jays; Cardinals’ booking was cancelled and their coach notified.')).length).toBeGreaterThan(0);
  });

  it('warns before booking a team on a field of other divisions, then books it with the admin’s confirmation (issue 29)', async () => {
    const warning = '12U Diamond is only for 12U teams, and Blue Jays play in 8U. Confirm to book it for them anyway, outside their division.';
    const open: Slot = { ...booked, status: 'open', bookingId: null, teamId: null, teamName: null, fieldName: '12U Diamond' };
    const posts: unknown[] = [];
    stubApi(adminProfile, { '/api/seasons': { seasons: [SEASON] }, '/api/teams': { teams: [{ id: JAYS, name: 'Blue Jays', division: '8U' }] } }, (url, init) => {
      if (url.startsWith('/api/facilities')) return json({ facilities: [] });
      if (url.startsWith('/api/slots?')) return json({ slots: [open] });
      if (url === '/api/admin/bookings/override') {
        const body = bodyOf(init) as { allowOtherDivision?: boolean };
        posts.push(body);
        if (!body.allowOtherDivision) return json({ error: { code: 'CONFLICT', message: warning, details: { rule: 'FIELD_DIVISION' } } }, 409);
        return json({ ...result(false), booking: { ...result(false).booking, fieldName: '12U Diamond' } }, 201);
      }
      return undefined;
    });
    renderApp('/admin-override-booking?week=2026-11-23');
    const user = setupUser();
    const slots = await within(await screen.findByRole('region', { name: 'Pick a slot' })).findByRole('list');
    await user.click(within(slots).getByRole('button', { name: 'Select the 5:00 pm slot on Tue Nov 24 at 12U Diamond' }));
    const form = screen.getByRole('region', { name: 'Override details' });
    await user.selectOptions(within(form).getByLabelText('Team'), 'Blue Jays (8U)');
    await user.click(within(form).getByLabelText('Reason'));
    await user.paste('Make-up practice');
    await user.click(within(form).getByRole('button', { name: 'Book for team' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Book outside Blue Jays’ division?' });
    expect(dialog.textContent).toContain(warning);
    await user.click(within(dialog).getByRole('button', { name: 'Book outside their division' }));
    await waitFor(() =>
      expect(posts).toEqual([
        { slotId: SLOT_ID, teamId: JAYS, reason: 'Make-up practice', bump: false },
        { slotId: SLOT_ID, teamId: JAYS, reason: 'Make-up practice', bump: false, allowOtherDivision: true },
      ]),
    );
    expect((await screen.findAllByText('Booked Tue Nov 24, 5:00 pm at 12U Diamond for Blue Jays.')).length).toBeGreaterThan(0);
  });

  it('needs a slot, a team and a reason', async () => {
    stubApi(adminProfile, { '/api/seasons': { seasons: [SEASON] } }, (url) => (url.startsWith('/api/slots?') || url.startsWith('/api/facilities') ? json({ slots: [], facilities: [] }) : undefined));
    renderApp('/admin-override-booking?week=2026-11-23');
    const user = setupUser();
    const form = await screen.findByRole('region', { name: 'Override details' });
    await user.click(within(form).getByRole('button', { name: 'Book for team' }));
    await screen.findByText('Choose a slot');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Choose a slot',
      'Choose a team',
      'Give a reason; it is recorded and shown to the affected coaches',
    ]);
  });
});

describe('bookedByOtherTeam', () => {
  it('recognises only the 409 that names the team holding the slot', () => {
    expect(bookedByOtherTeam(new ApiError(409, 'CONFLICT', 'x', { bookedBy: 'Cardinals' }))).toBe('Cardinals');
    expect(bookedByOtherTeam(new ApiError(409, 'CONFLICT', 'x', { bookedBy: null }))).toBeNull();
    expect(bookedByOtherTeam(new ApiError(409, 'CONFLICT', 'Blue Jays already has this slot.'))).toBeUndefined();
    expect(bookedByOtherTeam(new ApiError(422, 'RULE_VIOLATION', 'x', { bookedBy: 'Cardinals' }))).toBeUndefined();
  });
});

describe('otherDivisionWarning', () => {
  it('recognises only the 409 that names a field of other divisions', () => {
    expect(otherDivisionWarning(new ApiError(409, 'CONFLICT', 'Only for 12U.', { rule: 'FIELD_DIVISION' }))).toBe('Only for 12U.');
    expect(otherDivisionWarning(new ApiError(409, 'CONFLICT', 'x', { bookedBy: 'Cardinals' }))).toBeUndefined();
    expect(otherDivisionWarning(new ApiError(422, 'RULE_VIOLATION', 'x', { rule: 'FIELD_DIVISION' }))).toBeUndefined();
  });
});
