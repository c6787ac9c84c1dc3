import { act, cleanup, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, memberProfile, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';
import { greet } from '../greeting';

preloadPages(
  () => import('../../../app/pages/not-found-page'),
  () => import('../../../app/shell/app-toaster'),
);
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('logging out', () => {
  it('takes the "Welcome back" greeting away by the time the Login link shows (not after its 2 s)', async () => {
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
    renderApp('/no-such-page');
    const account = await screen.findByRole('button', { name: 'Account' });
    // As the login page greets (login-page.tsx); the pointer rests on it, which holds it on screen however slow this run is.
    const greeting = `Welcome back, ${memberProfile.displayName}!`;
    greet(greeting);
    await user.hover(await screen.findByText(greeting));

    // Logout from the Account menu by keyboard, so the pointer stays where it is.
    act(() => account.focus());
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBe(document.activeElement);
    await user.keyboard('{Enter}');

    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByText(greeting)).toBeNull();
    expect(await screen.findByText('You are logged out.')).toBeTruthy();
  });
});
