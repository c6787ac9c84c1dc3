import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminAnnouncement } from '../../../../shared/announcements/announcements.schemas';
import { activate } from '../../../lib/i18n';
import { adminProfile, preloadPages, stubApi } from '../../../test/render-app';
import { renderWithProviders } from '../../../test/render-component';
import { setupUser } from '../../../test/user';
import { AnnouncementsAdminPage } from './announcements-admin-page';

// The first dialog loads lazily (Headless UI).
preloadPages(() => import('../../../components/ui/modal-dialog'));

const announcement: AdminAnnouncement = {
  id: 'a1',
  title: 'Fields closed Saturday',
  body: 'Wet fields.',
  bodyHtml: '<p>Wet fields.</p>',
  audience: 'coaches',
  severity: 'warning',
  pinned: true,
  publishAt: '2027-03-13T18:00:00-06:00',
  expiresAt: null,
  state: 'scheduled',
  createdAt: '2027-03-01T18:00:00-06:00',
  updatedAt: '2027-03-01T18:00:00-06:00',
};

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => activate('en', ['common', 'announcements']));
});

describe('/admin-announcements', () => {
  it('lists each announcement with its state, audience and times, and Edit / Delete name it', async () => {
    stubApi(adminProfile, { '/api/admin/announcements': { announcements: [announcement] } });
    renderWithProviders(<AnnouncementsAdminPage />);
    const card = await screen.findByRole('article', { name: 'Fields closed Saturday' });
    expect(within(card).getByText('Scheduled')).toBeTruthy();
    expect(within(card).getByText('Pinned')).toBeTruthy();
    expect(within(card).getByText('Coaches')).toBeTruthy();
    expect(within(card).getByText('Publishes')).toBeTruthy();
    expect(within(card).getByText('Never (until deleted)')).toBeTruthy();
    expect(within(card).getByRole('button', { name: /^Edit ?“Fields closed Saturday”$/ })).toBeTruthy();

    await setupUser().click(within(card).getByRole('button', { name: /^Delete ?“Fields closed Saturday”$/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this announcement?' });
    expect(confirm.textContent).toContain('Delete “Fields closed Saturday”? Nobody will see it any more, and this cannot be undone.');
  });

  it('says the same in Spanish', async () => {
    await act(() => activate('es', ['common', 'announcements']));
    stubApi(adminProfile, { '/api/admin/announcements': { announcements: [announcement] } });
    renderWithProviders(<AnnouncementsAdminPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Avisos' })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Fields closed Saturday' });
    expect(within(card).getByText('Programado')).toBeTruthy();
    expect(within(card).getByText('Entrenadores')).toBeTruthy();
    expect(within(card).getByText('Nunca (hasta que se borre)')).toBeTruthy();
    expect(within(card).getByRole('button', { name: /^Borrar ?«Fields closed Saturday»$/ })).toBeTruthy();

    await setupUser().click(screen.getByRole('button', { name: 'Nuevo aviso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo aviso' });
    expect(within(dialog).getByRole('option', { name: 'Entrenadores (y administradores)' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Vista previa' })).toBeTruthy();
  });
});
