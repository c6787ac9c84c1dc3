import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BOOKING_RULES } from '../../../../shared/bookings/booking-rules';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import type { Profile } from '../../../../shared/users/users.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { bodyOf, json, memberProfile, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { renderWithProviders } from '../../../test/render-component';
import { setupUser } from '../../../test/user';
import { MyReservationsPage, type SwapActionProps } from './my-reservations-page';

const SEASON_ID = '11111111-1111-4111-8111-111111111111';
const coach: Profile = { ...memberProfile, role: 'coach', teamId: 'jays', teamName: 'Blue Jays' };
const NOW = '2026-11-22T12:00:00.000Z';

const booking = (id: string, localStart: string, over: Partial<Booking> = {}): Booking => {
  const start = new Date(`${localStart}:00-06:00`);
  return {
    id,
    slotId: `slot-${id}`,
    seasonId: SEASON_ID,
    teamId: 'jays',
    teamName: 'Blue Jays',
    status: 'confirmed',
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 90 * 60_000).toISOString(),
    fieldId: 'f3',
    fieldName: 'Field 3',
    facilityName: 'Riverside Park',
    facilityAddress: '100 River Rd',
    mapUrl: 'https://maps.example.org/riverside',
    bookedByEmail: 'pat@example.org',
    createdAt: NOW,
    cancelledAt: null,
    cancelReason: null,
    override: false,
    overrideReason: null,
    ...over,
  };
};

function setup(profile: Profile | null, bookings: Booking[], render: () => unknown = () => renderApp('/my-reservations')) {
  localStorage.clear();
  if (profile) writeCachedSession({ profile, isAdmin: false });
  const cancels: Array<{ url: string; body: unknown }> = [];
  stubApi(profile, {}, (url, init) => {
    if (url.startsWith('/api/bookings/context')) {
      return json({ timeZone: 'America/Chicago', now: NOW, season: null, rules: null, team: { id: 'jays', name: 'Blue Jays' }, teamBookings: [], cannotBook: null });
    }
    if (url === '/api/bookings/mine') return json({ bookings });
    if (url === `/api/seasons/${SEASON_ID}/booking-rules`) return json({ rules: DEFAULT_BOOKING_RULES });
    if (url.endsWith('/cancel') && init?.method === 'POST') {
      cancels.push({ url, body: bodyOf(init) });
      const id = url.split('/')[3]!;
      const cancelled = bookings.find((b) => b.id === id)!;
      return json({ booking: { ...cancelled, status: 'cancelled', cancelReason: 'Rain forecast' } });
    }
    return undefined;
  });
  render();
  return cancels;
}

