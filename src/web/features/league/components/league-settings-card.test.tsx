import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { bodyOf, json, leagueSettings as stubbedSettings, preloadPages, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';
import { LeagueSettingsCard } from './league-settings-card';

preloadPages(() => import('../../../app/shell/app-toaster'));

/** The league's settings as the server answers them now (issue 29 added swapsEnabled). */
const leagueSettings = { ...stubbedSettings, swapsEnabled: true };


afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard() {
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      value: () => ({ matches: false, addEventListener: () => undefined, removeEventListener: () => undefined }),
      configurable: true,
    });
  }
  return render(
    <Providers queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LeagueSettingsCard />
    </Providers>,
  );
}

describe('the league settings: how long make-up practices last', () => {
  it('shows the league’s days, refuses 0, and saves a new number with the other settings', async () => {
    const puts: unknown[] = [];
    stubApi(null, {}, (url, init) => {
      if (url === '/api/sign-in-options') return json({ oidc: null, passwordSignUp: true });
      if (url === '/api/league' && init?.method === 'PUT') {
        puts.push(bodyOf(init));
        return json({ ...leagueSettings, makeupDays: (bodyOf(init) as { makeupDays: number }).makeupDays });
      }
      if (url === '/api/league') return json(leagueSettings);
      return undefined;
    });
    renderCard();
    const settings = await screen.findByRole('region', { name: 'League settings' });
    const days = await within(settings).findByLabelText<HTMLInputElement>('Make-up practices last (days)');
    expect(days.value).toBe('14');

    const user = setupUser();
    await user.clear(days);
    await user.type(days, '0');
    await user.click(within(settings).getByRole('button', { name: 'Save league settings' }));
    expect(await within(settings).findByText('Enter a number of days from 1 to 60')).toBeTruthy();
    expect(puts).toEqual([]);

    await user.clear(days);
    await user.type(days, '21');
    await user.click(within(settings).getByRole('button', { name: 'Save league settings' }));
    expect(await screen.findByText('League settings saved.')).toBeTruthy();
    expect(puts).toEqual([{ name: 'CGSL Softball League', shortName: 'CGSL', timeZone: 'America/Chicago', contactEmail: null, makeupDays: 21, maxWaits: 3, holdMinutes: 120, swapsEnabled: true }]);
    expect(days.value).toBe('21');
  });
});

describe('the league settings: the waitlist’s limits', () => {
  it('shows the league’s numbers, refuses them out of range in words, and saves new ones with the other settings', async () => {
    const puts: unknown[] = [];
    stubApi(null, {}, (url, init) => {
      if (url === '/api/sign-in-options') return json({ oidc: null, passwordSignUp: true });
      if (url === '/api/league' && init?.method === 'PUT') {
        puts.push(bodyOf(init));
        return json({ ...leagueSettings, ...(bodyOf(init) as object) });
      }
      if (url === '/api/league') return json(leagueSettings);
      return undefined;
    });
    renderCard();
    const settings = await screen.findByRole('region', { name: 'League settings' });
    const waits = await within(settings).findByLabelText<HTMLInputElement>('Slots a team may wait on at once');
    const hold = within(settings).getByLabelText<HTMLInputElement>('Hold a freed slot for (minutes)');
    expect(waits.value).toBe('3');
    expect(hold.value).toBe('120');

    const user = setupUser();
    const save = within(settings).getByRole('button', { name: 'Save league settings' });
    await user.clear(waits);
    await user.type(waits, '21');
    await user.clear(hold);
    await user.type(hold, '5');
    await user.click(save);
    expect(await within(settings).findByText('Enter a number of slots from 1 to 20')).toBeTruthy();
    expect(within(settings).getByText('Enter a number of minutes from 10 to 1440 (24 hours)')).toBeTruthy();
    await user.clear(waits);
    await user.click(save);
    expect(await within(settings).findByText('Enter a number of slots from 1 to 20')).toBeTruthy();
    expect(puts).toEqual([]);

    await user.type(waits, '5');
    await user.clear(hold);
    await user.type(hold, '90');
    await user.click(save);
    expect(await screen.findByText('League settings saved.')).toBeTruthy();
    expect(puts).toEqual([{ name: 'CGSL Softball League', shortName: 'CGSL', timeZone: 'America/Chicago', contactEmail: null, makeupDays: 14, maxWaits: 5, holdMinutes: 90, swapsEnabled: true }]);
    expect([waits.value, hold.value]).toEqual(['5', '90']);
  });
});

describe('the league settings: practice swaps (issue 29)', () => {
  it('shows whether coaches may swap practices, and turns swaps off with the other settings', async () => {
    const puts: unknown[] = [];
    stubApi(null, {}, (url, init) => {
      if (url === '/api/sign-in-options') return json({ oidc: null, passwordSignUp: true });
      if (url === '/api/league' && init?.method === 'PUT') {
        puts.push(bodyOf(init));
        return json({ ...leagueSettings, ...(bodyOf(init) as object) });
      }
      if (url === '/api/league') return json(leagueSettings);
      return undefined;
    });
    renderCard();
    const settings = await screen.findByRole('region', { name: 'League settings' });
    const swaps = await within(settings).findByRole<HTMLInputElement>('checkbox', { name: 'Allow practice swaps between teams' });
    expect(swaps.checked).toBe(true);
    expect(swaps.getAttribute('aria-describedby')).toBeTruthy();
    const save = within(settings).getByRole('button', { name: 'Save league settings' });
    expect(save).toHaveProperty('disabled', true);

    const user = setupUser();
    await user.click(swaps);
    expect(swaps.checked).toBe(false);
    await user.click(save);
    expect(await screen.findByText('League settings saved.')).toBeTruthy();
    expect(puts).toEqual([{ name: 'CGSL Softball League', shortName: 'CGSL', timeZone: 'America/Chicago', contactEmail: null, makeupDays: 14, maxWaits: 3, holdMinutes: 120, swapsEnabled: false }]);
    expect(swaps.checked).toBe(false);
    expect(save).toHaveProperty('disabled', true);
  });
});
