import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { type ApiHandler, bodyOf, json, memberProfile, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';

preloadPages(() => import('./profile-page'));
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

interface Options {
  verified?: boolean;
  prefs?: { bookingChanges: boolean; reminders: boolean };
  handler?: ApiHandler;
  path?: string;
}

function setup({ verified = true, prefs = { bookingChanges: true, reminders: true }, handler, path = '/profile' }: Options = {}) {
  writeCachedSession({ profile: memberProfile, isAdmin: false });
  const fetchMock = stubApi(memberProfile, {}, (url, init) => {
    const own = handler?.(url, init);
    if (own) return own;
    if (url === '/api/me/notifications' && init?.method === 'PUT') return json(bodyOf(init));
    if (url === '/api/me/notifications') return json(prefs);
    if (url === '/api/auth/get-session') return json({ session: { id: 's1' }, user: { id: memberProfile.id, email: memberProfile.email, emailVerified: verified } });
    return undefined;
  });
  renderApp(path);
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof stubApi>, url: string, method = 'POST') =>
  fetchMock.mock.calls.filter(([input, init]) => input === url && init?.method === method).map(([, init]) => bodyOf(init));

describe('/profile: emails from the league', () => {
  it('shows the saved choices as switches and saves a change, with a toast', async () => {
    const user = setupUser();
    const fetchMock = setup({ prefs: { bookingChanges: true, reminders: true } });
    const region = await screen.findByRole('region', { name: 'Emails from the league' });
    const reminders = await within(region).findByRole('switch', { name: 'Practice reminders' });
    const bookings = within(region).getByRole('switch', { name: 'Booking changes' });
    expect(reminders).toHaveProperty('checked', true);
    expect(bookings).toHaveProperty('checked', true);
    expect(within(region).getByText(/Password reset and email confirmation messages are always sent/)).toBeTruthy();
    const save = within(region).getByRole('button', { name: 'Save email choices' });
    expect(save).toHaveProperty('disabled', true);

    await user.click(bookings);
    await user.click(save);
    expect(await screen.findByText('Email choices saved.')).toBeTruthy();
    expect(sent(fetchMock, '/api/me/notifications', 'PUT')).toEqual([{ bookingChanges: false, reminders: true }]);
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
  });

  it('says so when the choices cannot be loaded, and tries again', async () => {
    const user = setupUser();
    let failing = true;
    setup({
      handler: (url, init) =>
        url === '/api/me/notifications' && init?.method === 'GET' && failing ? json({ error: { code: 'UNAVAILABLE', message: 'The database is not answering.' } }, 503) : undefined,
    });
    expect(await screen.findByText('Your email choices could not be loaded')).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'Practice reminders' })).toBeTruthy();
  });
});

describe('/profile: email address', () => {
  it('an unconfirmed address offers "Resend verification email"', async () => {
    const user = setupUser();
    const fetchMock = setup({ verified: false, handler: (url) => (url === '/api/auth/send-verification-email' ? json({ status: true }) : undefined) });
    expect(await screen.findByText('Confirm your email address')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(`We sent a new link to ${memberProfile.email}. It works for 24 hours.`)).toBeTruthy();
    expect(sent(fetchMock, '/api/auth/send-verification-email')).toEqual([{ email: memberProfile.email, callbackURL: '/profile?from=verify-email' }]);
  });

  it('a confirmed address shows a badge; landing from the email link says thank you', async () => {
    setup({ path: '/profile?from=verify-email' });
    expect(await screen.findByText('Your email address is confirmed. Thank you!')).toBeTruthy();
    expect(await screen.findByText('Email confirmed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
  });

  it('landing from an expired link says what to do', async () => {
    setup({ verified: false, path: '/profile?from=verify-email&error=TOKEN_EXPIRED' });
    expect(await screen.findByText(/This verification link has expired\. Get a new one with "Resend verification email"/)).toBeTruthy();
    expect(screen.queryByText('Your email address is confirmed. Thank you!')).toBeNull();
  });
});

describe('/profile: password and devices', () => {
  it('change password: the current one is checked by the server and its error shows at that field', async () => {
    const user = setupUser();
    let attempt = 0;
    const fetchMock = setup({
      handler: (url) => {
        if (url !== '/api/auth/change-password') return undefined;
        attempt += 1;
        return attempt === 1
          ? json({ error: { code: 'VALIDATION_FAILED', message: 'That password is incorrect.', details: { fields: { currentPassword: 'That password is incorrect' } } } }, 400)
          : json({ user: {} });
      },
    });
    const region = await screen.findByRole('region', { name: 'Password' });
    await user.type(within(region).getByLabelText('Current password'), 'wrong-one');
    await user.type(within(region).getByLabelText('New password'), 'a-new-password');
    await user.type(within(region).getByLabelText('Confirm new password'), 'a-new-password');
    await user.click(within(region).getByRole('button', { name: 'Change password' }));
    expect(await within(region).findByText('That password is incorrect')).toBeTruthy();

    await user.clear(within(region).getByLabelText('Current password'));
    await user.type(within(region).getByLabelText('Current password'), 'the-right-one');
    await user.click(within(region).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Every other device is signed out.')).toBeTruthy();
    expect(sent(fetchMock, '/api/auth/change-password')).toEqual([
      { currentPassword: 'wrong-one', newPassword: 'a-new-password', revokeOtherSessions: true },
      { currentPassword: 'the-right-one', newPassword: 'a-new-password', revokeOtherSessions: true },
    ]);
    await waitFor(() => expect(within(region).getByLabelText('Current password')).toHaveProperty('value', ''));
  });

  it('"Sign out of every other device" asks first, then keeps this session', async () => {
    const user = setupUser();
    const fetchMock = setup({ handler: (url) => (url === '/api/auth/revoke-other-sessions' ? json({ status: true }) : undefined) });
    await user.click(await screen.findByRole('button', { name: 'Sign out of every other device' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out of every other device?' });
    expect(within(dialog).getByText(/except this one/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out other devices' }));
    expect(await screen.findByText('Signed out of every other device. You are still logged in here.')).toBeTruthy();
    expect(sent(fetchMock, '/api/auth/revoke-other-sessions')).toEqual([{}]);
    expect(screen.getByRole('heading', { level: 1, name: 'Your profile' })).toBeTruthy();
  });
});

describe('/profile: details (issue 10)', () => {
  it('shows the team read-only, even to a member, and saves only the name', async () => {
    const user = setupUser();
    const fetchMock = setup({ handler: (url, init) => (url === '/api/me' && init?.method === 'PATCH' ? json({ profile: { ...memberProfile, ...(bodyOf(init) as object) } }) : undefined) });
    const team = await screen.findByRole('textbox', { name: 'Team' });
    expect(team).toHaveProperty('readOnly', true);
    expect(team).toHaveProperty('value', memberProfile.teamName);
    expect(screen.queryByRole('combobox', { name: 'Team' })).toBeNull();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Pat P.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile saved.')).toBeTruthy();
    expect(sent(fetchMock, '/api/me', 'PATCH')).toEqual([{ displayName: 'Pat P.' }]);
  });
});
