import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyRainOuts } from '../../../../shared/rain-outs/rain-outs.schemas';
import type { Profile } from '../../../../shared/users/users.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { json, memberProfile, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';

/** The coach's rain-out banner at the top of every page (issue 28). */

const coach: Profile = { ...memberProfile, role: 'coach', teamId: 'jays', teamName: 'Blue Jays' };
const practice = { fieldName: 'Field 1', startsAt: '2026-12-03T23:00:00.000Z', endsAt: '2026-12-04T00:30:00.000Z', restored: false };
const mine: MyRainOuts = {
  timeZone: 'America/Chicago',
  notices: [
    {
      closureId: 'c1',
      facilityName: 'Riverside Park',
      fieldNames: null,
      startsAt: '2026-12-03T22:00:00.000Z',
      endsAt: '2026-12-04T03:00:00.000Z',
      reason: 'Wet fields',
      reopened: false,
      practices: [practice],
    },
  ],
  credits: [{ id: 'k1', reason: 'Rain-out: Riverside Park', expiresAt: '2026-12-18T06:00:00.000Z' }],
};

function setup(profile: Profile, answer: MyRainOuts, path = '/') {
  writeCachedSession({ profile, isAdmin: false });
  const dismissals: string[] = [];
  const fetchMock = stubApi(profile, { '/api/rain-outs/mine': answer }, (url, init) => {
    if (!url.endsWith('/dismiss') || init?.method !== 'POST') return undefined;
    dismissals.push(url);
    return json({ dismissed: true });
  });
  renderApp(path);
  return { dismissals, fetchMock };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

describe('the rain-out banner', () => {
  it('tells a coach which practice was rained out and how to make it up, and puts it away on Dismiss', async () => {
    const user = setupUser();
    const { dismissals } = setup(coach, mine);
    const banner = await screen.findByRole('region', { name: 'Rained out: Riverside Park' });
    expect(
      within(banner).getByText(
        'Riverside Park was rained out (Wet fields): your practice Thu Dec 3, 5:00 pm on Field 1 is cancelled. You have 1 make-up practice to use by Dec 17: book it even past your weekly limit.',
      ),
    ).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Book a make-up practice' }).getAttribute('href')).toBe('/slots');
    expect((await axe.run(banner, { rules: { 'color-contrast': { enabled: false } } })).violations).toEqual([]);

    // By keyboard: the link, then Dismiss.
    within(banner).getByRole('link', { name: 'Book a make-up practice' }).focus();
    await user.tab();
    const dismiss = within(banner).getByRole('button', { name: 'Dismiss the notice “Rained out: Riverside Park”' });
    expect(document.activeElement).toBe(dismiss);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Rained out: Riverside Park' })).toBeNull());
    expect(dismissals).toEqual(['/api/rain-outs/c1/dismiss']);
    // The focus goes to the page, not lost with the button.
    expect(document.activeElement?.id).toBe('main');
    expect(await screen.findByText('Rain-out notice dismissed.')).toBeTruthy();
  });

  it('says which practices are back once the league reopened the fields', async () => {
    setup(coach, { ...mine, credits: [], notices: [{ ...mine.notices[0]!, reopened: true, practices: [{ ...practice, restored: true }] }] }, '/slots');
    const banner = await screen.findByRole('region', { name: 'Reopened: Riverside Park' });
    expect(within(banner).getByText('Riverside Park reopened: your practice Thu Dec 3, 5:00 pm on Field 1 is back on the schedule.')).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'My Reservations' }).getAttribute('href')).toBe('/my-reservations');
  });

  it('keeps the banner when the dismissal fails, and says so', async () => {
    const user = setupUser();
    writeCachedSession({ profile: coach, isAdmin: false });
    stubApi(coach, { '/api/rain-outs/mine': mine }, (url, init) =>
      url.endsWith('/dismiss') && init?.method === 'POST' ? json({ error: { code: 'INTERNAL', message: 'Try again in a moment.' } }, 500) : undefined,
    );
    renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Rained out: Riverside Park' });
    await user.click(within(banner).getByRole('button', { name: /^Dismiss/ }));
    expect(await screen.findByText('The notice could not be dismissed: Try again in a moment.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Rained out: Riverside Park' })).toBeTruthy();
  });

  it('asks nothing for a member, who books nothing (the server has no notices for them)', async () => {
    const { fetchMock } = setup(memberProfile, mine);
    expect(await screen.findByRole('button', { name: 'Account' })).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: /Welcome back/ });
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/rain-outs/mine')).toBe(false);
    expect(screen.queryByRole('region', { name: /Rained out/ })).toBeNull();
  });
});
