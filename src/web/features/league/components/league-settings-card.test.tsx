import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { bodyOf, json, leagueSettings, preloadPages, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';
import { LeagueSettingsCard } from './league-settings-card';

preloadPages(() => import('../../../app/shell/app-toaster'));

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
    expect(puts).toEqual([{ name: 'CGSL Softball League', shortName: 'CGSL', timeZone: 'America/Chicago', contactEmail: null, makeupDays: 21 }]);
    expect(days.value).toBe('21');
  });
});
