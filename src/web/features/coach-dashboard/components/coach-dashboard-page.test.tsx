import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BOOKING_RULES } from '../../../../shared/bookings/booking-rules';
import type { BookingContext } from '../../../../shared/bookings/bookings.schemas';
import type { Profile } from '../../../../shared/users/users.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { loadNamespace } from '../../../lib/i18n';
import { json, memberProfile, preloadPages, renderApp, stubApi } from '../../../test/render-app';

/** The coach dashboard's limits card and the team's make-up practices after a rain-out (issue 28). */

const coach: Profile = { ...memberProfile, role: 'coach', teamId: 'jays', teamName: 'Blue Jays' };

// The page and its words: the first test waits for neither.
preloadPages(
  () => import('./coach-dashboard-page'),
  () => loadNamespace('en', 'coach-dashboard'),
);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(makeupCredits: string[]) {
  const context: BookingContext = {
    timeZone: 'America/Chicago',
    now: new Date().toISOString(),
    season: { id: 's1', name: 'Fall', startsOn: '2026-01-01', endsOn: '2027-12-31' },
    rules: DEFAULT_BOOKING_RULES,
    team: { id: 'jays', name: 'Blue Jays', divisionId: null, divisionName: null },
    divisionRules: [],
    teamBookings: [],
    makeupCredits,
    cannotBook: null,
  };
  localStorage.clear();
  writeCachedSession({ profile: coach, isAdmin: false });
  stubApi(coach, {}, (url) => (url.startsWith('/api/bookings/context') ? json(context) : undefined));
  renderApp('/coach-dashboard');
}

describe('coach dashboard: make-up practices', () => {
  it('says how many make-up practices the team has and until when', async () => {
    setup(['2027-12-20T06:00:00.000Z', '2027-12-18T06:00:00.000Z']);
    const limits = await screen.findByRole('region', { name: 'Practices booked' });
    expect(await within(limits).findByText('2 make-up practices, the first to use by Dec 17')).toBeTruthy();
    expect(limits.textContent).toContain('2 make-up practices, the first to use by Dec 17: book them on Book a Field, even past your weekly limit.');
  });

  it('says nothing about make-ups when the team has none', async () => {
    setup([]);
    const limits = await screen.findByRole('region', { name: 'Practices booked' });
    await within(limits).findByText(/more practices? this week/);
    expect(limits.textContent).not.toContain('make-up');
  });
});
