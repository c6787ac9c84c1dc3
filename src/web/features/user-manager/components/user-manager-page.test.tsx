import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '../../../../shared/users/user-manager.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { activate } from '../../../lib/i18n';
import english from '../../../../shared/i18n/locales/en/user-manager.json';
import { adminProfile, bodyOf, json, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';

// The pages, and what their first dialog and first toast load lazily (Headless UI, react-hot-toast).
preloadPages(
  () => import('../../../app/guards/admin-guard'),
  () => import('./user-manager-page'),
  () => import('../../../components/ui/modal-dialog'),
  () => import('../../../app/shell/app-toaster'),
);

/** The People tab's section (named by its heading), to look inside rather than through the whole page. */
const peopleSection = () => screen.findByRole('region', { name: 'People' });
beforeEach(() => {
  localStorage.clear();
  writeCachedSession({ profile: adminProfile, isAdmin: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const person = (n: number, over: Partial<AdminUser> = {}): AdminUser => ({
  id: `p${n}`,
  email: `p${n}@example.org`,
  displayName: `Person ${n}`,
  role: 'member',
  teamId: null,
  teamName: null,
  disabled: false,
  createdAt: '2027-01-01T00:00:00.000Z',
  lastSignInAt: null,
  ...over,
});
const teams = { teams: [{ id: '3f1c1a2e-1111-4a2b-9c3d-000000000001', name: 'Blue Jays', division: '10U', active: true, coaches: [], bookingsThisSeason: 0, upcomingBookings: 0 }], season: null };

describe('/admin-user-manager, People', () => {
  it('pages with "Load more" by the cursor the server gave, and keeps the filters in the request', async () => {
    const requested: string[] = [];
    stubApi(adminProfile, { '/api/admin/teams': teams }, (url) => {
      if (!url.startsWith('/api/admin/users?')) return undefined;
      requested.push(url);
      const cursor = new URL(url, 'http://x').searchParams.get('cursor');
      return cursor === 'next-1'
        ? json({ users: [person(3)], nextCursor: null, total: 3 })
        : json({ users: [person(1), person(2)], nextCursor: 'next-1', total: 3 });
    });
    renderApp('/admin-user-manager?role=member');
    const people = await peopleSection();
    expect(await within(people).findByRole('article', { name: 'Person 2' })).toBeTruthy();
    expect(await within(people).findByText('Showing 2 of 3 people')).toBeTruthy();

    const user = setupUser();
    await user.click(within(people).getByRole('button', { name: 'Load more people' }));
    expect(await within(people).findByRole('article', { name: 'Person 3' })).toBeTruthy();
    expect(within(people).getByText('Showing 3 of 3 people')).toBeTruthy();
    expect(within(people).queryByRole('button', { name: 'Load more people' })).toBeNull();
    expect(requested).toEqual(['/api/admin/users?role=member&limit=25', '/api/admin/users?role=member&cursor=next-1&limit=25']);
  });

  it('asks before demoting an admin, and changes nothing on Cancel; a promotion needs no question', async () => {
    const patches: unknown[] = [];
    const admin = person(1, { role: 'admin', displayName: 'Ada Two' });
    stubApi(adminProfile, { '/api/admin/teams': teams }, (url, init) => {
      if (url.startsWith('/api/admin/users?')) return json({ users: [admin, person(2)], nextCursor: null, total: 2 });
      if (url.startsWith('/api/admin/users/') && init?.method === 'PATCH') {
        patches.push([url, bodyOf(init)]);
        return json({ user: { ...person(2), role: 'coach' } });
      }
      return undefined;
    });
    renderApp('/admin-user-manager');
    const row = await screen.findByRole('article', { name: 'Ada Two' });
    const user = setupUser();
    await user.selectOptions(within(row).getByLabelText(/^Role/), 'member');
    const ask = await screen.findByRole('alertdialog', { name: 'Make Ada Two a member?' });
    expect(ask.textContent).toContain('They lose the admin pages at once and are signed out on every device.');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(within(row).getByLabelText<HTMLSelectElement>(/^Role/).value).toBe('admin');
    expect(patches).toEqual([]);

    await user.selectOptions(within(await screen.findByRole('article', { name: 'Person 2' })).getByLabelText(/^Role/), 'coach');
    expect(await screen.findByText('Person 2 is now a coach. They are signed out and sign in again to use it.')).toBeTruthy();
    expect(patches).toEqual([['/api/admin/users/p2', { role: 'coach' }]]);
    expect(within(screen.getByRole('article', { name: 'Person 2' })).getByLabelText<HTMLSelectElement>(/^Role/).value).toBe('coach');
  });

  it('says what to do when no one matches the filters', async () => {
    stubApi(adminProfile, { '/api/admin/teams': teams }, (url) => (url.startsWith('/api/admin/users?') ? json({ users: [], nextCursor: null, total: 0 }) : undefined));
    renderApp('/admin-user-manager?q=zzz');
    expect(await screen.findByRole('heading', { name: 'No one matches' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Clear filters' }).length).toBeGreaterThan(0);
  });
});

describe('/admin-user-manager in Spanish', () => {
  /** The page's words and the shell's and admin layout's around it, loaded before the first render. */
  const SPANISH = ['common', 'pwa', 'admin', 'user-manager'] as const;
  afterEach(async () => {
    await act(() => activate('en', SPANISH));
  });

  it('writes the People tab, its rows and its question in Spanish, with no English of its own left', async () => {
    await act(() => activate('es', SPANISH));
    const admin = person(1, { role: 'admin', displayName: 'Ada Two', signInMethods: ['password'] });
    stubApi(adminProfile, { '/api/admin/teams': teams }, (url) => (url.startsWith('/api/admin/users?') ? json({ users: [admin, person(2)], nextCursor: null, total: 2 }) : undefined));
    renderApp('/admin-user-manager');
    expect(await screen.findByRole('heading', { level: 1, name: 'Usuarios y equipos' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Personas' })).toBeTruthy();
    const row = await screen.findByRole('article', { name: 'Ada Two' });
    expect(await screen.findByText('Mostrando 2 de 2 personas')).toBeTruthy();
    expect(within(row).getByText('Inicia sesión con una contraseña')).toBeTruthy();
    expect(within(row).getByText('Nunca ha iniciado sesión')).toBeTruthy();
    expect(within(row).getByRole('button', { name: /^Desactivar ?a Ada Two$/ })).toBeTruthy();
    expect(within(row).getByRole('option', { name: 'Entrenador/a' })).toBeTruthy();

    const user = setupUser();
    await user.selectOptions(within(row).getByLabelText('Rol de Ada Two'), 'member');
    const ask = await screen.findByRole('alertdialog', { name: '¿Hacer a Ada Two miembro?' });
    expect(ask.textContent).toContain('Pierde el acceso a las páginas de administración de inmediato');
    expect(within(ask).getByRole('button', { name: 'Hacer miembro' })).toBeTruthy();

    // No message of the page's own English is on the screen (the same check the browser journey makes).
    const page = document.body.textContent ?? '';
    const left = Object.values(english).filter((m) => !m.includes('{') && !m.includes('<') && m.length > 12 && page.includes(m));
    expect(left).toEqual([]);
  });
});
