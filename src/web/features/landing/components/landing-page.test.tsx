import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, memberProfile, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';
import { PROFILE_CACHE_KEY } from '../../../app/session/profile-cache';

// What the first toast loads lazily (react-hot-toast); the landing page itself is not lazy.
preloadPages(() => import('../../../app/shell/app-toaster'));
beforeEach(() => {
  localStorage.clear();
  // jsdom has no ResizeObserver; the Account menu (Headless UI) watches its button with one.
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
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

describe('the landing page', () => {
  it('greets a signed-in person, and after Logout shows the visitor invitation instead of "Welcome back"', async () => {
    const user = setupUser();
    let signedIn = true;
    stubApi(memberProfile, {}, (url) => {
      if (url === '/api/auth/sign-out') {
        signedIn = false;
        return json({ success: true });
      }
      if (url === '/api/me' && !signedIn) return json({ error: { code: 'UNAUTHENTICATED', message: 'You are not signed in.' } }, 401);
      return undefined;
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: `Welcome back, ${memberProfile.displayName}` })).toBeTruthy();

    // The top bar's own region: the Account button is looked for there, not among every button of the page.
    const banner = screen.getByRole('banner');
    await user.click(await within(banner).findByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await within(banner).findByRole('link', { name: 'Login' })).toBeTruthy();
    // The menu's own sign-out callback still ran before the menu went away.
    expect(await screen.findByText('You are logged out.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Welcome back/ })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Coach, parent or volunteer?' })).toBeTruthy();
    expect(localStorage.getItem(PROFILE_CACHE_KEY)).toBeNull();
  });
});
