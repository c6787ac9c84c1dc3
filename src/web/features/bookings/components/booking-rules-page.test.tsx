import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BOOKING_RULES } from '../../../../shared/bookings/booking-rules';
import type { DivisionRules } from '../../../../shared/divisions/divisions.schemas';
import { adminProfile, bodyOf, json, preloadPages, stubApi } from '../../../test/render-app';
import { renderWithProviders } from '../../../test/render-component';
import { setupUser } from '../../../test/user';
import { BookingRulesPage } from './booking-rules-page';

// What the first toast loads lazily (react-hot-toast).
preloadPages(() => import('../../../app/shell/app-toaster'));

afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

const SEASON = { id: '11111111-1111-4111-8111-111111111111', name: 'Spring 2027', startsOn: '2027-02-15', endsOn: '2027-06-15', active: true };
const U10 = '3f1c1a2e-1111-4a2b-9c3d-000000000001';
const U12 = '3f1c1a2e-1111-4a2b-9c3d-000000000002';
const none = { windowOpensAt: null, windowClosesAt: null, maxPerWeek: null, maxPerDay: null, maxUpcoming: null, minLeadHours: null, maxAheadDays: null };
const rulesOf = (divisionId: string, divisionName: string, over: Partial<DivisionRules> = {}): DivisionRules => ({ divisionId, divisionName, ...none, ...over });

describe('/admin-booking-control, rules by division', () => {
  it('saves a division’s own opening and limit, empty boxes as the season’s, and shows the server’s errors at their fields', async () => {
    const puts: unknown[] = [];
    let rules = [rulesOf(U10, '10U', { maxPerWeek: 3 }), rulesOf(U12, '12U')];
    stubApi(adminProfile, { '/api/seasons': { seasons: [SEASON] }, [`/api/seasons/${SEASON.id}/booking-rules`]: { rules: DEFAULT_BOOKING_RULES } }, (url, init) => {
      if (url === `/api/admin/seasons/${SEASON.id}/division-rules`) return json({ rules });
      if (url !== `/api/admin/seasons/${SEASON.id}/division-rules/${U12}` || init?.method !== 'PUT') return undefined;
      const body = bodyOf(init) as DivisionRules;
      puts.push(body);
      if (puts.length === 1) {
        return json({ error: { code: 'VALIDATION_FAILED', message: 'Check the window.', details: { fields: { windowClosesAt: 'Close it before the season ends' } } } }, 400);
      }
      const saved = { ...rulesOf(U12, '12U'), ...body };
      rules = rules.map((r) => (r.divisionId === U12 ? saved : r));
      return json({ rules: saved });
    });
    renderWithProviders(<BookingRulesPage />);

    const section = await screen.findByRole('region', { name: 'Rules by division' });
    const u10 = await within(section).findByRole('region', { name: '10U' });
    expect(within(u10).getByText('Its own: 3 per week.')).toBeTruthy();
    const u12 = within(section).getByRole('region', { name: '12U' });
    expect(u12.textContent).toContain('Booking opens: the start of');
    expect(u12.textContent).toContain('(the season’s)');

    const user = setupUser();
    await user.click(within(u12).getByRole('button', { name: /^Edit ?the 12U rules$/ }));
    // The staged opening: 12U's teams from 6 pm on Feb 1, before the season's window (league time, Chicago).
    fireEvent.change(within(u12).getByLabelText('Booking opens'), { target: { value: '2027-02-01T18:00' } });
    fireEvent.change(within(u12).getByLabelText('Booking closes'), { target: { value: '2027-07-01T18:00' } });
    await user.type(within(u12).getByLabelText('Max per team per day'), '9');
    await user.click(within(u12).getByRole('button', { name: 'Save 12U rules' }));
    expect(await within(u12).findByText('The daily limit is at most 5')).toBeTruthy();
    expect(puts).toEqual([]);

    await user.clear(within(u12).getByLabelText('Max per team per day'));
    await user.type(within(u12).getByLabelText('Max per team per week'), '3');
    await user.click(within(u12).getByRole('button', { name: 'Save 12U rules' }));
    expect(await within(u12).findByText('Close it before the season ends')).toBeTruthy();
    expect(within(u12).getByLabelText('Booking closes').getAttribute('aria-invalid')).toBe('true');

    await user.clear(within(u12).getByLabelText('Booking closes'));
    await user.click(within(u12).getByRole('button', { name: 'Save 12U rules' }));
    expect(await screen.findByText('Saved the 12U rules for Spring 2027.')).toBeTruthy();
    expect(within(u12).getByText('Mon Feb 1, 6:00 pm')).toBeTruthy();
    expect(puts).toEqual([
      { ...none, windowOpensAt: '2027-02-01T18:00:00-06:00', windowClosesAt: '2027-07-01T18:00:00-05:00', maxPerWeek: 3 },
      { ...none, windowOpensAt: '2027-02-01T18:00:00-06:00', maxPerWeek: 3 },
    ]);
  });

  it('says where to add divisions when the league has none', async () => {
    stubApi(adminProfile, {
      '/api/seasons': { seasons: [SEASON] },
      [`/api/seasons/${SEASON.id}/booking-rules`]: { rules: DEFAULT_BOOKING_RULES },
      [`/api/admin/seasons/${SEASON.id}/division-rules`]: { rules: [] },
    });
    renderWithProviders(<BookingRulesPage />);
    const section = await screen.findByRole('region', { name: 'Rules by division' });
    expect(await within(section).findByRole('heading', { name: 'No divisions yet' })).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Add divisions' }).getAttribute('href')).toBe('/admin-user-manager?tab=teams');
  });
});
