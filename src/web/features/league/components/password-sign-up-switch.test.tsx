import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { bodyOf, json, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';
import { PasswordSignUpSwitch } from './password-sign-up-switch';

afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

function renderSwitch() {
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      value: () => ({ matches: false, addEventListener: () => undefined, removeEventListener: () => undefined }),
      configurable: true,
    });
  }
  return render(
    <Providers queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PasswordSignUpSwitch />
    </Providers>,
  );
}

describe('the password sign-up switch on the league settings', () => {
  it('shows the setting, switches it off with one PUT and says what that means', async () => {
    const user = setupUser();
    let on = true;
    const fetchMock = stubApi(null, {}, (url, init) => {
      if (url === '/api/sign-in-options') return json({ oidc: { providerName: 'Test League ID' }, passwordSignUp: on });
      if (url === '/api/league/password-sign-up' && init?.method === 'PUT') {
        on = (bodyOf(init) as { passwordSignUp: boolean }).passwordSignUp;
        return json({ passwordSignUp: on });
      }
      return undefined;
    });
    renderSwitch();
    const toggle = await screen.findByRole('switch', { name: 'Anyone can create an account with a password' });
    expect(toggle).toHaveProperty('checked', true);
    expect(screen.getByText(/Invitations and Test League ID also make accounts/)).toBeTruthy();

    await user.click(toggle);
    expect(await screen.findByText('Password sign-up is off: new accounts come only from invitations and Test League ID.')).toBeTruthy();
    expect(screen.getByRole('switch')).toHaveProperty('checked', false);
    expect(screen.getByText(/the sign-up page offers only "Log in with Test League ID" and invitations/)).toBeTruthy();
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts.map(([, init]) => bodyOf(init))).toEqual([{ passwordSignUp: false }]);
  });

  it('a refusal comes back as a toast and the switch stays as it was', async () => {
    const user = setupUser();
    stubApi(null, {}, (url, init) => {
      if (url === '/api/sign-in-options') return json({ oidc: null, passwordSignUp: true });
      if (init?.method === 'PUT') return json({ error: { code: 'FORBIDDEN', message: 'Only league admins can do that.' } }, 403);
      return undefined;
    });
    renderSwitch();
    const toggle = await screen.findByRole('switch');
    await user.click(toggle);
    expect(await screen.findByText('Only league admins can do that.')).toBeTruthy();
    expect(screen.getByRole('switch')).toHaveProperty('checked', true);
  });
});
