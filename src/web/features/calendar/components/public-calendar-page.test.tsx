import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Clinic } from '../../../../shared/clinics/clinics.schemas';
import { todayInZone } from '../../../lib/dates';
import { json, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { testSlot } from '../../../test/slot-fixture';

preloadPages(() => import('./public-calendar-page'));

// /public-calendar lists the league's published clinics beside its practices (issue 24): a visitor sees the
// clinic's title, place and places left; an unpublished one (admins get those from the same list) is not shown.

const ZONE = 'America/Chicago';

/** A league day `days` from today, and an instant at `hour`:00 that day in the league's zone (Chicago: UTC-5 or -6). */
function leagueDay(days: number): string {
  const d = new Date(`${todayInZone(ZONE)}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
function instant(day: string, hour: number): string {
  // Noon UTC is morning in Chicago, so the offset read at noon is that day's.
  const noon = new Date(`${day}T12:00:00Z`);
  const localNoonHour = Number(new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', hourCycle: 'h23' }).format(noon));
  return new Date(noon.getTime() + (hour - localNoonHour) * 3_600_000).toISOString();
}

function clinic(over: Partial<Clinic>): Clinic {
  return {
    id: 'c1',
    title: 'Pitching basics',
    description: null,
    startsAt: '',
    endsAt: '',
    facilityId: null,
    locationText: 'Lincoln Middle School gym',
    location: 'Lincoln Middle School gym',
    ageGroup: null,
    capacity: 12,
    registrationOpensAt: null,
    registrationClosesAt: null,
    published: true,
    cancelledAt: null,
    cancelReason: null,
    registeredCount: 5,
    waitlistCount: 0,
    ...over,
  };
}

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the public calendar', () => {
  it('shows a published clinic with its place and places left beside the practices, and not an unpublished one', async () => {
    const day = leagueDay(3);
    const season = { id: 's1', name: 'This season', startsOn: leagueDay(-30), endsOn: leagueDay(60), active: true };
    const practice = testSlot({ id: 'p1', status: 'booked', teamId: 't1', teamName: 'Blue Jays', bookingId: 'b1', startsAt: instant(day, 17), endsAt: instant(day, 18) });
    stubApi(null, {}, (url) => {
      if (url === '/api/seasons') return json({ seasons: [season] });
      if (url === '/api/facilities') return json({ facilities: [] });
      if (url.startsWith('/api/slots?')) return json({ slots: [practice] });
      if (url === '/api/clinics')
        return json({
          clinics: [
            clinic({ startsAt: instant(day, 9), endsAt: instant(day, 11) }),
            clinic({ id: 'c2', title: 'Draft catching clinic', published: false, startsAt: instant(day, 13), endsAt: instant(day, 14) }),
          ],
        });
      return undefined;
    });
    renderApp(`/public-calendar?view=list&date=${day}`);

    expect(await screen.findByText('Clinic: Pitching basics')).toBeTruthy();
    expect(screen.getByText('Lincoln Middle School gym · 7 of 12 places left')).toBeTruthy();
    expect(screen.getByText('Blue Jays practice')).toBeTruthy();
    expect(screen.queryByText(/Draft catching clinic/)).toBeNull();
  });

  it('shows the field closures above the calendar (features/field-status, put there by the app)', async () => {
    const day = leagueDay(3);
    const season = { id: 's1', name: 'This season', startsOn: leagueDay(-30), endsOn: leagueDay(60), active: true };
    const closure = { id: 'r1', facilityId: 'park', facilityName: 'Riverside Park', fieldNames: null, startsAt: instant(day, 16), endsAt: instant(day, 21), reason: 'Wet fields' };
    stubApi(null, { '/api/seasons': { seasons: [season] }, '/api/field-status': { timeZone: ZONE, closures: [closure] } });
    renderApp('/public-calendar');
    const notice = await screen.findByRole('region', { name: 'Field closure' });
    expect(within(notice).getByText(/^Riverside Park: closed .+ 4–9 pm \(Wet fields\)$/)).toBeTruthy();
  });
});
