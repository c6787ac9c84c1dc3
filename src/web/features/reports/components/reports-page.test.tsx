import { act, cleanup, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Report } from '../../../../shared/reports/reports.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { adminProfile, preloadPages, renderApp, stubApi } from '../../../test/render-app';

preloadPages(
  () => import('../../../app/guards/admin-guard'),
  () => import('./reports-page'),
);

beforeEach(() => {
  localStorage.clear();
  writeCachedSession({ profile: adminProfile, isAdmin: true });
});
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

const TEAM = '3f1c1a2e-1111-4a2b-9c3d-000000000001';
const zeros = { rainedOut: 0, rainOutRestored: 0, creditsGranted: 0, creditsUsed: 0, creditsExpired: 0, creditsRemoved: 0 };
const report = (waitlist: Report['waitlist']): Report => ({
  range: { from: '2027-03-01', to: '2027-03-07', timeZone: 'America/Chicago', seasonId: null, seasonName: null, facilityId: null, facilityName: null },
  teams: [
    {
      teamId: TEAM,
      teamName: 'Blue Jays',
      active: true,
      bookings: 2,
      bookedMinutes: 160,
      cancellations: 0,
      lateCancellations: 0,
      bumped: 0,
      requestsFiled: 0,
      requestsApproved: 0,
      requestsApprovedCancelled: 0,
      requestsDeclined: 0,
      ...zeros,
      ...waitlist,
    },
  ],
  fields: [],
  facilities: [],
  weeks: [],
  fairness: { activeTeams: 1, equalShare: 1, bookedMinutes: 160, primeMinutes: 0, teams: [] },
  rainOuts: { rainOuts: 0, practicesCancelled: 0, practicesRestored: 0, creditsGranted: 0, creditsUsed: 0, creditsExpired: 0, creditsRemoved: 0 },
  waitlist,
});

const QUERY = 'from=2027-03-01&to=2027-03-07';

function renderReport(waitlist: Report['waitlist']) {
  stubApi(adminProfile, { '/api/facilities?includeInactive=true': { facilities: [] }, [`/api/admin/reports?${QUERY}`]: report(waitlist) });
  renderApp(`/admin-reports?${QUERY}`);
}

describe('/admin-reports: the waitlist', () => {
  it('says how waits ended, in a sentence and in labelled figures, with a CSV of the totals and columns per team', async () => {
    renderReport({ waitsTaken: 2, waitsPassed: 1, waitsExpired: 1, waitsRefused: 3 });
    const section = await screen.findByRole('region', { name: 'Waitlist' });
    expect(
      within(section).getByText("2 slots taken from the waitlist; 1 passed on, 1 hold left to run out, and 3 refused by one of the team's booking rules."),
    ).toBeTruthy();
    const figures = [...section.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Taken from the waitlist', '2'],
      ['Passed', '1'],
      ['Holds expired', '1'],
      ['Refused by a rule', '3'],
    ]);
    expect(within(section).getByRole('link', { name: 'Export CSV of waitlist' }).getAttribute('href')).toBe(`/api/admin/reports/csv?table=waitlist&${QUERY}`);

    const teams = await screen.findByRole('region', { name: 'Per team' });
    const headers = within(teams).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(-4)).toEqual(['Waitlist taken', 'Waitlist passed', 'Holds expired', 'Waitlist refused']);
    const row = within(teams).getByRole('row', { name: /Blue Jays/ });
    expect(within(row).getAllByRole('cell').slice(-4).map((c) => c.textContent)).toEqual(['2', '1', '1', '3']);
  });

  it('says so when no wait ended in the range', async () => {
    renderReport({ waitsTaken: 0, waitsPassed: 0, waitsExpired: 0, waitsRefused: 0 });
    const section = await screen.findByRole('region', { name: 'Waitlist' });
    expect(within(section).getByText('No waits on booked slots ended in this range.')).toBeTruthy();
  });
});
