import { act, cleanup, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESET_REQUESTED_MESSAGE } from '../../../../shared/auth/auth.schemas';
import { bodyOf, json, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';

preloadPages(() => import('./login-page'), () => import('./forgot-password-page'), () => import('./reset-password-page'));
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const calls = (fetchMock: ReturnType<typeof stubApi>, url: string) =>
  fetchMock.mock.calls.filter(([input]) => input === url).map(([, init]) => bodyOf(init));

describe('/login', () => {
  it('offers "Forgot password?", which carries the typed address to the next page', async () => {
    const user = setupUser();
    stubApi(null);
    renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'pat@example.org');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'pat@example.org');
  });
});

describe('/forgot-password', () => {
  it('asks for a link and answers the same words whatever the address', async () => {
    const user = setupUser();
    const fetchMock = stubApi(null, {}, (url) => (url === '/api/auth/request-password-reset' ? json({ status: true, message: 'If this email exists…' }) : undefined));
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), ' Pat@Example.org ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText(RESET_REQUESTED_MESSAGE)).toBeTruthy();
    expect(screen.getByText('pat@example.org')).toBeTruthy();
    expect(calls(fetchMock, '/api/auth/request-password-reset')).toEqual([{ email: 'pat@example.org' }]);
  });

  it('checks the address before asking, and shows a refusal (too many attempts) in words', async () => {
    const user = setupUser();
    const fetchMock = stubApi(null, {}, (url) =>
      url === '/api/auth/request-password-reset' ? json({ error: { code: 'RATE_LIMITED', message: 'Too many attempts. Wait a minute and try again.' } }, 429) : undefined,
    );
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter a valid email address, like name@example.com')).toBeTruthy();
    expect(calls(fetchMock, '/api/auth/request-password-reset')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'pat@example.org');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Too many attempts. Wait a minute and try again.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Check your email' })).toBeNull();
  });
});

describe('/reset-password', () => {
  function setup(status: string, onReset?: (body: unknown) => Response) {
    const fetchMock = stubApi(null, {}, (url, init) => {
      if (url === '/api/auth/reset-link-status') return json({ status });
      if (url === '/api/auth/reset-password') return onReset?.(bodyOf(init)) ?? json({ status: true });
      return undefined;
    });
    renderApp('/reset-password?token=tok-123');
    return fetchMock;
  }

  it('a working link: the new password twice, then on to log in with it', async () => {
    const user = setupUser();
    const fetchMock = setup('valid');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-passwrod');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The two passwords do not match. Type the same password twice.')).toBeTruthy();
    expect(calls(fetchMock, '/api/auth/reset-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(await screen.findByText('Your password is changed. Log in with your new password.')).toBeTruthy();
    expect(calls(fetchMock, '/api/auth/reset-password')).toEqual([{ token: 'tok-123', newPassword: 'brand-new-password' }]);
    expect(calls(fetchMock, '/api/auth/reset-link-status')[0]).toEqual({ token: 'tok-123' });
  });

  it.each([
    ['expired', 'This link has expired', 'This link has expired. Ask for a new one.'],
    ['used', 'This link has already been used', 'This link has already been used. Ask for a new one.'],
    ['invalid', 'This link does not work', 'This link is not valid: it may be incomplete or too old. Ask for a new one.'],
  ])('a link that is %s says so before any typing, with the way to a new one', async (status, title, message) => {
    setup(status);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('a link that dies while the page is open says why when saving', async () => {
    const user = setupUser();
    setup('valid', () => json({ error: { code: 'VALIDATION_FAILED', message: 'This link has already been used. Ask for a new one.', details: { link: 'used' } } }, 400));
    await user.type(await screen.findByLabelText('New password'), 'brand-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has already been used' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
  });

  it('without a token the page says the link is incomplete', async () => {
    stubApi(null);
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy());
  });
});
