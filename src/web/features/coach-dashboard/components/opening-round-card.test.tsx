import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BOOKING_RULES } from '../../../../shared/bookings/booking-rules';
import type { BookingContext } from '../../../../shared/bookings/bookings.schemas';
import type { Profile } from '../../../../shared/users/users.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { openingDateTime } from '../../../lib/opening-slots';
import { openingRoundId, testRound } from '../../../test/opening-fixture';
import { loadNamespace } from '../../../lib/i18n';
import { json, memberProfile, preloadPages, renderApp, stubApi } from '../../../test/render-app';

/** The coach dashboard's opening round card, for a coach of the Blue Jays; the round's times are relative to now. */

const TZ = 'America/Chicago';
const HOUR = 3_600_000;
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

function setup(saved: { slotIds: string[]; savedAt: string | null }) {
  const now = Date.now();
  const round = testRound({
    status: 'open',
    opensAt: new Date(now - HOUR).toISOString(),
    closesAt: new Date(now + 30 * HOUR).toISOString(),
    drawAt: new Date(now + 40 * HOUR).toISOString(),
  });
  const context: BookingContext = {
    timeZone: TZ,
    now: new Date(now).toISOString(),
    season: { id: round.seasonId, name: 'Spring', startsOn: '2026-01-01', endsOn: '2026-12-31' },
    rules: DEFAULT_BOOKING_RULES,
    team: { id: 'jays', name: 'Blue Jays', divisionId: null, divisionName: null },
    divisionRules: [],
    teamBookings: [],
    makeupCredits: [],
    cannotBook: null,
  };
  localStorage.clear();
  writeCachedSession({ profile: coach, isAdmin: false });
  stubApi(coach, {}, (url) => {
    if (url.startsWith('/api/bookings/context')) return json(context);
    if (url === '/api/openings/current') return json({ rounds: [round] });
    if (url === `/api/openings/${openingRoundId}/preferences`) return json({ ...saved, maxPreferences: 10 });
    return undefined;
  });
  renderApp('/coach-dashboard');
  return round;
}

describe('coach dashboard: the opening round card', () => {
  it('says the team submitted 3 of 10 and when the draw is, with a link to Book a Field', async () => {
    const round = setup({ slotIds: ['a', 'b', 'c'], savedAt: new Date().toISOString() });
    const card = await screen.findByRole('region', { name: 'Opening round' });
    expect(await within(card).findByText(`Opening round: submitted, 3 of 10 · draw ${openingDateTime(round.drawAt, TZ)}`)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Change preferences' }).getAttribute('href')).toBe('/slots');
  });

  it('tells a coach who has not ranked anything to do it on Book a Field before the window closes', async () => {
    const round = setup({ slotIds: [], savedAt: null });
    const card = await screen.findByRole('region', { name: 'Opening round' });
    expect(
      await within(card).findByText(`Opening round: not submitted yet: rank up to 10 slots on Book a Field before ${openingDateTime(round.closesAt, TZ)}`),
    ).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Rank slots' }).getAttribute('href')).toBe('/slots');
  });
});
