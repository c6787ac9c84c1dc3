import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeCachedSession } from '../../features/auth/profile-cache';
import { adminProfile, memberProfile, renderApp, stubApi } from '../../test/render-app';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the shell (spec §2)', () => {
  it("shows 'Loading…' while the session loads, then Login and Signup for a visitor", async () => {
    stubApi(null);
    renderApp('/');
    expect(screen.getAllByText('Loading…').length).toBeGreaterThan(0);
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
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
  });
});