// The page, and what its first dialog and first toast load lazily (Headless UI, react-hot-toast).
preloadPages(
  () => import('./my-reservations-page'),
  () => import('../../../components/ui/modal-dialog'),
  () => import('../../../app/shell/app-toaster'),
);
afterEach(() => {
  // A toast outlives its page (react-hot-toast keeps them in one store): the next test must not find this one's words.
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

describe('/my-reservations', () => {
  it('lists upcoming and past practices with calendar and map links; Cancel closes at the cutoff, with the reason', async () => {
    setup(coach, [
      booking('soon', '2026-11-23T00:00'),
      booking('later', '2026-11-24T18:00'),
      booking('old', '2026-11-10T17:00', { status: 'cancelled', cancelReason: 'Bumped by a league admin: tournament' }),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Reservations' })).toBeTruthy();
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    const soon = within(upcoming).getByRole('button', { name: 'Cancel Mon Nov 23, 12:00 am at Field 3' });
    // Disabled once the season's rules are in: 18 hours to go, and coaches may cancel until 24 hours before.
    await waitFor(() => expect(soon).toHaveProperty('disabled', true));
    expect(soon.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(soon.getAttribute('aria-describedby')!)?.textContent).toBe('Cancellations close 24 hours before the start; contact an admin.');
    expect(within(upcoming).getByRole('button', { name: 'Cancel Tue Nov 24, 6:00 pm at Field 3' })).toHaveProperty('disabled', false);
    expect(within(upcoming).getByRole('link', { name: 'Add to calendar, Tue Nov 24, 6:00 pm at Field 3' }).getAttribute('href')).toBe('/api/bookings/later/ics');
    expect(within(upcoming).getAllByRole('link', { name: /^Map of Riverside Park/ })[0]!.getAttribute('href')).toBe('https://maps.example.org/riverside');

    const past = screen.getByRole('region', { name: 'Past' });
    expect(within(past).getByText('Cancelled')).toBeTruthy();
    expect(within(past).getByText('Reason: Bumped by a league admin: tournament')).toBeTruthy();
    expect(within(past).queryByRole('button')).toBeNull();
  });

  it('cancels after the confirm, which says what happens', async () => {
    const cancels = setup(coach, [booking('later', '2026-11-24T18:00')]);
    const user = setupUser();
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    await user.click(await within(upcoming).findByRole('button', { name: 'Cancel Tue Nov 24, 6:00 pm at Field 3' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Cancel Tue Nov 24, 6:00 pm at Field 3 for the Blue Jays? The slot reopens for other teams.');
    await user.click(within(dialog).getByLabelText('Reason (optional)'));
    await user.paste('Rain forecast');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel practice' }));
    await waitFor(() => expect(cancels).toEqual([{ url: '/api/bookings/later/cancel', body: { reason: 'Rain forecast' } }]));
    expect(await screen.findByText('Cancelled Tue Nov 24, 6:00 pm at Field 3. The slot is open for other teams again.')).toBeTruthy();
  });

  it('asks visitors to log in, and tells people without a team why the list is empty', async () => {
    setup(null, []);
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveProperty('href', expect.stringContaining('/login?redirect=%2Fmy-reservations'));
    cleanup();
    setup({ ...memberProfile, teamId: null, teamName: null }, []);
    expect(await screen.findByText('You are not on a team yet')).toBeTruthy();
  });

  it('offers Book a Field when the team has nothing booked', async () => {
    setup(coach, []);
    expect(await screen.findByText('No practices booked yet')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Book a Field' }).some((link) => link.getAttribute('href') === '/slots')).toBe(true);
  });
});

describe('/my-reservations, when the database is down', () => {
  const MAYBE_CANCELLED =
    "The league's database stopped answering while this was being saved, so it may or may not have gone through. The page is reloading what was saved: check it before you try again.";
  const CANCEL_LATER = 'Cancel Tue Nov 24, 6:00 pm at Field 3';

  it('says a Cancel may or may not have gone through, holds that Cancel while the list is read again, then shows what was saved', async () => {
    const later = booking('later', '2026-11-24T18:00');
    let pressed = false;
    let answerReread: (bookings: Booking[]) => void = () => undefined;
    const reread = new Promise<Booking[]>((resolve) => {
      answerReread = resolve;
    });
    setup(coach, [later]);
    const fetchMock = vi.mocked(fetch);
    const answered = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.endsWith('/cancel') && init?.method === 'POST') {
        pressed = true;
        return Promise.resolve(json({ error: { code: 'UNAVAILABLE', message: MAYBE_CANCELLED, details: { reason: 'database', outcome: 'unknown' } } }, 503));
      }
      // Every read of the team's bookings after the press waits for the test to answer it.
      return pressed && url === '/api/bookings/mine' ? reread.then((bookings) => json({ bookings })) : answered(input, init);
    });
    const user = setupUser();
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    await user.click(await within(upcoming).findByRole('button', { name: CANCEL_LATER }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel practice' }));

    // The words come as the server answers; the list is still being read again.
    expect(await screen.findByText(MAYBE_CANCELLED)).toBeTruthy();
    const held = within(upcoming).getByRole('button', { name: CANCEL_LATER, description: 'Checking whether this was cancelled…' });
    expect(held).toHaveProperty('disabled', true);

    answerReread([{ ...later, status: 'cancelled', cancelledAt: NOW, cancelReason: null }]);
    expect(await within(upcoming).findByText('Cancelled')).toBeTruthy();
    expect(within(upcoming).queryByRole('button', { name: CANCEL_LATER })).toBeNull();
  });
});

describe('/my-reservations, with the app’s swaps (issue 29)', () => {
  /** A stand-in for features/swaps' action, naming the practice it was given. */
  const SwapAction = ({ booking: b }: SwapActionProps) => <button type="button">{`Swap ${b.id}`}</button>;

  it('puts the swap action on each upcoming practice a coach may still cancel, and the offers after the upcoming ones', async () => {
    setup(coach, [booking('soon', '2026-11-23T00:00'), booking('later', '2026-11-24T18:00'), booking('old', '2026-11-10T17:00')], () =>
      renderWithProviders(<MyReservationsPage swaps={<section aria-label="Swap offers">Offers</section>} swapAction={SwapAction} />),
    );
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    expect(await within(upcoming).findByRole('button', { name: 'Swap later' })).toBeTruthy();
    // Inside the cutoff (18 hours to go; coaches may cancel until 24 hours before) and past: no swap.
    expect(within(upcoming).queryByRole('button', { name: 'Swap soon' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Swap old' })).toBeNull();
    const offers = screen.getByRole('region', { name: 'Swap offers' });
    expect(upcoming.compareDocumentPosition(offers) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
