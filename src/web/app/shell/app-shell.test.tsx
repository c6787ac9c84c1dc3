import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminProfile, json, leagueSettings, memberProfile, preloadPages, renderApp, stubApi } from '../../test/render-app';
import { setupUser } from '../../test/user';
import { writeCachedSession } from '../session/profile-cache';

preloadPages(() => import('../guards/admin-guard'), () => import('../../features/admin/components/admin-home-page'), () => import('../../features/practice-requests/components/practice-request-queue'), () => import('../../features/contact/components/contact-inbox'), () => import('../../features/league/components/league-settings-card'), () => import('../../features/diag/components/diag-page'), () => import('../pages/not-found-page'));
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the shell (spec §2)', () => {
  it("shows 'Loading…' while the session loads, then Login and Signup for a visitor", async () => {
    stubApi(null);
    renderApp('/');
    // The top bar's own auth placeholder, not the page area's lazy-loading fallback.
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('status').textContent).toBe('Loading…');
    expect(await within(banner).findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(within(banner).queryByText('Loading…')).toBeNull();
    expect(screen.getByRole('link', { name: 'Signup' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Book a Field' }).getAttribute('href')).toBe('/slots');
    expect(within(nav).getByRole('link', { name: 'Calendar' }).getAttribute('href')).toBe('/public-calendar');
    expect(within(nav).getByRole('link', { name: 'Coach' }).getAttribute('href')).toBe('/coach-dashboard');
    expect(within(nav).queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} CGSL Softball League`))).toBeTruthy();
  });

  it('shows the Account button and no Admin link to a signed-in member', async () => {
    stubApi(memberProfile);
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Account' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows the profile photo in the Account dropdown when the profile has one', async () => {
    const user = setupUser();
    const photoURL = 'https://photos.example.org/pat.jpg';
    stubApi({ ...memberProfile, photoURL });
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(memberProfile.email)).toBeTruthy();
    const images = [...menu.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(images).toEqual([photoURL]);
  });

  it("shows the league's name from its settings in the footer and on the landing page, not the built-in default", async () => {
    stubApi(null, { '/api/league': { ...leagueSettings, name: 'Maple Valley Girls Softball' } });
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    await within(footer).findByText(`© ${new Date().getFullYear()} Maple Valley Girls Softball`);
    expect(within(footer).queryByText(/CGSL Softball League/)).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Maple Valley Girls Softball' })).toBeTruthy();
    await vi.waitFor(() => expect(document.title).toBe('Maple Valley Girls Softball · Practice Scheduler'));
    // The top bar keeps the product title (spec §2).
    expect(within(screen.getByRole('banner')).getByText('Practice Scheduler')).toBeTruthy();
  });

  it('falls back to the default league name in the footer when the league settings cannot be loaded', async () => {
    const fetchMock = stubApi(null, {}, (url) =>
      url === '/api/league' ? json({ error: { code: 'INTERNAL', message: 'Something went wrong on the server.' } }, 500) : undefined,
    );
    renderApp('/');
    await screen.findByRole('link', { name: 'Login' });
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([input]) => input === '/api/league')).toBe(true));
    expect(within(screen.getByRole('contentinfo')).getByText(`© ${new Date().getFullYear()} CGSL Softball League`)).toBeTruthy();
  });

  it('shows the Admin link to an admin', async () => {
    stubApi(adminProfile);
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect((await within(nav).findByRole('link', { name: 'Admin' })).getAttribute('href')).toBe('/admin');
  });

  it('renders at once from the cached profile, before the server answers', () => {
    writeCachedSession({ profile: adminProfile, isAdmin: true });
    stubApi(adminProfile);
    renderApp('/');
    expect(screen.getByRole('button', { name: 'Account' })).toBeTruthy();
    expect(screen.queryByText('Loading…', { selector: 'header *' })).toBeNull();
  });

  it("shows 'Something went wrong' and the error text when a page fails to render", async () => {
    stubApi(null);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/diag?throw=1');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Diagnostics test error')).toBeTruthy();
    // The shell survives around the failed page.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('shows the not-found page for an unknown path', async () => {
    stubApi(null);
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('the admin guard (spec §6)', () => {
  it('shows Not authorized to a visitor, with a way to log in', async () => {
    stubApi(null);
    renderApp('/admin-season-manager');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not authorized' })).toBeTruthy();
    expect(screen.getByText(/This page is for league admins/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?redirect=%2Fadmin-season-manager');
  });

  it('shows Not authorized to a signed-in member', async () => {
    stubApi(memberProfile);
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not authorized' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('lets an admin in, with the admin navigation', async () => {
    stubApi(adminProfile);
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'League admin' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Admin pages' })).toBeTruthy();
    expect(await screen.findByText('Spring 2027')).toBeTruthy();
    // The live-count tiles link to where the admin acts on them. They are the list under the "At a glance" heading:
    // their links are looked for there, not among every link of the page (navigation, tools).
    const tiles = within(screen.getByRole('heading', { level: 2, name: 'At a glance' }).nextElementSibling as HTMLElement);
    const today = tiles.getByRole('link', { name: /Today's bookings\s*4/ });
    expect(today.getAttribute('href')).toBe('/admin-manage-bookings');
    expect(tiles.getByRole('link', { name: /Open slots this week\s*37/ }).getAttribute('href')).toBe('/admin-slots');
    // What waits for an admin: the inboxes further down this page, and the fields closed today.
    expect(tiles.getByRole('link', { name: /Pending practice requests\s*1/ }).getAttribute('href')).toBe('#practice-requests');
    expect(tiles.getByRole('link', { name: /New messages\s*2/ }).getAttribute('href')).toBe('#contact-inbox');
    expect(tiles.getByRole('link', { name: /Fields blocked today\s*0/ }).getAttribute('href')).toBe('/admin-block-slot');
  });
});
