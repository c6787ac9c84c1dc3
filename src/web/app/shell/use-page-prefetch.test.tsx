import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BOOKING_RULES } from '../../../shared/bookings/booking-rules';
import type { BookingContext } from '../../../shared/bookings/bookings.schemas';
import { json, renderApp, stubApi } from '../../test/render-app';
import { setupUser } from '../../test/user';

const SEASON = { id: '11111111-1111-4111-8111-111111111111', name: 'All Year', startsOn: '2000-01-03', endsOn: '2100-12-26', active: true };
const visitorContext: BookingContext = {
  timeZone: 'America/Chicago',
  now: new Date().toISOString(),
  season: SEASON,
  rules: DEFAULT_BOOKING_RULES,
  team: null,
  divisionRules: [],
  teamBookings: [],
  makeupCredits: [],
  cannotBook: { code: 'SIGN_IN', message: 'Log in to book a practice.' },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Book a Field opens with its data', () => {
  it('starts loading the week when the pointer is on its link, and the page then draws it from what was loaded', async () => {
    localStorage.clear();
    const fetchMock = stubApi(null, { '/api/seasons': { seasons: [SEASON] } }, (url) => {
      if (url.startsWith('/api/facilities')) return json({ facilities: [] });
      if (url.startsWith('/api/bookings/context')) return json(visitorContext);
      if (url.startsWith('/api/slots?')) return json({ slots: [] });
      return undefined;
    });
    const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());
    const calls = (prefix: string) => fetchMock.mock.calls.filter(([input]) => urlOf(input).startsWith(prefix)).length;
    renderApp('/');
    expect(await screen.findByText('All Year')).toBeTruthy();

    const user = setupUser();
    const link = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Book a Field' });
    await user.hover(link);
    await waitFor(() => expect(calls('/api/slots?')).toBe(1));
    expect(calls('/api/bookings/context')).toBe(1);
    expect(calls('/api/facilities')).toBe(1);

    // From now on the page's own requests never answer: it can only draw the week from the prefetched answers,
    // which it finds only if it asks under the same keys (a refetch in the background is allowed).
    await waitFor(() => expect(fetchMock.mock.results.length).toBe(fetchMock.mock.calls.length));
    const answered = fetchMock.getMockImplementation()!;
    const pageData = ['/api/slots?', '/api/bookings/context', '/api/facilities'];
    fetchMock.mockImplementation((input, init) => (pageData.some((p) => urlOf(input).startsWith(p)) ? new Promise<Response>(() => undefined) : answered(input, init)));

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a Field' })).toBeTruthy();
    expect(await screen.findByText(/No practice slots in the week of/)).toBeTruthy();
    expect(screen.getByText('Log in to book a practice. You can look at every slot; booking asks you to log in first.')).toBeTruthy();
  });
});
