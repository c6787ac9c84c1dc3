import { act, cleanup, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, json, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';

preloadPages(() => import('./login-page'));
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ACCOUNT_WAIT =
  'Too many failed sign-ins for this account. Wait 15 minutes and try again, or use "Forgot password?" to choose a new password.';

async function logIn(email: string, password: string) {
  const user = setupUser();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('/login when sign-ins are throttled', () => {
  it('shows how long to wait when the account has had too many failed sign-ins, and keeps what was typed', async () => {
    const fetchMock = stubApi(null, {}, (url) =>
      url === '/api/auth/sign-in/email'
        ? json({ error: { code: 'RATE_LIMITED', message: ACCOUNT_WAIT, details: { retryAfterSeconds: 900 } } }, 429)
        : undefined,
    );
    renderApp('/login');
    await logIn('pat@example.org', 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ACCOUNT_WAIT);
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'pat@example.org');
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    const signIns = fetchMock.mock.calls.filter(([input]) => input === '/api/auth/sign-in/email');
    expect(signIns.map(([, init]) => bodyOf(init))).toEqual([{ email: 'pat@example.org', password: 'wrong-password' }]);
  });

  it('shows the per-address wait too', async () => {
    stubApi(null, {}, (url) =>
      url === '/api/auth/sign-in/email'
        ? json({ error: { code: 'RATE_LIMITED', message: 'Too many attempts from this address. Wait a minute and try again.', details: { retryAfterSeconds: 42 } } }, 429)
        : undefined,
    );
    renderApp('/login');
    await logIn('pat@example.org', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toContain('Too many attempts from this address. Wait a minute and try again.');
  });
});
