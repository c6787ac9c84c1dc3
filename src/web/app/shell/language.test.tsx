import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../shared/users/users.schemas';
import { activate } from '../../lib/i18n';
import { bodyOf, json, memberProfile, preloadPages, renderApp, stubApi, type ApiHandler } from '../../test/render-app';
import { setupUser } from '../../test/user';
import { writeCachedSession } from '../session/profile-cache';

preloadPages(() => import('../pages/not-found-page'), () => import('../../features/users/components/profile-page'));
afterEach(async () => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
  await act(() => activate('en', ['common']));
  localStorage.clear();
});

/** PATCH /api/me answers with the profile as changed, as the server does. */
const saveProfile =
  (profile: Profile): ApiHandler =>
  (url, init) =>
    url === '/api/me' && init?.method === 'PATCH' ? json({ profile: { ...profile, ...(bodyOf(init) as Partial<Profile>) } }) : undefined;

const patches = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([input, init]) => input === '/api/me' && init?.method === 'PATCH').map(([, init]) => bodyOf(init));

const footerSwitch = () => within(screen.getByRole('contentinfo')).getByRole('group', { name: /Language|Idioma/ });

describe('the language switch in the footer (decision 038)', () => {
  it('shows each language in its own name, and draws the page in Spanish after choosing Español', async () => {
    const user = setupUser();
    const fetchMock = stubApi(null);
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Login' });
    const english = within(footerSwitch()).getByRole('button', { name: 'English' });
    expect(english.getAttribute('aria-pressed')).toBe('true');
    expect(within(footerSwitch()).getByRole('button', { name: 'Español' }).getAttribute('lang')).toBe('es');

    await user.click(within(footerSwitch()).getByRole('button', { name: 'Español' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeTruthy();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Principal' })).getByRole('link', { name: 'Reservar un campo' })).toBeTruthy();
    expect(within(footerSwitch()).getByRole('button', { name: 'Español' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(footerSwitch()).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('false');
    expect(document.documentElement.lang).toBe('es');
    // A visitor's choice is kept in this browser; nothing is sent to a profile.
    expect(localStorage.getItem('cgsl.locale')).toBe('es');
    expect(patches(fetchMock)).toEqual([]);

    await user.click(within(footerSwitch()).getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('saves a signed-in person’s choice to their profile, and says so in the new language', async () => {
    const user = setupUser();
    writeCachedSession({ profile: memberProfile, isAdmin: false });
    const fetchMock = stubApi(memberProfile, {}, saveProfile(memberProfile));
    renderApp('/no-such-page');
    await screen.findByRole('button', { name: 'Account' });

    await user.click(within(footerSwitch()).getByRole('button', { name: 'Español' }));

    expect(await screen.findByRole('button', { name: 'Cuenta' })).toBeTruthy();
    expect(await screen.findByText('Idioma guardado')).toBeTruthy();
    expect(patches(fetchMock)).toEqual([{ locale: 'es' }]);
    // The session now holds the choice (the cached copy too), so the next load stays in Spanish.
    await waitFor(() => expect(JSON.parse(localStorage.getItem('cgsl.profile') ?? '{}')).toMatchObject({ locale: 'es' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeTruthy();
  });

  it('says so when the choice cannot be saved, and keeps the new language on screen', async () => {
    const user = setupUser();
    stubApi(memberProfile, {}, (url, init) =>
      url === '/api/me' && init?.method === 'PATCH' ? json({ error: { code: 'UNAVAILABLE', message: 'La base de datos no responde.' } }, 503) : undefined,
    );
    renderApp('/no-such-page');
    await screen.findByRole('button', { name: 'Account' });
    await user.click(within(footerSwitch()).getByRole('button', { name: 'Español' }));
    expect(await screen.findByText('No se pudo guardar el idioma en tu perfil: La base de datos no responde.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cuenta' })).toBeTruthy();
  });
});

describe('the language saved on the profile', () => {
  it('switches the app to it when the session loads', async () => {
    const fetchMock = stubApi({ ...memberProfile, locale: 'es' });
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Cuenta' })).toBeTruthy();
    expect(within(footerSwitch()).getByRole('button', { name: 'Español' }).getAttribute('aria-pressed')).toBe('true');
    // Applying the saved choice saves nothing.
    expect(patches(fetchMock)).toEqual([]);
  });

  it('leaves the language alone when the profile names none, and when it names the one on screen', async () => {
    stubApi(memberProfile);
    renderApp('/no-such-page');
    await screen.findByRole('button', { name: 'Account' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('is the Profile page’s Language setting, which switches and saves at once', async () => {
    const user = setupUser();
    writeCachedSession({ profile: memberProfile, isAdmin: false });
    const fetchMock = stubApi(memberProfile, {}, (url, init) => {
      const saved = saveProfile(memberProfile)(url, init);
      if (saved) return saved;
      if (url === '/api/me/notifications') return json({ bookingChanges: true, reminders: true });
      if (url === '/api/auth/get-session') return json({ session: { id: 's1' }, user: { id: memberProfile.id, email: memberProfile.email, emailVerified: true } });
      return undefined;
    });
    renderApp('/profile');
    const language = await screen.findByRole('combobox', { name: 'Language' });
    expect(within(language).getByRole('option', { name: 'Español' })).toBeTruthy();

    await user.selectOptions(language, 'es');

    expect(await screen.findByRole('heading', { level: 1, name: 'Tu perfil' })).toBeTruthy();
    expect(await screen.findByText('Idioma guardado')).toBeTruthy();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Idioma' }).value).toBe('es');
    expect(patches(fetchMock)).toEqual([{ locale: 'es' }]);
  });
});
